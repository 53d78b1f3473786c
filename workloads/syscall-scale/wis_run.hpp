// wis_run.hpp - will-it-scale's main loop over the testcases, models and
// task counts: start the tasks, then once a second print
// "min:A max:B total:C" (the per-task operations of that second), the
// warm-up seconds first, then the measured ones and their average.
// Files, per testcase CASE, model MODEL and task count N, in --logdir:
//   benchlog-CASE_MODEL-N   what MMTests' wis shellpack keeps of
//                           will-it-scale's output (it deletes the first 8
//                           lines: testcase, warmup and 6 warm-up seconds):
//                           "measurement", one total: line per measured
//                           second, "average:X";
//   syscall-scale-CASE_MODEL-N.extra   "key value" lines: the testcase, its
//                           placement, ops/s and ns per operation per task,
//                           and the parent's own CPU time while it sampled.
// will-it-scale's whole output goes to stdout.
#pragma once
#include "syscall-scale/settings.hpp"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace mmtp::syscallscale {

struct WisSample {
    std::uint64_t min = 0, max = 0, total = 0;
};

// "min:%llu max:%llu total:%llu"
std::string sampleLine(const WisSample& s);
// The benchlog text for the measured samples.
std::string benchlogText(const std::vector<WisSample>& measured);
// "benchlog-futex4_processes-2"
std::string benchlogName(const std::string& testcase, Model m, unsigned tasks);
std::string extraName(const std::string& testcase, Model m, unsigned tasks);

void runWis(const WisConfig& c, std::ostream& out);

}  // namespace mmtp::syscallscale
