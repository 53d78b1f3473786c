// libFuzzer target: the ibpb-pulse parser on arbitrary ibpb-pulse.json contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "ibpb-pulse.json", &mmtp::compare::parseIbpbPulseJson);
}
