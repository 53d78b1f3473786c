// libFuzzer target: the fstime unixbenchd.log parser on arbitrary unixbenchd.log contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "unixbenchd.log", &mmtp::compare::parseFstimeCopy);
}
