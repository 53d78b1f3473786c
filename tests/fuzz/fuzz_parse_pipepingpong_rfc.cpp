// libFuzzer target: pipe-pingpong's RFC-line parser (-a rfc) on arbitrary benchlog-_-_-1 contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "benchlog-_-_-1", &mmtp::compare::parsePipePingpongRfc);
}
