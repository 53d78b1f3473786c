// settings.hpp - redis-zpopmin's options, one row each bound to the field of
// Settings it fills, with its checks (common/settings_table). Each option
// has the meaning of the MMTests config variable it falls back to
// (REDIS_ZPOPMIN_*, mirroring config-memdb-redis-benchmark-small's REDIS_*),
// and the short redis-benchmark flag where there is one (-n -r -P -c -t -d).
#pragma once
#include "common/option_table.hpp"
#include "common/settings_table.hpp"
#include "redis-zpopmin/test_runner.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::rediszpopmin {

// The defaults live in optionTable() only.
struct Settings {
    int iterations = 0;
    std::string persistence;       // default-persist | memonly | aof
    uint64_t keyspace = 0;         // 0: no -r (the literal __rand_int__ is sent)
    int64_t requests = 0;
    int pipeline = 0;
    int minClients = 0;
    int maxClients = 0;
    std::string tests;             // -t list; empty = all 20
    int datasize = 0;
    std::string popMode;           // drain | filled
    std::string freshServer;       // run | iteration
    std::vector<int> serverCpus, clientCpus;
    std::string redisServer;
    int port = 0;
    bool unixSocket = false;
    std::string attach;            // HOST:PORT of a running server: start none
    std::string attachPasswordFile;  // its requirepass, first line (never the password itself)
    uint64_t seed = 0;             // 0: time ^ pid, like redis-benchmark
    RpsClock rpsClock = RpsClock::Ns;  // the CSV rps: nanosecond span, or redis-benchmark's ms arithmetic
    std::string afterPulse;        // "", sham or protect: the ibpb-pulse step that must precede
    std::filesystem::path logdir;

    bool randomKeys() const { return keyspace > 0; }
};

const OptionTable& optionTable();
// The rows fill Settings and check what one row's range cannot; throws
// UsageError naming the option.
Settings settingsFrom(const OptionValues& v);
// optionTable().parse() then settingsFrom().
Settings parseSettings(int argc, const char* const argv[]);

}  // namespace mmtp::rediszpopmin
