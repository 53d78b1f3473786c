#include "input/benchmark_name.hpp"

namespace mmtp::compare {

bool isPlainBenchmarkName(std::string_view name) {
    auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
    if (name.empty() || name.size() > 64 || !alnum(name[0])) return false;
    for (char c : name)
        if (!alnum(c) && c != '_' && c != '-' && c != '.' && c != '+') return false;
    return true;
}

}  // namespace mmtp::compare
