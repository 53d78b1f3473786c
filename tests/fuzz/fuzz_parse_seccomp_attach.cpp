// libFuzzer target: the seccomp-churn attach-latency parser (-a attach) on arbitrary seccomp-churn-1-1.extra contents.
#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fuzz::parseAsLog(data, size, "seccomp-churn-1-1.extra", &mmtp::compare::parseSeccompChurnAttach);
}
