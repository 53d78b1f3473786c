// libFuzzer target: the fiolike CPU parser (-a cpu) on arbitrary fio.log contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "fio.log", &mmtp::compare::parseFiolikeCpu);
}
