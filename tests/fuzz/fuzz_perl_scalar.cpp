// libFuzzer target: Perl number rules and printf on arbitrary strings.
#include "core/perl_scalar.hpp"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string s(reinterpret_cast<const char*>(data), size);
    using namespace mmtp::compare;
    (void)looksLikeNumber(s);
    double v = numify(s);
    (void)perlSprintf("%18.6f (%7.2f%%)", PerlArg::number(v));
    (void)perlSprintf("%-20s", PerlArg::string(s));
    return 0;
}
