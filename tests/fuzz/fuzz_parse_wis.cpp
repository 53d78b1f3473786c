// libFuzzer target: the will-it-scale benchlog parser on arbitrary benchlog-futex4_processes-1 contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "benchlog-futex4_processes-1", &mmtp::compare::parseWisBenchlog);
}
