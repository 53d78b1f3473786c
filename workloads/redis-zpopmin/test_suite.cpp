#include "redis-zpopmin/test_suite.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <hiredis/hiredis.h>

namespace mmtp::rediszpopmin {

std::string benchmarkData(int size) {
    std::string d;
    uint32_t state = 1234;
    for (int i = 0; i < size; ++i) {
        state = state * 1103515245u + 12345u;
        d.push_back(static_cast<char>('0' + ((state >> 16) & 63)));
    }
    return d;
}

std::vector<TestSpec> defaultSuite(const std::string& data, bool randomKeys) {
    const std::string score = randomKeys ? "__rand_int__" : "0";
    std::vector<std::string> mset{"MSET"};
    for (int i = 0; i < 10; ++i) {
        mset.push_back("key:__rand_int__");
        mset.push_back(data);
    }
    const std::vector<std::string> lrangeAll{"lrange", "lrange_100", "lrange_300", "lrange_500", "lrange_600"};
    return {
        {"PING_INLINE", {"ping_inline", "ping"}, {"PING"}, true},
        {"PING_MBULK", {"ping_mbulk", "ping"}, {"PING"}},
        {"SET", {"set"}, {"SET", "key:__rand_int__", data}},
        {"GET", {"get"}, {"GET", "key:__rand_int__"}},
        {"INCR", {"incr"}, {"INCR", "counter:__rand_int__"}},
        {"LPUSH", {"lpush"}, {"LPUSH", "mylist", data}},
        {"RPUSH", {"rpush"}, {"RPUSH", "mylist", data}},
        {"LPOP", {"lpop"}, {"LPOP", "mylist"}},
        {"RPOP", {"rpop"}, {"RPOP", "mylist"}},
        {"SADD", {"sadd"}, {"SADD", "myset", "element:__rand_int__"}},
        {"HSET", {"hset"}, {"HSET", "myhash", "element:__rand_int__", data}},
        {"SPOP", {"spop"}, {"SPOP", "myset"}},
        {"ZADD", {"zadd"}, {"ZADD", "myzset", score, "element:__rand_int__"}},
        {"ZPOPMIN", {"zpopmin"}, {"ZPOPMIN", "myzset"}},
        {"LPUSH (needed to benchmark LRANGE)", lrangeAll, {"LPUSH", "mylist", data}},
        {"LRANGE_100 (first 100 elements)", {"lrange", "lrange_100"}, {"LRANGE", "mylist", "0", "99"}},
        {"LRANGE_300 (first 300 elements)", {"lrange", "lrange_300"}, {"LRANGE", "mylist", "0", "299"}},
        {"LRANGE_500 (first 500 elements)", {"lrange", "lrange_500"}, {"LRANGE", "mylist", "0", "499"}},
        {"LRANGE_600 (first 600 elements)", {"lrange", "lrange_600"}, {"LRANGE", "mylist", "0", "599"}},
        {"MSET (10 keys)", {"mset"}, mset},
    };
}

std::vector<TestSpec> selectTests(const std::vector<TestSpec>& suite, std::string_view list) {
    if (list.empty()) return suite;
    std::string wrapped = ",";
    for (char c : list) wrapped.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    wrapped += ",";
    std::vector<TestSpec> out;
    for (const auto& t : suite)
        if (std::any_of(t.selectors.begin(), t.selectors.end(),
                        [&](const std::string& s) { return wrapped.find("," + s + ",") != std::string::npos; }))
            out.push_back(t);
    if (out.empty()) throw UsageError("--tests '" + std::string(list) + "' selects none of the 20 tests");
    return out;
}

std::string formatCommand(const TestSpec& t) {
    if (t.inlinePing) return "PING\r\n";
    std::vector<const char*> argv;
    std::vector<size_t> lens;
    for (const auto& a : t.argv) {
        argv.push_back(a.c_str());
        lens.push_back(a.size());
    }
    char* buf = nullptr;
    int len = redisFormatCommandArgv(&buf, static_cast<int>(argv.size()), argv.data(), lens.data());
    if (len < 0 || !buf) throw Error("cannot format the " + t.title + " command");
    std::string out(buf, static_cast<size_t>(len));
    free(buf);
    return out;
}

}  // namespace mmtp::rediszpopmin
