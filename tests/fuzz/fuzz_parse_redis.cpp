// libFuzzer target: the redis log parser on arbitrary redis-1-1.log contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "redis-1-1.log", &mmtp::compare::parseRedisCsv);
}
