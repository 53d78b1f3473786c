// benchmark_name.hpp - a benchmark name read from a log tree (tests-activity,
// tests-timestamp, a --from-json _ModuleName) becomes a path component
// (RUN/iter-N/BENCH/logs, shellpack_src/src/BENCH/parse-results), so only
// plain names are accepted: what MMTests' shellpacks are called.
#pragma once
#include <string_view>

namespace mmtp::compare {

// Letters, digits, '_', '-', '.', '+'; starting with a letter or digit; at
// most 64 characters. So never "..", "/", blanks or shell metacharacters.
bool isPlainBenchmarkName(std::string_view name);

}  // namespace mmtp::compare
