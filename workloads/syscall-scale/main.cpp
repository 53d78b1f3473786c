// syscall-scale, syscall-null, syscall-fsbuffer: seed 002's syscall
// hardening workloads, one binary under three names (the Makefile links the
// other two to it; run-config and the shellpacks run a benchmark by its
// name). The name it is run by picks the tool it stands in for:
//   syscall-scale     will-it-scale's testcases (wis_run.hpp)
//   syscall-null      stress-ng --null (null_run.hpp)
//   syscall-fsbuffer  unixbench's fsbuffer (fsbuffer_run.hpp)
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/pulse_status.hpp"
#include "common/workload_main.hpp"
#include "syscall-scale/duration.hpp"
#include "syscall-scale/fsbuffer_run.hpp"
#include "syscall-scale/null_run.hpp"
#include "syscall-scale/settings.hpp"
#include "syscall-scale/wis_run.hpp"

#include <cstring>
#include <iostream>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::syscallscale;

namespace {

void requireDir(const std::filesystem::path& dir, const char* option) {
    if (!dir.empty()) requireWritableDir(dir, option);
}

int wisMain(int argc, char** argv) {
    const Workload<WisConfig> w{
        "syscall-scale",
        "will-it-scale's testcases: 1..N tasks (processes or threads, placed one per core)\n"
        "each calling one system call in a loop; one min:/max:/total: line a second, the\n"
        "warm-up seconds dropped. Writes benchlog-CASE_MODEL-N as MMTests' wis shellpack\n"
        "keeps it, and syscall-scale-CASE_MODEL-N.extra (ns per operation, placement).",
        wisOptions(),
        wisConfigFrom,
        [](WisConfig& c) {
            requireWritableDir(c.logdir, "--logdir");
            requireDir(c.testdir, "--testdir");
            requirePulseBefore(c.afterPulse, c.logdir);
        },
        [](const WisConfig& c) {
            runWis(c, std::cout);
            return int(kExitOk);
        },
        ExitMeanings{},
        wisSeconds,
    };
    return workloadMain(w, argc, argv);
}

int nullMain(int argc, char** argv) {
    const Workload<NullConfig> w{
        "syscall-null",
        "stress-ng --null N: N processes writing 4 KiB to /dev/null (plus the stressor's\n"
        "lseek, fallocate, fdatasync, fcntl, ioctl and mmap calls), one bogo-op a loop.\n"
        "Writes stressng-N-ITER.log (--metrics-brief) and syscall-null-N-ITER.extra.",
        nullOptions(),
        nullConfigFrom,
        [](NullConfig& c) {
            if (::access("/dev/null", W_OK) != 0) throw UnsupportedError(errnoMessage("/dev/null is not writable"));
            requireWritableDir(c.logdir, "--logdir");
            requirePulseBefore(c.afterPulse, c.logdir);
        },
        [](const NullConfig& c) {
            runNull(c, std::cout);
            return int(kExitOk);
        },
        ExitMeanings{.unsupported = "no /dev/null"},
        nullSeconds,
    };
    return workloadMain(w, argc, argv);
}

int fsbufferMain(int argc, char** argv) {
    const Workload<FsbufferConfig> w{
        "syscall-fsbuffer",
        "unixbench's fsbuffer (fstime -c -b 256 -m 500): copy a 500 KiB file 256 bytes\n"
        "at a time, after 2 s write and read passes. Appends fstime's output to\n"
        "unixbenchd.log (as MMTests' unixbenchd shellpack) and writes\n"
        "syscall-fsbuffer-ITER.extra.",
        fsbufferOptions(),
        fsbufferConfigFrom,
        [](FsbufferConfig& c) {
            requireWritableDir(c.logdir, "--logdir");
            requireDir(c.testdir, "--testdir");
            requirePulseBefore(c.afterPulse, c.logdir);
        },
        [](const FsbufferConfig& c) {
            runFsbuffer(c, std::cout);
            return int(kExitOk);
        },
        ExitMeanings{},
        fsbufferSeconds,
    };
    return workloadMain(w, argc, argv);
}

}  // namespace

int main(int argc, char** argv) {
    const char* slash = std::strrchr(argv[0], '/');
    const std::string name = slash ? slash + 1 : argv[0];
    if (name == "syscall-null") return nullMain(argc, argv);
    if (name == "syscall-fsbuffer") return fsbufferMain(argc, argv);
    return wisMain(argc, argv);
}
