// libFuzzer target: the syscall-scale -a nsop parser on arbitrary syscall-scale-futex4_processes-1.extra contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "syscall-scale-futex4_processes-1.extra", &mmtp::compare::parseSyscallScaleNsop);
}
