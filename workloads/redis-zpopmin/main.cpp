// redis-zpopmin - redis-benchmark's default suite (6.2/7.0 semantics, CSV
// byte for byte) against a fresh, dedicated redis-server, as MMTests'
// redis-benchmark-small recipe runs it, plus counts of real vs empty
// replies (ZPOPMIN drains its set) and a mode that keeps the set filled.
#include "base/errors.hpp"
#include "common/signals.hpp"
#include "redis-zpopmin/bench_run.hpp"
#include "redis-zpopmin/settings.hpp"

#include <iostream>

int main(int argc, char** argv) {
    mmtp::InterruptGuard guard;
    try {
        auto parsed = mmtp::rediszpopmin::parseSettings(argc, argv);
        if (parsed.help) {
            std::cout << "usage: redis-zpopmin [options]\n"
                         "Runs redis-benchmark's test suite (redis-benchmark --csv -c C -r R -n N -P P [-t ...])\n"
                         "against a fresh redis-server; writes redis-<clients>-<iteration>.log (CSV) and\n"
                         "replies-<clients>-<iteration>.log into the log directory.\n\n"
                      << parsed.usage << "\n";
            return 0;
        }
        mmtp::rediszpopmin::runBenchmark(parsed.settings, std::cout);
        return 0;
    } catch (const mmtp::Error& e) {
        std::cout.flush();
        std::cerr << "redis-zpopmin: " << e.what() << std::endl;
        return e.code();
    } catch (const std::exception& e) {
        std::cerr << "redis-zpopmin: " << e.what() << std::endl;
        return mmtp::kExitFailure;
    }
}
