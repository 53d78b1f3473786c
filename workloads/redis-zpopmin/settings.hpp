// settings.hpp - redis-zpopmin's options, declared once. Each has the
// meaning of the MMTests config variable it falls back to (REDIS_ZPOPMIN_*,
// mirroring config-memdb-redis-benchmark-small's REDIS_*), and the short
// redis-benchmark flag where there is one (-n -r -P -c -t -d).
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::rediszpopmin {

struct Settings {
    int iterations = 5;
    std::string persistence = "default-persist";
    uint64_t keyspace = 50000;     // 0: no -r (the literal __rand_int__ is sent)
    int64_t requests = 100000;
    int pipeline = 256;
    int minClients = 1;
    int maxClients = 1;
    std::string tests;             // -t list; empty = all 20
    int datasize = 3;
    std::string popMode = "drain";  // drain | filled
    std::string freshServer = "run";  // run | iteration
    std::vector<int> serverCpus, clientCpus;
    std::string redisServer = "redis-server";
    int port = 0;
    bool unixSocket = false;
    std::string attach;            // HOST:PORT of a running server: start none
    uint64_t seed = 0;             // 0: time ^ pid, like redis-benchmark
    std::filesystem::path logdir;

    bool randomKeys() const { return keyspace > 0; }
};

struct ParsedSettings {
    Settings settings;
    bool help = false;
    std::string usage;  // filled when help
};

// Throws UsageError naming the option for bad values.
ParsedSettings parseSettings(int argc, const char* const argv[]);

}  // namespace mmtp::rediszpopmin
