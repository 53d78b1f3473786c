#include "kernels/design_line.hpp"

#include "kernels/verdict_roles.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

std::string listed(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

// Whether some benchmark made an A/B/A or A/B/A/B comparison: only then do
// the runs have the roles A and B.
bool abaShown(const KernelsData& d) {
    return std::any_of(d.benchmarks.begin(), d.benchmarks.end(), [](const BenchmarkResults& b) {
        return std::any_of(b.verdicts.begin(), b.verdicts.end(),
                           [](const RunVerdict& v) { return v.design != RunVerdict::Design::AgainstFirst; });
    });
}

std::string abaRoles(const KernelsData& d) {
    const std::vector<std::string>& r = d.roleRuns;
    std::optional<ReplicateGroups> g = interleavedGroups(r, d.recorded);
    if (g && g->b.size() >= 2)
        return "Roles: A " + listed(g->a) + "; B " + listed(g->b) + " (A/B/A/B: the runs alternate between two names)";
    std::string line = "Roles: A1 " + r.front() + ", B ";
    for (std::size_t i = 1; i + 1 < r.size(); ++i) line += (i > 1 ? " and " : "") + r[i];
    line += ", A2 " + r.back();
    if (d.impliedDesign)
        line += " (A/B/A: the first and last runs share the name '" + sharedName(r.front(), r.back()) + "')";
    return line;
}

std::string designLine(Verdict v, const KernelsData& d) {
    const std::vector<std::string>& r = d.roleRuns;
    switch (v) {
        case Verdict::Aba:
            if (abaShown(d)) return abaRoles(d);
            return "Design: A/B/A, but no benchmark had the runs for it (see below)";
        case Verdict::TwoBaselines: return "Design: each run against two baselines, " + r[0] + " and " + r[1];
        case Verdict::Lkp: return "Design: LKP, each later run against the first (" + r.front() + ")";
        case Verdict::Rfc: return "Design: RFC table, each run's us/iter against the first run's (" + r.front() + ")";
        case Verdict::AgainstFirst: break;
    }
    std::string line = "Design: each run against the first (" + r.front() + ")";
    if (!d.impliedDesign) return line;
    const std::string differ = recordedDifference(d.recorded, r.front(), r.back());
    if (r.size() >= 3 && sameNameGroup(r.front(), r.back()) && !differ.empty())
        return line + "; the first and last runs share a name but not what they recorded (" + differ +
               "), so not A/B/A";
    line += "; the first and last runs share no baseline name, so not A/B/A";
    return line;
}

}  // namespace

std::string designSummary(const KernelsOptions& o, const KernelsData& d) {
    if (d.roleRuns.size() < 2) return "";
    if (!d.bisectGood.empty())
        return "Roles: good " + listed(d.bisectGood) + "; bad " + listed(d.bisectBad) +
               "; every other run group a bisect candidate\n";
    std::vector<Verdict> shown = o.verdicts;
    if (shown.empty() && !o.noVerdict) shown.push_back(d.design);
    std::string out;
    for (Verdict v : shown) out += designLine(v, d) + "\n";
    if (!out.empty() && d.roleRuns != d.runs)
        out += "(--sort-version orders the tables' columns only; the roles follow the run order above)\n";
    return out;
}

}  // namespace mmtp::compare
