#include "syscall-scale/settings.hpp"

#include "base/errors.hpp"
#include "common/pulse_status.hpp"
#include "syscall-scale/wis_cases.hpp"

namespace mmtp::syscallscale {
namespace {

// "a,b c" -> {a, b, c}
std::vector<std::string> listOf(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text + ",") {
        if (c == ',' || c == ' ' || c == '\t') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    return out;
}

void threadBounds(const OptionValues& v, unsigned& lo, unsigned& hi) {
    lo = v.number<unsigned>("min-threads");
    hi = v.number<unsigned>("max-threads");
    if (hi < lo)
        throw UsageError("--max-threads (" + std::to_string(hi) + ") is smaller than --min-threads (" +
                         std::to_string(lo) + ")");
}

}  // namespace

const OptionTable& wisOptions() {
    static const OptionTable table({
        textOption("workloads", 'w', "SYSCALL_SCALE_WORKLOADS", "futex4,pread1,pwrite1,poll1",
                   "will-it-scale testcases, comma-separated, from: futex1-4, pread1-3, pwrite1-3, poll1-2, "
                   "getppid1, lseek1-2, signal1, sched_yield"),
        textOption("models", 0, "SYSCALL_SCALE_MODELS", "processes", "processes, threads or both (comma-separated)"),
        integerOption("min-threads", 0, "SYSCALL_SCALE_MIN_THREADS", "1", 1, 2048, "fewest tasks"),
        integerOption("max-threads", 0, "SYSCALL_SCALE_MAX_THREADS", "1", 1, 2048, "most tasks; power-of-two sweep"),
        integerOption("iterations", 's', "SYSCALL_SCALE_ITERATIONS", "5", 1, 86400,
                      "measured seconds per testcase and task count (will-it-scale -s)"),
        integerOption("warmup", 0, "SYSCALL_SCALE_WARMUP", "6", 0, 3600,
                      "seconds before them, not recorded (will-it-scale: 6)"),
        choiceOption("affinity", 0, "SYSCALL_SCALE_AFFINITY", "cores", "cores|smt|none",
                     "task i on core i (will-it-scale's default), on hardware thread i (-m), or anywhere (-n)"),
        textOption("testdir", 0, "SYSCALL_SCALE_TESTDIR", nullptr, "where the testcases' files go (default $TMPDIR or /tmp)"),
        afterPulseOption("SYSCALL_SCALE_AFTER_IBPB_PULSE"),
        logdirOption("result directory"),
    });
    return table;
}

WisConfig wisConfigFrom(const OptionValues& v) {
    WisConfig c;
    c.workloads = listOf(v.text("workloads"));
    if (c.workloads.empty()) throw UsageError("--workloads: no testcase given");
    for (const std::string& w : c.workloads)
        if (!findWisCase(w)) throw UsageError("--workloads: unknown testcase '" + w + "' (known: " + wisCaseNames() + ")");
    for (const std::string& m : listOf(v.text("models"))) c.models.push_back(parseModel(m));
    if (c.models.empty()) throw UsageError("--models: no model given");
    threadBounds(v, c.minThreads, c.maxThreads);
    c.seconds = v.number<unsigned>("iterations");
    c.warmup = v.number<unsigned>("warmup");
    c.affinity = parseAffinity(v.text("affinity"));
    if (v.has("testdir")) c.testdir = v.text("testdir");
    c.afterPulse = afterPulseMode(v);
    c.logdir = v.required("logdir");
    return c;
}

const OptionTable& nullOptions() {
    static const OptionTable table({
        integerOption("min-threads", 0, "SYSCALL_NULL_MIN_THREADS", "1", 1, 4096, "fewest instances"),
        integerOption("max-threads", 0, "SYSCALL_NULL_MAX_THREADS", "1", 1, 4096, "most instances; power-of-two sweep"),
        integerOption("runtime", 't', "SYSCALL_NULL_RUNTIME", "10", 1, 86400 * 7, "seconds per run (stress-ng -t)"),
        integerOption("iterations", 0, "SYSCALL_NULL_ITERATIONS", "3", 1, 100000, "runs per instance count"),
        afterPulseOption("SYSCALL_NULL_AFTER_IBPB_PULSE"),
        logdirOption("result directory"),
    });
    return table;
}

NullConfig nullConfigFrom(const OptionValues& v) {
    NullConfig c;
    threadBounds(v, c.minThreads, c.maxThreads);
    c.runtimeSec = v.number<unsigned>("runtime");
    c.iterations = v.number<unsigned>("iterations");
    c.afterPulse = afterPulseMode(v);
    c.logdir = v.required("logdir");
    return c;
}

const OptionTable& fsbufferOptions() {
    static const OptionTable table({
        integerOption("runtime", 't', "SYSCALL_FSBUFFER_RUNTIME", "10", 1, 3600,
                      "seconds of the copy pass (fstime -t; unixbench runs 30)"),
        integerOption("iterations", 0, "SYSCALL_FSBUFFER_ITERATIONS", "3", 1, 100000, "runs"),
        integerOption("bufsize", 'b', "SYSCALL_FSBUFFER_BUFSIZE", "256", 256, 8192, "bytes per read and write (fstime -b)"),
        integerOption("max-blocks", 'm', "SYSCALL_FSBUFFER_MAX_BLOCKS", "500", 1, 1024 * 1024,
                      "file size in KiB (fstime -m)"),
        yesNoOption("settle", 0, "SYSCALL_FSBUFFER_SETTLE", "yes",
                    "fstime's sync() and 2 s sleeps before each pass (no: sync only)"),
        textOption("testdir", 0, "SYSCALL_FSBUFFER_TESTDIR", nullptr, "where the two files go (default $TMPDIR or /tmp)"),
        afterPulseOption("SYSCALL_FSBUFFER_AFTER_IBPB_PULSE"),
        logdirOption("result directory"),
    });
    return table;
}

FsbufferConfig fsbufferConfigFrom(const OptionValues& v) {
    FsbufferConfig c;
    c.runtimeSec = v.number<unsigned>("runtime");
    c.iterations = v.number<unsigned>("iterations");
    c.bufsize = v.number<unsigned>("bufsize");
    c.maxBlocks = v.number<unsigned>("max-blocks");
    c.settle = v.yes("settle");
    if (v.has("testdir")) c.testdir = v.text("testdir");
    c.afterPulse = afterPulseMode(v);
    c.logdir = v.required("logdir");
    return c;
}

std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads) {
    std::vector<unsigned> v;
    for (unsigned n = minThreads; n <= maxThreads; n *= 2) v.push_back(n);
    if (v.empty() || v.back() != maxThreads) v.push_back(maxThreads);
    return v;
}

}  // namespace mmtp::syscallscale
