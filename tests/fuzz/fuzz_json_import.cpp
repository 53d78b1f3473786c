// libFuzzer target: --from-json on an arbitrary file (plain or zstd). Its
// one-line errors (std::runtime_error naming the file) are the documented
// outcome for bad input; anything else is a finding.
#include "fuzz_parser.hpp"
#include "load/json_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto& dir = fuzz::scratchDir();
    fuzz::writeInput(dir / "runs.json", data, size);
    try {
        (void)mmtp::compare::importJson(dir / "runs.json");
    } catch (const std::runtime_error&) {
    }
    return 0;
}
