#include "pipe-pingpong/settings.hpp"

#include "common/pulse_status.hpp"

namespace mmtp::pipepingpong {

const OptionTable& optionTable() {
    static const OptionTable table({
        integerOption("loops", 'l', "PIPE_PINGPONG_LOOPS", "1000000", 1, 2000000000,
                      "round trips per iteration, as perf's -l/--loop"),
        integerOption("iterations", 'i', "PIPE_PINGPONG_ITERATIONS", "5", 1, 1000000,
                      "measured runs; each writes benchlog-_-_-N"),
        yesNoOption("threaded", 'T', "PIPE_PINGPONG_THREADED", "no", "two threads instead of two processes"),
        // mode and binding keep their aliases (child, unbound, same-cpu): parsed by plan.cpp.
        textOption("mode", 'm', "PIPE_PINGPONG_MODE", "baseline",
                   "who disables indirect-branch speculation: baseline, d (the child, as the RFC), "
                   "parent or both"),
        textOption("binding", 'b', "PIPE_PINGPONG_BINDING", "none",
                   "none (unpinned), pinned (both on one CPU), cross-ht, cross-socket"),
        integerOption("cpu", 0, "PIPE_PINGPONG_CPU", nullptr, 0, 1000000,
                      "base CPU for --binding (default: the first online one)"),
        textOption("cpus", 0, "PIPE_PINGPONG_CPUS", nullptr,
                   "explicit CPUs 'A' (both) or 'A,B' (parent on A, child on B); overrides --binding"),
        afterPulseOption("PIPE_PINGPONG_AFTER_IBPB_PULSE"),
        logdirOption("where benchlog-_-_-N go"),
    });
    return table;
}

Settings settingsFrom(const OptionValues& v) {
    Settings s;
    s.loops = v.number<long>("loops");
    s.iterations = v.number<int>("iterations");
    s.threaded = v.yes("threaded");
    s.mode = parseMode(v.text("mode"));
    s.binding = v.text("binding");
    if (v.has("cpus")) s.cpus = v.text("cpus");
    if (v.has("cpu")) s.baseCpu = v.number<int>("cpu");
    s.afterPulse = afterPulseMode(v);
    s.logdir = v.required("logdir");
    return s;
}

}  // namespace mmtp::pipepingpong
