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

// --max-threads' check, as the row of each program that has the pair.
template <class C>
void checkThreads(const C& c) {
    if (c.maxThreads < c.minThreads)
        throw UsageError("--max-threads (" + std::to_string(c.maxThreads) + ") is smaller than --min-threads (" +
                         std::to_string(c.minThreads) + ")");
}

// --workloads: a list of known testcases.
std::vector<std::string> wisCases(const std::string& text) {
    std::vector<std::string> cases = listOf(text);
    if (cases.empty()) throw UsageError("--workloads: no testcase given");
    for (const std::string& w : cases)
        if (!findWisCase(w))
            throw UsageError("--workloads: unknown testcase '" + w + "' (known: " + wisCaseNames() + ")");
    return cases;
}

// --models: one or both.
std::vector<Model> modelsOf(const std::string& text) {
    std::vector<Model> models;
    for (const std::string& m : listOf(text)) models.push_back(parseModel(m));
    if (models.empty()) throw UsageError("--models: no model given");
    return models;
}

// Each table's rows fill their fields of the program's config (common/settings_table.hpp).
const SettingsTable<WisConfig>& wisTable() {
    using C = WisConfig;
    static const SettingsTable<C> rows({
        bind(textOption("workloads", 'w', "SYSCALL_SCALE_WORKLOADS", "futex4,pread1,pwrite1,poll1",
                        "will-it-scale testcases, comma-separated, from: futex1-4, pread1-3, pwrite1-3, poll1-2, "
                        "getppid1, lseek1-2, signal1, sched_yield"),
             &C::workloads, wisCases),
        bind(textOption("models", 0, "SYSCALL_SCALE_MODELS", "processes",
                        "processes, threads or both (comma-separated)"),
             &C::models, modelsOf),
        bind(integerOption("min-threads", 0, "SYSCALL_SCALE_MIN_THREADS", "1", 1, 2048, "fewest tasks"),
             &C::minThreads),
        bind(integerOption("max-threads", 0, "SYSCALL_SCALE_MAX_THREADS", "1", 1, 2048,
                           "most tasks; power-of-two sweep"),
             &C::maxThreads)
            .check(checkThreads<C>),
        bind(integerOption("iterations", 's', "SYSCALL_SCALE_ITERATIONS", "5", 1, 86400,
                           "measured seconds per testcase and task count (will-it-scale -s)"),
             &C::seconds),
        bind(integerOption("warmup", 0, "SYSCALL_SCALE_WARMUP", "6", 0, 3600,
                           "seconds before them, not recorded (will-it-scale: 6)"),
             &C::warmup),
        bind(choiceOption("affinity", 0, "SYSCALL_SCALE_AFFINITY", "cores", "cores|smt|none",
                          "task i on core i (will-it-scale's default), on hardware thread i (-m), or anywhere (-n)"),
             &C::affinity, parseAffinity),
        bind(textOption("testdir", 0, "SYSCALL_SCALE_TESTDIR", nullptr,
                        "where the testcases' files go (default $TMPDIR or /tmp)"),
             &C::testdir),
        afterPulseRow("SYSCALL_SCALE_AFTER_IBPB_PULSE", &C::afterPulse),
        logdirRow("result directory", &C::logdir),
    });
    return rows;
}

const SettingsTable<NullConfig>& nullTable() {
    using C = NullConfig;
    static const SettingsTable<C> rows({
        bind(integerOption("min-threads", 0, "SYSCALL_NULL_MIN_THREADS", "1", 1, 4096, "fewest instances"),
             &C::minThreads),
        bind(integerOption("max-threads", 0, "SYSCALL_NULL_MAX_THREADS", "1", 1, 4096,
                           "most instances; power-of-two sweep"),
             &C::maxThreads)
            .check(checkThreads<C>),
        bind(
            integerOption("runtime", 't', "SYSCALL_NULL_RUNTIME", "10", 1, 86400 * 7, "seconds per run (stress-ng -t)"),
            &C::runtimeSec),
        bind(integerOption("iterations", 0, "SYSCALL_NULL_ITERATIONS", "3", 1, 100000, "runs per instance count"),
             &C::iterations),
        afterPulseRow("SYSCALL_NULL_AFTER_IBPB_PULSE", &C::afterPulse),
        logdirRow("result directory", &C::logdir),
    });
    return rows;
}

const SettingsTable<FsbufferConfig>& fsbufferTable() {
    using C = FsbufferConfig;
    static const SettingsTable<C> rows({
        bind(integerOption("runtime", 't', "SYSCALL_FSBUFFER_RUNTIME", "10", 1, 3600,
                           "seconds of the copy pass (fstime -t; unixbench runs 30)"),
             &C::runtimeSec),
        bind(integerOption("iterations", 0, "SYSCALL_FSBUFFER_ITERATIONS", "3", 1, 100000, "runs"), &C::iterations),
        bind(integerOption("bufsize", 'b', "SYSCALL_FSBUFFER_BUFSIZE", "256", 256, 8192,
                           "bytes per read and write (fstime -b)"),
             &C::bufsize),
        bind(integerOption("max-blocks", 'm', "SYSCALL_FSBUFFER_MAX_BLOCKS", "500", 1, 1024 * 1024,
                           "file size in KiB (fstime -m)"),
             &C::maxBlocks),
        bind(yesNoOption("settle", 0, "SYSCALL_FSBUFFER_SETTLE", "yes",
                         "fstime's sync() and 2 s sleeps before each pass (no: sync only)"),
             &C::settle),
        bind(textOption("testdir", 0, "SYSCALL_FSBUFFER_TESTDIR", nullptr,
                        "where the two files go (default $TMPDIR or /tmp)"),
             &C::testdir),
        afterPulseRow("SYSCALL_FSBUFFER_AFTER_IBPB_PULSE", &C::afterPulse),
        logdirRow("result directory", &C::logdir),
    });
    return rows;
}

}  // namespace

const OptionTable& wisOptions() { return wisTable().options(); }
WisConfig wisConfigFrom(const OptionValues& v) { return wisTable().settings(v); }
const OptionTable& nullOptions() { return nullTable().options(); }
NullConfig nullConfigFrom(const OptionValues& v) { return nullTable().settings(v); }
const OptionTable& fsbufferOptions() { return fsbufferTable().options(); }
FsbufferConfig fsbufferConfigFrom(const OptionValues& v) { return fsbufferTable().settings(v); }

std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads) {
    std::vector<unsigned> v;
    for (unsigned n = minThreads; n <= maxThreads; n *= 2) v.push_back(n);
    if (v.empty() || v.back() != maxThreads) v.push_back(maxThreads);
    return v;
}

}  // namespace mmtp::syscallscale
