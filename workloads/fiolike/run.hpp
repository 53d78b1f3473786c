// run.hpp - the whole run: open/lay out the files, start numjobs threads
// together (job_runner.hpp), collect their fio-style statistics plus the
// process-wide CPU time of the measured window.
#pragma once
#include "fiolike/disk_util.hpp"
#include "fiolike/fio_stats.hpp"
#include "fiolike/settings.hpp"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mmtp::fiolike {

struct RunResult {
    std::vector<JobStats> jobs;
    JobStats group;  // fio's group_reporting sum
    std::optional<DiskUtil> disk;
    uint64_t processCpuUs = 0;  // RUSAGE_SELF usr+sys over the measured window
    uint64_t processUsrUs = 0, processSysUs = 0;
    std::vector<std::string> files;
};

// progress: where layout and ramp lines go (nullptr: nowhere).
RunResult runAll(const JobSpec& spec, std::ostream* progress = nullptr);

}  // namespace mmtp::fiolike
