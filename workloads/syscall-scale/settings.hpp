// settings.hpp - the three programs' options, one row each bound to the
// field of the program's config it fills, with its checks
// (common/settings_table), and the MMTests config variable of the same
// meaning as fallback:
//   syscall-scale     will-it-scale          SYSCALL_SCALE_*
//   syscall-null      stress-ng --null       SYSCALL_NULL_*
//   syscall-fsbuffer  unixbench fsbuffer     SYSCALL_FSBUFFER_*
#pragma once
#include "common/option_table.hpp"
#include "common/settings_table.hpp"
#include "syscall-scale/placement.hpp"
#include "syscall-scale/task_group.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::syscallscale {

struct WisConfig {
    std::vector<std::string> workloads;  // testcase names, in the order given
    std::vector<Model> models;
    unsigned minThreads = 1, maxThreads = 1;
    unsigned seconds = 5;                // measured seconds (-s): one sample each
    unsigned warmup = 6;                 // seconds before them, dropped
    Affinity affinity = Affinity::Cores;
    std::filesystem::path testdir;       // parent of the run's temp dir ("" = $TMPDIR or /tmp)
    std::string afterPulse;
    std::filesystem::path logdir;
};

struct NullConfig {
    unsigned minThreads = 1, maxThreads = 1;
    unsigned runtimeSec = 10;
    unsigned iterations = 3;
    std::string afterPulse;
    std::filesystem::path logdir;
};

struct FsbufferConfig {
    unsigned runtimeSec = 10;            // fstime -t (the copy pass)
    unsigned iterations = 3;
    unsigned bufsize = 256;              // -b
    unsigned maxBlocks = 500;            // -m (KiB per file)
    bool settle = true;                  // fstime's sync(); sleep() before each pass
    std::filesystem::path testdir;
    std::string afterPulse;
    std::filesystem::path logdir;
};

const OptionTable& wisOptions();
WisConfig wisConfigFrom(const OptionValues& v);
const OptionTable& nullOptions();
NullConfig nullConfigFrom(const OptionValues& v);
const OptionTable& fsbufferOptions();
FsbufferConfig fsbufferConfigFrom(const OptionValues& v);

// MMTests' threads_powertwo sweep: min, 2*min, 4*min ... <= max, then max.
std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads);

}  // namespace mmtp::syscallscale
