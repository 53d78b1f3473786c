#include "redis-zpopmin/settings.hpp"

#include "base/errors.hpp"
#include "common/cpu_pin.hpp"
#include "common/pulse_status.hpp"
#include "redis-zpopmin/resource_budget.hpp"

#include <limits>

namespace mmtp::rediszpopmin {

namespace {

constexpr std::uint64_t kIntMax = std::numeric_limits<int>::max();

// --clients N sets both ends of the sweep: it wins over --min-clients and --max-clients.
BoundOption<Settings> clientsEnd(OptionSpec spec, int Settings::*field) {
    std::string name = spec.name;
    return row<Settings>(std::move(spec), [field, name](Settings& s, const OptionValues& v) {
        s.*field = v.number<int>(v.has("clients") ? "clients" : name);
    });
}

void checkAttach(const Settings& s) {
    if (s.attach.empty()) return;
    auto colon = s.attach.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == s.attach.size() ||
        s.attach.find_first_not_of("0123456789", colon + 1) != std::string::npos || s.attach.size() - colon - 1 > 5 ||
        std::stoi(s.attach.substr(colon + 1)) > 65535)
        throw UsageError("--attach '" + s.attach + "' is not HOST:PORT");
}

// Each row fills its field of Settings (common/settings_table.hpp).
const SettingsTable<Settings>& table() {
    using S = Settings;
    static const SettingsTable<Settings> rows({
        bind(integerOption("iterations", 0, "REDIS_ZPOPMIN_ITERATIONS", "5", 1, kIntMax,
                           "repetitions of the suite per client count"),
             &S::iterations),
        bind(choiceOption("persistence", 0, "REDIS_ZPOPMIN_PERSISTENCE", "default-persist",
                          "default-persist|memonly|aof", "the server's persistence, as MMTests' redis shellpack"),
             &S::persistence),
        bind(integerOption("keyspace", 'r', "REDIS_ZPOPMIN_KEYSPACE", "50000", 0, 1000000000000ull,
                           "random keys in [0,N) (-r); 0 = no -r"),
             &S::keyspace),
        bind(integerOption("requests", 'n', "REDIS_ZPOPMIN_REQUESTS", "100000", 1,
                           std::numeric_limits<std::int64_t>::max(), "requests per test, shared by all clients (-n)"),
             &S::requests),
        bind(integerOption("pipeline", 'P', "REDIS_ZPOPMIN_PIPELINE", "256", 1, 1000000,
                           "requests per pipelined batch (-P)"),
             &S::pipeline),
        row<S>(integerOption("clients", 'c', "", nullptr, 1, 10000, "sets both --min-clients and --max-clients (-c)")),
        clientsEnd(integerOption("min-clients", 0, "REDIS_ZPOPMIN_MIN_CLIENTS", "1", 1, 10000, "fewest clients"),
                   &S::minClients),
        clientsEnd(integerOption("max-clients", 0, "REDIS_ZPOPMIN_MAX_CLIENTS", "1", 1, 10000,
                                 "most clients; counts in between step like MMTests' large stride"),
                   &S::maxClients)
            .check([](const S& s) {
                if (s.maxClients < s.minClients)
                    throw UsageError("--max-clients (" + std::to_string(s.maxClients) + ") is below --min-clients (" +
                                     std::to_string(s.minClients) + ")");
            }),
        bind(textOption("tests", 't', "REDIS_ZPOPMIN_TESTS", "",
                        "comma list of tests as redis-benchmark -t; empty = all 20"),
             &S::tests),
        bind(integerOption("datasize", 'd', "REDIS_ZPOPMIN_DATASIZE", "3", 1, kMaxDatasize, "value size in bytes (-d)"),
             &S::datasize),
        bind(choiceOption("pop-mode", 0, "REDIS_ZPOPMIN_POP_MODE", "drain", "drain|filled",
                          "drain: ZPOPMIN as redis-benchmark (empties the set, empty replies count); "
                          "filled: refill the set before ZPOPMIN so every timed pop removes a member"),
             &S::popMode),
        bind(choiceOption("fresh-server", 0, "REDIS_ZPOPMIN_FRESH_SERVER", "run", "run|iteration",
                          "run: one server for the whole run (as MMTests); iteration: a new one per iteration"),
             &S::freshServer),
        bind(textOption("server-cpus", 0, "REDIS_ZPOPMIN_SERVER_CPUS", "",
                        "bind redis-server to these CPUs, e.g. 0 or 0-1"),
             &S::serverCpus, [](const std::string& t) { return parseCpuOption(t, "--server-cpus"); }),
        bind(textOption("client-cpus", 0, "REDIS_ZPOPMIN_CLIENT_CPUS", "", "bind the client to these CPUs"),
             &S::clientCpus, [](const std::string& t) { return parseCpuOption(t, "--client-cpus"); }),
        bind(textOption("redis-server", 0, "REDIS_ZPOPMIN_SERVER_BIN", "redis-server", "redis-server binary"),
             &S::redisServer),
        bind(integerOption("port", 0, "REDIS_ZPOPMIN_PORT", "0", 0, 65535, "TCP port on 127.0.0.1; 0 = a free one"),
             &S::port),
        bind(yesNoOption("unix-socket", 0, "REDIS_ZPOPMIN_UNIX_SOCKET", "no",
                         "connect over a unix socket instead of TCP"),
             &S::unixSocket),
        bind(textOption("attach", 0, "REDIS_ZPOPMIN_ATTACH", "",
                        "HOST:PORT of a redis-server that is already running: use it instead of starting one "
                        "(for client overhead comparisons; results are then not from a fresh server)"),
             &S::attach)
            .check(checkAttach),
        bind(textOption("attach-password-file", 0, "REDIS_ZPOPMIN_ATTACH_PASSWORD_FILE", "",
                        "with --attach: a file whose first line is the server's requirepass, sent as AUTH on every "
                        "connection (a file, so the password is never on a command line)"),
             &S::attachPasswordFile)
            .check([](const S& s) {
                if (!s.attachPasswordFile.empty() && s.attach.empty())
                    throw UsageError(
                        "--attach-password-file is only for --attach HOST:PORT (the server we start has its own)");
            }),
        bind(integerOption("seed", 0, "REDIS_ZPOPMIN_SEED", "0", 0, std::numeric_limits<std::uint64_t>::max(),
                           "key PRNG seed; 0 = time^pid"),
             &S::seed),
        bind(choiceOption("rps-clock", 0, "REDIS_ZPOPMIN_RPS_CLOCK", "ns", "ns|ms",
                          "the clock of the CSV's rps: ns, requests / the test's nanosecond span; ms, "
                          "redis-benchmark's requests / whole milliseconds (quantised: 10240 requests in k ms can "
                          "only give 10240/k per ms)"),
             &S::rpsClock, [](const std::string& t) { return t == "ms" ? RpsClock::Ms : RpsClock::Ns; }),
        afterPulseRow("REDIS_ZPOPMIN_AFTER_IBPB_PULSE", &S::afterPulse),
        row<S>(flagOption("csv", 0, "accepted for redis-benchmark compatibility (output is always CSV)")),
        logdirRow("where the logs go", &S::logdir),
    });
    return rows;
}

}  // namespace

const OptionTable& optionTable() { return table().options(); }

Settings settingsFrom(const OptionValues& v) { return table().settings(v); }

Settings parseSettings(int argc, const char* const argv[]) { return settingsFrom(optionTable().parse(argc, argv)); }

}  // namespace mmtp::rediszpopmin
