#include "kernels/verdict_roles.hpp"

#include <algorithm>

namespace mmtp::compare {

std::string baselineName(const std::string& run) {
    std::size_t cut = run.find_last_of("-_");
    return cut == std::string::npos || cut == 0 ? run : run.substr(0, cut);
}

Verdict impliedDesign(const std::vector<std::string>& runs) {
    if (runs.size() >= 3 && baselineName(runs.front()) == baselineName(runs.back())) return Verdict::Aba;
    return Verdict::AgainstFirst;
}

int bisectStatus(const KernelsData& data) {
    bool regression = false, unsure = false;
    for (const BenchmarkResults& b : data.benchmarks) {
        if (b.runs.empty() && b.error.empty()) continue;  // nothing compared (a monitor-only benchmark)
        if (!b.error.empty() || anyInvalid(b.validity) || !b.verdictNotes.empty() || b.verdicts.empty())
            unsure = true;
        for (const RunVerdict& v : b.verdicts) {
            if (v.family.count(Call::Regression) > 0) regression = true;
            if (v.family.count(Call::Inconclusive) > 0 || v.family.rows.empty()) unsure = true;
        }
    }
    if (data.benchmarks.empty()) unsure = true;
    return regression ? kBisectBad : unsure ? kBisectSkip : kBisectGood;
}

}  // namespace mmtp::compare
