#include "kernels/verdict_roles.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <string_view>

namespace mmtp::compare {

std::string baselineName(const std::string& run) {
    std::size_t cut = run.find_last_of("-_");
    return cut == std::string::npos || cut == 0 ? run : run.substr(0, cut);
}

namespace {

bool isRerunWord(const std::string& w) {
    static const char* const words[] = {"again", "rerun", "repeat", "retry", "first", "return"};
    if (!w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) return true;
    return std::any_of(std::begin(words), std::end(words), [&w](const char* x) { return w == x; });
}

// The name without its rerun words ("x-base-again-2" -> "x-base").
std::string withoutRerunWords(std::string name) {
    for (std::size_t cut = name.find_last_of("-_");
         cut != std::string::npos && cut > 0 && isRerunWord(name.substr(cut + 1)); cut = name.find_last_of("-_"))
        name.resize(cut);
    return name;
}

}  // namespace

std::string sharedName(const std::string& a, const std::string& b) {
    if (baselineName(a) == baselineName(b)) return baselineName(a);
    return withoutRerunWords(a) == withoutRerunWords(b) ? withoutRerunWords(a) : "";
}

bool sameNameGroup(const std::string& a, const std::string& b) { return !sharedName(a, b).empty(); }

std::string recordedDifference(const RecordedStates& states, const std::string& a, const std::string& b) {
    auto x = states.find(a), y = states.find(b);
    if (x == states.end() || y == states.end()) return "";
    return stateDifference(x->second, y->second);
}

std::optional<ReplicateGroups> interleavedGroups(const std::vector<std::string>& runs, const RecordedStates& states) {
    if (runs.size() < 3) return std::nullopt;
    const std::string a = baselineName(runs[0]), b = baselineName(runs[1]);
    if (a == b) return std::nullopt;
    ReplicateGroups g;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (baselineName(runs[i]) != (i % 2 == 0 ? a : b)) return std::nullopt;
        if (!recordedDifference(states, runs[i], runs[i % 2]).empty()) return std::nullopt;
        (i % 2 == 0 ? g.a : g.b).push_back(runs[i]);
    }
    return g;
}

Verdict impliedDesign(const std::vector<std::string>& runs, const RecordedStates& states) {
    if (interleavedGroups(runs, states)) return Verdict::Aba;
    if (runs.size() >= 3 && sameNameGroup(runs.front(), runs.back()) &&
        recordedDifference(states, runs.front(), runs.back()).empty())
        return Verdict::Aba;
    return Verdict::AgainstFirst;
}

std::vector<std::pair<std::string, std::vector<std::string>>> bisectCandidates(const std::vector<std::string>& runs,
                                                                               const std::vector<std::string>& good,
                                                                               const std::vector<std::string>& bad,
                                                                               const RecordedStates& states) {
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    auto named = [](const std::vector<std::string>& list, const std::string& r) {
        return std::find(list.begin(), list.end(), r) != list.end();
    };
    for (const std::string& r : runs) {
        if (named(good, r) || named(bad, r)) continue;
        std::string key = baselineName(r);
        auto g = std::find_if(groups.begin(), groups.end(), [&key](const auto& x) { return x.first == key; });
        if (g != groups.end() && !recordedDifference(states, g->second.front(), r).empty()) {
            key = r;  // recorded otherwise than its name group: its own group
            g = std::find_if(groups.begin(), groups.end(), [&key](const auto& x) { return x.first == key; });
        }
        if (g == groups.end()) groups.push_back({key, {r}});
        else g->second.push_back(r);
    }
    return groups;
}

namespace {

// Against references: bad wins, then unsure; good only when every metric of every candidate is.
int referenceStatus(const KernelsData& data) {
    bool bad = false, unsure = false, any = false;
    for (const BenchmarkResults& b : data.benchmarks)
        for (const BenchmarkResults::Candidate& c : b.bisect)
            for (const BisectPosition& p : c.positions) {
                any = true;
                if (p.side == BisectSide::Bad) bad = true;
                if (p.side == BisectSide::Unsure) unsure = true;
            }
    return bad ? kBisectBad : (unsure || !any) ? kBisectSkip : kBisectGood;
}

}  // namespace

int bisectStatus(const KernelsData& data) {
    bool regression = false, unsure = false;
    bool references = std::any_of(data.benchmarks.begin(), data.benchmarks.end(),
                                  [](const BenchmarkResults& b) { return !b.bisect.empty(); });
    for (const BenchmarkResults& b : data.benchmarks) {
        if (b.runs.empty() && b.error.empty()) continue;  // nothing compared (a monitor-only benchmark)
        if (!b.error.empty() || anyInvalid(b.validity) || !b.verdictNotes.empty() ||
            (b.verdicts.empty() && b.bisect.empty()))
            unsure = true;
        for (const RunVerdict& v : b.verdicts) {
            if (v.family.count(Call::Regression) > 0) regression = true;
            if (v.family.count(Call::Inconclusive) > 0 || v.family.rows.empty()) unsure = true;
        }
    }
    if (data.benchmarks.empty()) unsure = true;
    if (references) {
        int status = referenceStatus(data);
        return status == kBisectGood && unsure ? kBisectSkip : status;
    }
    return regression ? kBisectBad : unsure ? kBisectSkip : kBisectGood;
}

bool asksForBisect(int argc, const char* const argv[]) {
    for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]) == "--bisect") return true;
    return false;
}

int bisectExitForError(int errorStatus) { return errorStatus == mmtp::kExitUsage ? kBisectAbort : kBisectSkip; }

}  // namespace mmtp::compare
