// redis-zpopmin - redis-benchmark's default suite (6.2/7.0 semantics, CSV
// byte for byte) against a fresh, dedicated redis-server, as MMTests'
// redis-benchmark-small recipe runs it, plus counts of real vs empty
// replies (ZPOPMIN drains its set) and a mode that keeps the set filled.
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/pulse_status.hpp"
#include "common/workload_main.hpp"
#include "redis-zpopmin/duration.hpp"
#include "redis-zpopmin/resource_budget.hpp"
#include "redis-zpopmin/run.hpp"
#include "redis-zpopmin/settings.hpp"

#include <iostream>

using namespace mmtp;
using namespace mmtp::rediszpopmin;

namespace {

void supported(Settings& s) {
    // With --attach the server is someone else's: none to start.
    if (s.attach.empty() && findExecutable(s.redisServer).empty())
        throw UnsupportedError("cannot run " + s.redisServer +
                               ": not found or not executable (is redis-server installed? apt-get install "
                               "redis-server, or pass --redis-server PATH)");
    requireWritableDir(s.logdir, "--logdir");
    requireResources(s);
    requirePulseBefore(s.afterPulse, s.logdir);
}

int run(const Settings& s) {
    runBenchmark(s, std::cout);
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    const Workload<Settings> w{
        "redis-zpopmin",
        "Runs redis-benchmark's test suite (redis-benchmark --csv -c C -r R -n N -P P [-t ...])\n"
        "against a fresh redis-server; writes redis-<clients>-<iteration>.log (CSV) and\n"
        "replies-<clients>-<iteration>.log into the log directory.",
        optionTable(),
        settingsFrom,
        supported,
        run,
        ExitMeanings{.unsupported = "no redis-server here"},
        estimatedSeconds,
        // Its default --redis-server, found on PATH.
        GuestNeeds{.programs = {"redis-server"}},
    };
    return workloadMain(w, argc, argv);
}
