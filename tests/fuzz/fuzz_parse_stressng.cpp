// libFuzzer target: the stressng log parser on arbitrary stressng-1-1.log contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "stressng-1-1.log", &mmtp::compare::parseStressNgMetrics);
}
