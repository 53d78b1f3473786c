#include "kernels/verdict_inputs.hpp"

#include "benchmarks/benchmark_description.hpp"

#include <algorithm>
#include <set>

namespace mmtp::compare {

std::optional<std::string> verdictReport(const std::string& bench, Verdict verdict) {
    VerdictHints hints = verdictHints(bench);
    if (verdict == Verdict::Rfc) {
        if (hints.rfcReport.empty()) return std::nullopt;
        return std::string(hints.rfcReport);
    }
    if (verdict == Verdict::TwoBaselines) return std::string(hints.twoBaselinesReport);
    return "";
}

std::optional<CpuColumnSource> cpuColumnSource(const std::string& bench) {
    VerdictHints hints = verdictHints(bench);
    if (hints.cpuReport.empty() || !hints.cpuOp) return std::nullopt;
    return CpuColumnSource{std::string(hints.cpuReport), hints.cpuOp};
}

namespace {

using Settings = std::set<std::string>;

std::optional<Settings> comparable(const std::optional<std::vector<std::string>>& recorded, const std::string& bench) {
    if (!recorded) return std::nullopt;
    Settings s(recorded->begin(), recorded->end());
    const std::string compared = std::string(verdictHints(bench).comparedSetting) + "=";
    if (compared.size() > 1) std::erase_if(s, [&compared](const std::string& a) { return a.rfind(compared, 0) == 0; });
    return s;
}

std::string variable(const std::string& assignment) { return assignment.substr(0, assignment.find('=')); }

// "VAR=x, not VAR=y": the first variable (sorted) whose value differs.
std::string firstDifference(const Settings& run, const Settings& reference) {
    std::set<std::string> vars;
    for (const Settings* s : {&run, &reference})
        for (const std::string& a : *s)
            if (!run.count(a) || !reference.count(a)) vars.insert(variable(a));
    if (vars.empty()) return "";
    auto valueIn = [&v = *vars.begin()](const Settings& s) {
        for (const std::string& a : s)
            if (variable(a) == v) return a;
        return v + " unset";
    };
    return valueIn(run) + ", not " + valueIn(reference);
}

}  // namespace

SettingsSplit splitBySettings(const std::string& bench, const std::vector<std::string>& runs,
                              const RunSettingsOf& settingsOf) {
    SettingsSplit split;
    if (runs.empty()) return split;
    std::optional<Settings> reference = comparable(settingsOf(runs.back()), bench);
    if (!reference) return split;
    std::string difference;
    for (const std::string& run : runs) {
        std::optional<Settings> s = comparable(settingsOf(run), bench);
        if (!s || *s == *reference) continue;
        if (split.leftOut.empty()) difference = firstDifference(*s, *reference);
        split.leftOut.push_back(run);
    }
    if (split.leftOut.empty()) return split;
    std::string names;
    for (const std::string& r : split.leftOut) names += (names.empty() ? "" : ", ") + r;
    split.note = "Runs with other " + bench + " settings than " + runs.back() + " (the last run): " + names + " (" +
                 difference + "); left out of verdicts (--mix-settings keeps them)";
    return split;
}

}  // namespace mmtp::compare
