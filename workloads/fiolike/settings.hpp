// settings.hpp - fio-like jobs: the option table (fio names, MMTests fio
// config variables as fallbacks, one row each bound to the field it fills,
// common/settings_table), one parsed JobSpec per job and the JobPlan of a run.
#pragma once
#include "common/option_table.hpp"
#include "common/settings_table.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::fiolike {

enum class Pattern { Read, Write, RandRead, RandWrite, ReadWrite, RandRW };

struct JobSpec {
    std::string name;          // terse field 3
    Pattern pattern = Pattern::Read;
    std::string rwText = "read";
    unsigned rwmixread = 50;   // % reads for rw/randrw
    uint64_t bs = 4096;
    std::string bsText = "4k";
    uint64_t size = 0;         // bytes per job (file size and IO amount)
    uint64_t runtimeNs = 0;    // 0: until size is done (or forever if time_based)
    bool timeBased = false;
    uint64_t rampNs = 0;
    unsigned numjobs = 1;
    unsigned iodepth = 1;
    bool direct = false;
    bool randommap = true;     // fio default: every block once per pass
    uint64_t seed = 0x2fb8a21cd6e3f5b1ULL;
    std::string ioengine = "psync";
    std::string directory;     // empty: $SHELLPACK_DATA or a temp dir
    std::string filename;      // a file or block device shared by all jobs
    std::string logdir;
    std::string afterPulse;    // "", sham or protect: the ibpb-pulse step that must precede
    bool quiet = false;
    bool printName = false;    // --print-name: say the name, run nothing

    bool isRandom() const { return pattern == Pattern::RandRead || pattern == Pattern::RandWrite || pattern == Pattern::RandRW; }
    // Percentage of IOs that are reads.
    unsigned readPercent() const;
};

// "4k" -> 4096, "1G" -> 2^30 (fio's kb_base=1024; k m g t p, optionally
// with b or ib), plain numbers are bytes. Whole numbers only: a fraction,
// an exponent or a value over 2^64 throws UsageError naming the option.
uint64_t parseSize(const std::string& text, const std::string& option);
// "10" (seconds), "500ms", "2s", "1m", "1h".
uint64_t parseDurationNs(const std::string& text, const std::string& option);
Pattern parsePattern(const std::string& text);

// The jobs one command line asks for, in the order they run. --rw
// (FIO_IO_PATTERNS) and --iodepth (FIO_IODEPTH) take a space- or
// comma-separated list, as MMTests' fio shellpack loops over them: one job
// per pattern and depth, patterns outermost. The binary owns this loop (the
// shellpack calls it once), so run-config, a shellpack and a by-hand run
// expand a list the same way.
struct JobPlan {
    std::vector<JobSpec> jobs;
};

// "randread, randwrite" -> {"randread", "randwrite"}; throws UsageError
// naming the option when the list is empty.
std::vector<std::string> splitList(const std::string& text, const std::string& option);

const OptionTable& optionTable();
// Validates and converts; throws UsageError naming the option.
JobPlan jobPlanFrom(const OptionValues& v);

}  // namespace mmtp::fiolike
