#include "redis-zpopmin/settings.hpp"

#include "common/cpu_pin.hpp"
#include "base/errors.hpp"
#include "common/options.hpp"

#include <sstream>

namespace mmtp::rediszpopmin {

ParsedSettings parseSettings(int argc, const char* const argv[]) {
    Settings d;
    po::options_description desc("Options (env fallback in brackets)");
    desc.add_options()
        ("help,h", "show this help")
        ("iterations", po::value<int>()->default_value(d.iterations), "repetitions of the suite per client count [REDIS_ZPOPMIN_ITERATIONS]")
        ("persistence", po::value<std::string>()->default_value(d.persistence), "default-persist | memonly | aof [REDIS_ZPOPMIN_PERSISTENCE]")
        ("keyspace,r", po::value<uint64_t>()->default_value(d.keyspace), "random keys in [0,N) (-r); 0 = no -r [REDIS_ZPOPMIN_KEYSPACE]")
        ("requests,n", po::value<int64_t>()->default_value(d.requests), "requests per test, shared by all clients (-n) [REDIS_ZPOPMIN_REQUESTS]")
        ("pipeline,P", po::value<int>()->default_value(d.pipeline), "requests per pipelined batch (-P) [REDIS_ZPOPMIN_PIPELINE]")
        ("clients,c", po::value<int>(), "sets both --min-clients and --max-clients (-c)")
        ("min-clients", po::value<int>()->default_value(d.minClients), "fewest clients [REDIS_ZPOPMIN_MIN_CLIENTS]")
        ("max-clients", po::value<int>()->default_value(d.maxClients), "most clients; counts in between step like MMTests' large stride [REDIS_ZPOPMIN_MAX_CLIENTS]")
        ("tests,t", po::value<std::string>()->default_value(""), "comma list of tests as redis-benchmark -t; empty = all 20 [REDIS_ZPOPMIN_TESTS]")
        ("datasize,d", po::value<int>()->default_value(d.datasize), "value size in bytes (-d) [REDIS_ZPOPMIN_DATASIZE]")
        ("pop-mode", po::value<std::string>()->default_value(d.popMode), "drain: ZPOPMIN as redis-benchmark (empties the set, empty replies count); "
                                                                          "filled: refill the set before ZPOPMIN so every timed pop removes a member [REDIS_ZPOPMIN_POP_MODE]")
        ("fresh-server", po::value<std::string>()->default_value(d.freshServer), "run: one server for the whole run (as MMTests); iteration: a new one per iteration [REDIS_ZPOPMIN_FRESH_SERVER]")
        ("server-cpus", po::value<std::string>()->default_value(""), "bind redis-server to these CPUs, e.g. 0 or 0-1 [REDIS_ZPOPMIN_SERVER_CPUS]")
        ("client-cpus", po::value<std::string>()->default_value(""), "bind the client to these CPUs [REDIS_ZPOPMIN_CLIENT_CPUS]")
        ("redis-server", po::value<std::string>()->default_value(d.redisServer), "redis-server binary [REDIS_ZPOPMIN_SERVER_BIN]")
        ("port", po::value<int>()->default_value(0), "TCP port on 127.0.0.1; 0 = a free one [REDIS_ZPOPMIN_PORT]")
        ("unix-socket", po::value<bool>()->default_value(false)->implicit_value(true), "connect over a unix socket instead of TCP [REDIS_ZPOPMIN_UNIX_SOCKET]")
        ("attach", po::value<std::string>()->default_value(""), "HOST:PORT of a redis-server that is already running: use it instead of starting one "
                                                                "(for client overhead comparisons; results are then not from a fresh server) [REDIS_ZPOPMIN_ATTACH]")
        ("seed", po::value<uint64_t>()->default_value(0), "key PRNG seed; 0 = time^pid [REDIS_ZPOPMIN_SEED]")
        ("csv", "accepted for redis-benchmark compatibility (output is always CSV)")
        ("logdir", po::value<std::string>(), "where the logs go [LOGDIR_RESULTS]");
    ParsedOptions p = parseOptions(argc, argv, desc,
                                   {{"iterations", "REDIS_ZPOPMIN_ITERATIONS"},
                                    {"persistence", "REDIS_ZPOPMIN_PERSISTENCE"},
                                    {"keyspace", "REDIS_ZPOPMIN_KEYSPACE"},
                                    {"requests", "REDIS_ZPOPMIN_REQUESTS"},
                                    {"pipeline", "REDIS_ZPOPMIN_PIPELINE"},
                                    {"min-clients", "REDIS_ZPOPMIN_MIN_CLIENTS"},
                                    {"max-clients", "REDIS_ZPOPMIN_MAX_CLIENTS"},
                                    {"tests", "REDIS_ZPOPMIN_TESTS"},
                                    {"datasize", "REDIS_ZPOPMIN_DATASIZE"},
                                    {"pop-mode", "REDIS_ZPOPMIN_POP_MODE"},
                                    {"fresh-server", "REDIS_ZPOPMIN_FRESH_SERVER"},
                                    {"server-cpus", "REDIS_ZPOPMIN_SERVER_CPUS"},
                                    {"client-cpus", "REDIS_ZPOPMIN_CLIENT_CPUS"},
                                    {"redis-server", "REDIS_ZPOPMIN_SERVER_BIN"},
                                    {"port", "REDIS_ZPOPMIN_PORT"},
                                    {"unix-socket", "REDIS_ZPOPMIN_UNIX_SOCKET"},
                                    {"seed", "REDIS_ZPOPMIN_SEED"},
                                    {"attach", "REDIS_ZPOPMIN_ATTACH"},
                                    {"logdir", "LOGDIR_RESULTS"}});
    ParsedSettings out;
    if (p.helpRequested) {
        std::ostringstream u;
        u << desc;
        out.help = true;
        out.usage = u.str();
        return out;
    }
    const auto& vm = p.vm;
    Settings& s = out.settings;
    auto positive = [](const char* name, long long v, long long min) {
        if (v < min) throw UsageError(std::string("--") + name + " must be >= " + std::to_string(min) + " (got " + std::to_string(v) + ")");
    };
    s.iterations = vm["iterations"].as<int>();
    positive("iterations", s.iterations, 1);
    s.persistence = vm["persistence"].as<std::string>();
    if (s.persistence != "default-persist" && s.persistence != "memonly" && s.persistence != "aof")
        throw UsageError("--persistence '" + s.persistence + "' is not one of default-persist, memonly, aof");
    s.keyspace = vm["keyspace"].as<uint64_t>();
    if (s.keyspace > 1000000000000ull) throw UsageError("--keyspace must be at most 10^12 (12-digit keys)");
    s.requests = vm["requests"].as<int64_t>();
    positive("requests", s.requests, 1);
    s.pipeline = vm["pipeline"].as<int>();
    positive("pipeline", s.pipeline, 1);
    s.minClients = vm["min-clients"].as<int>();
    s.maxClients = vm["max-clients"].as<int>();
    if (vm.count("clients")) s.minClients = s.maxClients = vm["clients"].as<int>();
    positive("min-clients", s.minClients, 1);
    if (s.maxClients < s.minClients)
        throw UsageError("--max-clients (" + std::to_string(s.maxClients) + ") is below --min-clients (" +
                         std::to_string(s.minClients) + ")");
    if (s.maxClients > 10000) throw UsageError("--max-clients must be at most 10000");
    s.tests = vm["tests"].as<std::string>();
    s.datasize = vm["datasize"].as<int>();
    positive("datasize", s.datasize, 1);
    if (s.datasize > 1024 * 1024 * 1024) throw UsageError("--datasize must be at most 1 GiB");
    s.popMode = vm["pop-mode"].as<std::string>();
    if (s.popMode != "drain" && s.popMode != "filled")
        throw UsageError("--pop-mode '" + s.popMode + "' is not drain or filled");
    s.freshServer = vm["fresh-server"].as<std::string>();
    if (s.freshServer != "run" && s.freshServer != "iteration")
        throw UsageError("--fresh-server '" + s.freshServer + "' is not run or iteration");
    s.serverCpus = parseCpuOption(vm["server-cpus"].as<std::string>(), "--server-cpus");
    s.clientCpus = parseCpuOption(vm["client-cpus"].as<std::string>(), "--client-cpus");
    s.redisServer = vm["redis-server"].as<std::string>();
    s.port = vm["port"].as<int>();
    if (s.port < 0 || s.port > 65535) throw UsageError("--port must be 0..65535");
    s.unixSocket = vm["unix-socket"].as<bool>();
    s.seed = vm["seed"].as<uint64_t>();
    s.attach = vm["attach"].as<std::string>();
    if (!s.attach.empty()) {
        auto colon = s.attach.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == s.attach.size() ||
            s.attach.find_first_not_of("0123456789", colon + 1) != std::string::npos)
            throw UsageError("--attach '" + s.attach + "' is not HOST:PORT");
    }
    if (!vm.count("logdir") || vm["logdir"].as<std::string>().empty())
        throw UsageError("no log directory: pass --logdir DIR or set LOGDIR_RESULTS");
    s.logdir = vm["logdir"].as<std::string>();
    return out;
}

}  // namespace mmtp::rediszpopmin
