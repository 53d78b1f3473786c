// libFuzzer target: compare-kernels' run discovery on an arbitrary
// tests-activity: which runs there are and which benchmarks they ran. Every
// benchmark name it returns must be plain (it becomes a path).
#include "fuzz_parser.hpp"
#include "input/benchmark_name.hpp"
#include "input/run_discovery.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto& dir = fuzz::scratchDir();
    fuzz::writeInput(dir / "run/iter-0/tests-activity", data, size);
    mmtp::compare::Warnings warnings;
    (void)mmtp::compare::discoverRuns(dir, warnings);
    for (const std::string& bench : mmtp::compare::benchmarksOfRun(dir / "run", warnings))
        if (!mmtp::compare::isPlainBenchmarkName(bench)) std::abort();
    return 0;
}
