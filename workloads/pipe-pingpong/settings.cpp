#include "pipe-pingpong/settings.hpp"

#include "common/pulse_status.hpp"

namespace mmtp::pipepingpong {

namespace {

// Each row fills its field of Settings (common/settings_table.hpp).
const SettingsTable<Settings>& table() {
    static const SettingsTable<Settings> rows({
        bind(integerOption("loops", 'l', "PIPE_PINGPONG_LOOPS", "1000000", 1, 2000000000,
                           "round trips per iteration, as perf's -l/--loop"),
             &Settings::loops),
        bind(integerOption("iterations", 'i', "PIPE_PINGPONG_ITERATIONS", "5", 1, 1000000,
                           "measured runs; each writes benchlog-_-_-N"),
             &Settings::iterations),
        bind(yesNoOption("threaded", 'T', "PIPE_PINGPONG_THREADED", "no", "two threads instead of two processes"),
             &Settings::threaded),
        // mode and binding keep their aliases (child, unbound, same-cpu): parsed by plan.cpp.
        bind(textOption("mode", 'm', "PIPE_PINGPONG_MODE", "baseline",
                        "who disables indirect-branch speculation: baseline, d (the child, as the RFC), "
                        "parent or both"),
             &Settings::mode, parseMode),
        bind(textOption("binding", 'b', "PIPE_PINGPONG_BINDING", "none",
                        "none (unpinned), pinned (both on one CPU), cross-ht, cross-socket"),
             &Settings::binding),
        bind(integerOption("cpu", 0, "PIPE_PINGPONG_CPU", nullptr, 0, 1000000,
                           "base CPU for --binding (default: the first online one)"),
             &Settings::baseCpu),
        bind(textOption("cpus", 0, "PIPE_PINGPONG_CPUS", nullptr,
                        "explicit CPUs 'A' (both) or 'A,B' (parent on A, child on B); overrides --binding"),
             &Settings::cpus),
        afterPulseRow("PIPE_PINGPONG_AFTER_IBPB_PULSE", &Settings::afterPulse),
        logdirRow("where benchlog-_-_-N go", &Settings::logdir),
    });
    return rows;
}

}  // namespace

const OptionTable& optionTable() { return table().options(); }

Settings settingsFrom(const OptionValues& v) { return table().settings(v); }

}  // namespace mmtp::pipepingpong
