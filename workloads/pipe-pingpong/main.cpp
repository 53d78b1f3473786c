// pipe-pingpong: perf bench sched pipe as an MMTests workload, with the RFC
// ib_spec_bench modes (a side disables indirect-branch speculation, so the
// kernel issues an IBPB when switching to or from it).
#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/options.hpp"
#include "common/pulse_status.hpp"
#include "common/signals.hpp"
#include "pipe-pingpong/exchange.hpp"
#include "pipe-pingpong/report.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace po = boost::program_options;
using namespace mmtp;
using namespace mmtp::pipepingpong;

namespace {

constexpr const char* kProg = "pipe-pingpong";

int run(int argc, char** argv) {
    po::options_description desc("options (environment fallback in brackets)");
    desc.add_options()
        ("help,h", "this help")
        ("loops,l", po::value<long>()->default_value(1000000),
         "round trips per iteration, as perf's -l/--loop [PIPE_PINGPONG_LOOPS]")
        ("iterations,i", po::value<int>()->default_value(5),
         "measured runs; each writes benchlog-_-_-N [PIPE_PINGPONG_ITERATIONS]")
        ("threaded,T", po::value<bool>()->implicit_value(true)->default_value(false),
         "two threads instead of two processes (yes/no) [PIPE_PINGPONG_THREADED]")
        ("mode,m", po::value<std::string>()->default_value("baseline"),
         "who disables indirect-branch speculation: baseline, d (the child, as the RFC), "
         "parent or both [PIPE_PINGPONG_MODE]")
        ("binding,b", po::value<std::string>()->default_value(""),
         "none (unpinned), pinned (both on one CPU), cross-ht, cross-socket [PIPE_PINGPONG_BINDING]")
        ("cpu", po::value<int>(), "base CPU for --binding (default: first online) [PIPE_PINGPONG_CPU]")
        ("cpus", po::value<std::string>()->default_value(""),
         "explicit CPUs 'A' (both) or 'A,B' (parent on A, child on B); overrides --binding "
         "[PIPE_PINGPONG_CPUS]")
        ("after-ibpb-pulse", po::value<std::string>()->default_value(""),
         "sham|protect: refuse to run unless the ibpb-pulse benchmark just before this one "
         "(LOGDIR/../../ibpb-pulse/logs/ibpb-pulse.status) succeeded in that mode "
         "[PIPE_PINGPONG_AFTER_IBPB_PULSE]")
        ("logdir", po::value<std::string>(), "where benchlog-_-_-N go [LOGDIR_RESULTS]");

    ParsedOptions opts = parseOptions(argc, argv, desc,
                                      {{"loops", "PIPE_PINGPONG_LOOPS"},
                                       {"iterations", "PIPE_PINGPONG_ITERATIONS"},
                                       {"threaded", "PIPE_PINGPONG_THREADED"},
                                       {"mode", "PIPE_PINGPONG_MODE"},
                                       {"binding", "PIPE_PINGPONG_BINDING"},
                                       {"cpu", "PIPE_PINGPONG_CPU"},
                                       {"cpus", "PIPE_PINGPONG_CPUS"},
                                       {"after-ibpb-pulse", "PIPE_PINGPONG_AFTER_IBPB_PULSE"},
                                       {"logdir", "LOGDIR_RESULTS"}});
    if (opts.helpRequested) {
        printUsage(kProg,
                   "Two tasks pass a 4-byte message over two pipes, perf bench sched pipe's way.\n"
                   "Exit: 0 ok, 1 failure, 2 bad option, 3 unsupported here (e.g. no per-task\n"
                   "indirect-branch control: boot with spectre_v2_user=prctl), 130 interrupted.",
                   desc);
        return kExitOk;
    }
    const auto& vm = opts.vm;
    ExchangeConfig cfg;
    cfg.loops = vm["loops"].as<long>();
    if (cfg.loops <= 0 || cfg.loops > 2000000000L)
        throw UsageError("--loops: must be between 1 and 2000000000, got " + std::to_string(cfg.loops));
    const int iterations = vm["iterations"].as<int>();
    if (iterations <= 0) throw UsageError("--iterations: must be positive");
    cfg.threaded = vm["threaded"].as<bool>();
    cfg.mode = parseMode(vm["mode"].as<std::string>());
    ReportContext ctx;
    ctx.mode = cfg.mode;
    ctx.threaded = cfg.threaded;
    ctx.binding = vm["binding"].as<std::string>();
    if (!vm["cpus"].as<std::string>().empty()) ctx.binding = "cpus=" + vm["cpus"].as<std::string>();
    std::optional<int> baseCpu;
    if (vm.count("cpu")) baseCpu = vm["cpu"].as<int>();
    if (!vm.count("logdir"))
        throw UsageError("--logdir: not given and LOGDIR_RESULTS is not set");
    const std::filesystem::path logdir = vm["logdir"].as<std::string>();
    std::error_code ec;
    std::filesystem::create_directories(logdir, ec);
    if (!std::filesystem::is_directory(logdir))
        throw UsageError("--logdir: cannot create directory " + logdir.string());

    if (const std::string pulse = vm["after-ibpb-pulse"].as<std::string>(); !pulse.empty()) {
        if (pulse != "sham" && pulse != "protect")
            throw UsageError("--after-ibpb-pulse: expected sham or protect, got '" + pulse + "'");
        auto logs = std::filesystem::absolute(logdir).lexically_normal();
        if (!logs.has_filename()) logs = logs.parent_path();  // "…/logs/"
        const auto pulseLogs = logs.parent_path().parent_path() / "ibpb-pulse" / "logs";
        if (std::string why = checkPulseStatus(pulseLogs, pulse); !why.empty())
            throw Error("--after-ibpb-pulse " + pulse + ": refusing to measure: " + why);
    }

    CpuTopology topo;
    cfg.placement = resolvePlacement(topo, vm["binding"].as<std::string>(),
                                     vm["cpus"].as<std::string>(), baseCpu);
    ctx.placement = cfg.placement;

    preflight(cfg);
    InterruptGuard interruptGuard;
    for (int it = 1; it <= iterations; ++it) {
        std::cout << "iteration " << it << "/" << iterations << std::endl;
        ExchangeResult r = runExchange(cfg);
        const std::string text = benchlog(ctx, r);
        writeFileAtomically(logdir / ("benchlog-_-_-" + std::to_string(it)), text);
        std::cout << text << std::flush;
        throwIfInterrupted();
    }
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    return runReportingErrors(kProg, [&] { return run(argc, argv); });
}
