// pipe-pingpong: perf bench sched pipe as an MMTests workload, with the RFC
// ib_spec_bench modes (a side disables indirect-branch speculation, so the
// kernel issues an IBPB when switching to or from it).
#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/clock_check.hpp"
#include "common/preflight.hpp"
#include "common/progress.hpp"
#include "common/pulse_status.hpp"
#include "common/signals.hpp"
#include "common/workload_main.hpp"
#include "pipe-pingpong/duration.hpp"
#include "pipe-pingpong/exchange.hpp"
#include "pipe-pingpong/report.hpp"
#include "pipe-pingpong/settings.hpp"

#include <filesystem>
#include <iostream>

using namespace mmtp;
using namespace mmtp::pipepingpong;

namespace {

ExchangeConfig exchangeConfig(const Settings& s) {
    ExchangeConfig cfg;
    cfg.loops = s.loops;
    cfg.threaded = s.threaded;
    cfg.mode = s.mode;
    cfg.placement = s.placement;
    return cfg;
}

// Everything that can refuse, before the first measurement.
void supported(Settings& s) {
    requireWritableDir(s.logdir, "--logdir");
    requirePulseBefore(s.afterPulse, s.logdir);
    CpuTopology topo;
    s.placement = resolvePlacement(topo, s.binding, s.cpus, s.baseCpu);
    preflight(exchangeConfig(s));
}

int run(const Settings& s) {
    const ExchangeConfig cfg = exchangeConfig(s);
    ReportContext ctx;
    ctx.mode = s.mode;
    ctx.threaded = s.threaded;
    ctx.binding = s.cpus.empty() ? s.binding : "cpus=" + s.cpus;
    ctx.placement = s.placement;
    Progress progress("pipe-pingpong", unsigned(s.iterations), std::cout);
    // Timed in ns, but the benchlog (perf bench's format) and so every rate read from it is in us.
    ClockCheck clock({"pipe-pingpong", "CLOCK_MONOTONIC, reported in us (perf bench's format)", 1000,
                      "PIPE_PINGPONG_LOOPS (--loops)", "PIPE_PINGPONG_ITERATIONS (--iterations)", s.iterations},
                     std::cerr);
    for (int it = 1; it <= s.iterations; ++it) {
        std::cout << "iteration " << it << "/" << s.iterations << std::endl;
        ExchangeResult r = runExchange(cfg);
        const std::string text = benchlog(ctx, r);
        writeFileAtomically(s.logdir / ("benchlog-_-_-" + std::to_string(it)), text);
        std::cout << text << std::flush;
        clock.span("iteration " + std::to_string(it), r.elapsedNs);
        clock.rate("usecs/op", double(elapsedWholeUsec(r)) / double(r.loops > 0 ? r.loops : 1));
        throwIfInterrupted();
        progress.iterationDone();
    }
    clock.finish(s.logdir);
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    const Workload<Settings> w{
        "pipe-pingpong",
        "Two tasks pass a 4-byte message over two pipes, perf bench sched pipe's way.",
        optionTable(),
        settingsFrom,
        supported,
        run,
        ExitMeanings{.unsupported = "unsupported here (e.g. no per-task\n"
                                    "indirect-branch control: boot with spectre_v2_user=prctl)"},
        estimatedSeconds,
    };
    return workloadMain(w, argc, argv);
}
