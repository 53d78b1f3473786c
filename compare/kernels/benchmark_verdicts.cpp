#include "kernels/benchmark_verdicts.hpp"

#include "benchmarks/benchmark_description.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "core/metric_regex.hpp"
#include "kernels/verdict_inputs.hpp"
#include "kernels/verdict_roles.hpp"
#include "tables/verdict.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <optional>

namespace mmtp::compare {

namespace {

const char* kElapsedRow = "complete test time";

// The runs verdicts may use: valid ones, unless --include-invalid.
std::vector<RunSummary> verdictRuns(const std::vector<RunSummary>& runs, const std::vector<RunValidity>& validity,
                                    bool includeInvalid) {
    std::vector<RunSummary> kept;
    for (const RunSummary& r : runs) {
        auto v =
            std::find_if(validity.begin(), validity.end(), [&r](const RunValidity& x) { return x.run == r.testName; });
        if (includeInvalid || v == validity.end() || v->valid()) kept.push_back(r);
    }
    return kept;
}

std::vector<std::string> verdictOps(const RunSummary& run, const std::optional<std::string>& metric) {
    std::vector<std::string> ops = run.summaryOps(std::nullopt);
    if (!metric) return ops;
    const MetricRegex re(*metric);
    std::erase_if(ops, [&re](const std::string& op) { return !re.search(op); });
    return ops;
}

// Whether a metric reads as a rate, better when higher: its name or unit
// says per second, operations or throughput (events/sec, KOPS_PER_SECOND).
bool looksLikeRate(const std::string& op, const std::string& unit) {
    std::string text = op + " " + unit;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char ch) { return std::tolower(ch); });
    for (const char* part : {"/sec", "/s ", "per_second", "per second"})
        if (text.find(part) != std::string::npos) return true;
    // Whole words only: "loops" and "drops" are no rates.
    std::string word;
    for (char ch : text + " ") {
        if (std::isalnum(static_cast<unsigned char>(ch))) {
            word += ch;
            continue;
        }
        for (const char* w : {"ops", "kops", "mops", "bops", "rps", "krps", "tput", "throughput"})
            if (word == w) return true;
        word.clear();
    }
    return false;
}

// When the runs rank lower-is-better: the benchmark description's note, or,
// for rates MMTests ranks lower-is-better (a shellpack.yaml without
// preferhigher: sysbenchcpu's events/sec), one naming them, so a fall is
// never read as an improvement unwarned.
std::string directionNote(const std::string& bench, const RunSummary& run, const std::vector<std::string>& ops,
                          const std::map<std::string, std::string>& units) {
    if (run.preferHigher) return "";
    std::string hint(verdictHints(bench).directionNoteWhenLowerIsBetter);
    if (!hint.empty()) return hint;
    std::string rates;
    std::size_t n = 0;
    for (const std::string& op : ops)
        if (looksLikeRate(op, unitOfOperation(units, op)) && n++ < 3) rates += (rates.empty() ? "" : ", ") + op;
    if (rates.empty()) return "";
    return "MMTests ranks " + bench + "'s " + rates + (n > 3 ? " and more" : "") +
           " lower-is-better (its shellpack.yaml has no preferhigher), so a fall in a rate reads as an improvement "
           "here";
}

// runs in the order of names (the role order); runs not named are left out.
std::vector<RunSummary> inOrder(const std::vector<RunSummary>& runs, const std::vector<std::string>& names) {
    std::vector<RunSummary> ordered;
    for (const std::string& n : names)
        for (const RunSummary& r : runs)
            if (r.testName == n) ordered.push_back(r);
    return ordered;
}

const RunSummary* findRun(const std::vector<RunSummary>& runs, const std::string& name) {
    for (const RunSummary& r : runs)
        if (r.testName == name) return &r;
    return nullptr;
}

// The runs of names found in runs (those missing are left out).
std::vector<const RunSummary*> runsNamed(const std::vector<RunSummary>& runs, const std::vector<std::string>& names) {
    std::vector<const RunSummary*> found;
    for (const std::string& n : names)
        if (const RunSummary* r = findRun(runs, n)) found.push_back(r);
    return found;
}

// What one comparison reads: its base runs against its now runs, for the
// benchmark's operations and (lower is better) the elapsed-time row.
struct ComparisonRuns {
    std::vector<std::string> base, now;
};

struct VerdictContext {
    const KernelsOptions& o;
    BenchmarkResults& b;
    const std::vector<RunSummary>& runs;     // valid, in role order
    const std::vector<RunSummary>* elapsed;  // each run's duration, aligned with runs; null without
    std::vector<std::string> ops;
    std::map<std::string, std::string> units;
    std::vector<std::string> leftOut;  // runs with other settings (splitBySettings)
    const RecordedStates& recorded;    // each run's kernel release, command line, machine
    std::vector<std::string> contextOps;  // shown beside the verdict, outside its family
};

// Without --metric, the benchmark's family metrics (its independent
// quantities) make the family; the rest of ops become context.
std::vector<std::string> splitFamily(const std::string& bench, std::vector<std::string>& ops, bool metricGiven) {
    const std::string_view family = verdictHints(bench).familyMetrics;
    if (metricGiven || family.empty()) return {};
    const MetricRegex re{std::string(family)};
    std::vector<std::string> context;
    for (const std::string& op : ops)
        if (!re.search(op)) context.push_back(op);
    if (context.size() == ops.size()) return {};  // none matched: the family is every metric
    std::erase_if(ops, [&re](const std::string& op) { return !re.search(op); });
    return context;
}

// runs without those named in leftOut.
std::vector<RunSummary> without(std::vector<RunSummary> runs, const std::vector<std::string>& leftOut) {
    std::erase_if(runs, [&leftOut](const RunSummary& r) {
        return std::find(leftOut.begin(), leftOut.end(), r.testName) != leftOut.end();
    });
    return runs;
}

std::vector<MetricInput> verdictInputs(const VerdictContext& c, const ComparisonRuns& cmp) {
    std::vector<MetricInput> inputs;
    auto add = [&](const std::vector<RunSummary>& from, const std::string& op) -> MetricInput* {
        std::optional<MetricInput> in =
            replicatedInput(runsNamed(from, cmp.base), runsNamed(from, cmp.now), op, c.o.units);
        if (!in) return nullptr;
        inputs.push_back(std::move(*in));
        return &inputs.back();
    };
    for (const std::string& op : c.ops)
        if (MetricInput* in = add(c.runs, op)) in->unit = unitOfOperation(c.units, op);
    if (c.elapsed)
        if (MetricInput* in = add(*c.elapsed, "Elapsed")) {
            in->op = kElapsedRow;
            in->higherIsBetter = false;
            in->unit = "seconds";
        }
    return inputs;
}

RunVerdict newVerdict(const VerdictContext& c, RunVerdict::Design design, const ComparisonRuns& cmp) {
    RunVerdict rv;
    rv.design = design;
    rv.base = cmp.base.front();
    rv.now = cmp.now.front();
    rv.a2 = design == RunVerdict::Design::Aba ? cmp.base.back() : "";
    if (design == RunVerdict::Design::Interleaved) {
        rv.baseGroup = cmp.base;
        rv.nowGroup = cmp.now;
    }
    rv.inputs = verdictInputs(c, cmp);
    for (const std::string& op : c.contextOps)
        if (auto in = replicatedInput(runsNamed(c.runs, cmp.base), runsNamed(c.runs, cmp.now), op, c.o.units)) {
            in->unit = unitOfOperation(c.units, op);
            rv.context.push_back(contextRow(*in));
        }
    rv.note = directionNote(c.b.name, c.runs.front(), c.ops, c.units);
    return rv;
}

// A/B/A (each middle run a B), or A/B/A/B... (every A run against every B run).
void abaVerdicts(const VerdictContext& c, const std::string& left) {
    std::vector<std::string> names;
    for (const RunSummary& r : c.runs) names.push_back(r.testName);
    if (std::optional<ReplicateGroups> g = interleavedGroups(names, c.recorded); g && g->b.size() >= 2) {
        c.b.verdicts.push_back(newVerdict(c, RunVerdict::Design::Interleaved, {g->a, g->b}));
        return;
    }
    if (c.runs.size() < 3) {
        c.b.verdictNotes.push_back("A/B/A verdict for " + c.b.name + ": needs three" + left + " runs (A, B, A again)");
        return;
    }
    for (std::size_t i = 1; i + 1 < c.runs.size(); ++i)
        c.b.verdicts.push_back(newVerdict(c, RunVerdict::Design::Aba, {{names.front(), names.back()}, {names[i]}}));
}

void againstFirstVerdicts(const VerdictContext& c, const std::string& left) {
    if (c.runs.size() < 2) {
        c.b.verdictNotes.push_back("Verdict for " + c.b.name + ": needs two" + left + " runs");
        return;
    }
    for (std::size_t i = 1; i < c.runs.size(); ++i)
        c.b.verdicts.push_back(
            newVerdict(c, RunVerdict::Design::AgainstFirst, {{c.runs.front().testName}, {c.runs[i].testName}}));
}

// --bisect --good/--bad: every other run group placed between the references.
void referenceVerdicts(const VerdictContext& c) {
    std::vector<std::string> names;
    for (const RunSummary& r : c.runs) names.push_back(r.testName);
    auto good = runsNamed(c.runs, c.o.bisectGood), bad = runsNamed(c.runs, c.o.bisectBad);
    if (good.empty() || bad.empty()) {
        c.b.verdictNotes.push_back("Bisect for " + c.b.name + ": a --good or --bad run is not among its valid runs");
        return;
    }
    // Runs are the units: a reference of one run says nothing of the run-to-run noise a candidate run has.
    if (good.size() < 2 || bad.size() < 2) {
        c.b.verdictNotes.push_back("Bisect for " + c.b.name +
                                   ": a reference has a single run, so its run-to-run noise is unknown; run each "
                                   "reference again (skip: 125)");
        return;
    }
    std::vector<std::string> goodAndAnchor = c.o.bisectGood;  // the anchor's runs are no candidate
    goodAndAnchor.insert(goodAndAnchor.end(), c.o.bisectAnchor.begin(), c.o.bisectAnchor.end());
    auto anchor = runsNamed(c.runs, c.o.bisectAnchor);
    for (auto& [name, group] : bisectCandidates(names, goodAndAnchor, c.o.bisectBad, c.recorded)) {
        BenchmarkResults::Candidate cand;
        cand.name = name;
        cand.runs = group;
        auto runs = runsNamed(c.runs, group);
        for (const std::string& op : c.ops) {
            PositionInput in{op, {}, {}, {}};
            auto gather = [&op, &c](const std::vector<const RunSummary*>& from, std::vector<double>& into) {
                for (const RunSummary* r : from) {  // one value a run: the mean of its units
                    std::vector<double> u = unitValues(*r, op, c.o.units);
                    if (!u.empty()) into.push_back(std::accumulate(u.begin(), u.end(), 0.0) / double(u.size()));
                }
            };
            gather(good, in.good);
            gather(bad, in.bad);
            gather(runs, in.candidate);
            gather(anchor, in.anchor);
            cand.inputs.push_back(std::move(in));
        }
        c.b.bisect.push_back(std::move(cand));
    }
    if (c.b.bisect.empty()) c.b.verdictNotes.push_back("Bisect for " + c.b.name + ": no run besides the references");
}

void twoBaselinesVerdict(const VerdictContext& c, const KernelsData& d, const AltReportLoader& altRuns,
                         const std::string& left) {
    if (c.runs.size() < 2) {
        c.b.verdictNotes.push_back("Two-baseline table for " + c.b.name + ": needs two" + left + " runs");
        return;
    }
    std::string alt = verdictReport(c.b.name, Verdict::TwoBaselines).value_or("");
    std::vector<RunSummary> altValid =
        alt.empty()
            ? c.runs
            : without(inOrder(verdictRuns(altRuns(alt), c.b.validity, c.o.includeInvalid), d.roleRuns), c.leftOut);
    if (altValid.size() < 2) {
        c.b.verdictNotes.push_back("Two-baseline table for " + c.b.name + " -a " + alt + ": needs two" + left +
                                   " runs with its logs");
        return;
    }
    c.b.baselines = twoBaselines(altValid, alt.empty() ? c.ops : verdictOps(altValid.front(), c.o.metric), c.o.units);
    if (auto cpu = cpuColumnSource(c.b.name)) addCpuColumn(*c.b.baselines, altRuns(cpu->altReport), cpu->cpuOp);
}

void rfcVerdict(const VerdictContext& c, const KernelsData& d, const AltReportLoader& altRuns) {
    std::optional<std::string> alt = verdictReport(c.b.name, Verdict::Rfc);
    if (!alt) return;  // the RFC table is pipe-pingpong's
    c.b.rfc =
        rfcRows(without(inOrder(verdictRuns(altRuns(*alt), c.b.validity, c.o.includeInvalid), d.roleRuns), c.leftOut));
    if (c.b.rfc.empty())
        c.b.verdictNotes.push_back("RFC table for " + c.b.name + ": no run has an RFC \"iters:\" line");
}

// The elapsed row needs each verdict run's duration, in the same order.
bool alignedDurations(const std::vector<RunSummary>& runs, const std::vector<RunSummary>& elapsed) {
    return elapsed.size() == runs.size() &&
           std::equal(runs.begin(), runs.end(), elapsed.begin(),
                      [](const RunSummary& x, const RunSummary& y) { return x.testName == y.testName; });
}

// A run's settings for bench as the report read them once with the runs.
RunSettingsOf recordedSettingsOf(const KernelsData& d, const std::string& bench) {
    return [&d, bench](const std::string& run) -> std::optional<std::vector<std::string>> {
        const auto r = std::find_if(d.recordedSettings.begin(), d.recordedSettings.end(),
                                    [&bench](const RecordedSettings& s) { return s.bench == bench; });
        const auto at = std::find(d.runs.begin(), d.runs.end(), run);
        if (r == d.recordedSettings.end() || at == d.runs.end()) return std::nullopt;
        const auto i = static_cast<std::size_t>(at - d.runs.begin());
        return i < r->perRun.size() ? r->perRun[i] : std::nullopt;
    };
}

}  // namespace

// Every verdict asked for (none asked: the design the runs imply), over the
// runs it may use, in role order. The calls themselves wait for the whole
// report's family (settleFamilies).
void computeVerdicts(const KernelsOptions& o, const KernelsData& d, BenchmarkResults& b,
                     const std::vector<RunSummary>& durationRuns, const AltReportLoader& altRuns) {
    std::vector<RunSummary> runs = inOrder(verdictRuns(b.runs, b.validity, o.includeInvalid), d.roleRuns);
    std::vector<RunSummary> elapsed = inOrder(verdictRuns(durationRuns, b.validity, o.includeInvalid), d.roleRuns);
    std::vector<std::string> leftOut;
    if (!o.mixSettings) {
        std::vector<std::string> names;
        for (const RunSummary& r : runs) names.push_back(r.testName);
        SettingsSplit split = splitBySettings(b.name, names, recordedSettingsOf(d, b.name));
        leftOut = split.leftOut;
        b.settingsNote = split.note;
        runs = without(runs, leftOut);
        elapsed = without(elapsed, leftOut);
    }
    std::vector<Verdict> wanted = o.verdicts;
    if (wanted.empty() && !o.noVerdict && o.bisectGood.empty()) wanted.push_back(d.design);
    if (!d.hostDifferences.empty() && (!wanted.empty() || !o.bisectGood.empty())) {
        b.verdictNotes.push_back("Verdicts for " + b.name + ": none: the runs ran on different machines (" +
                                 d.hostDifferences.front() + ")");
        return;
    }
    const std::string left = runs.size() < b.runs.size() ? " valid" : "";
    if (runs.empty()) {
        if (!wanted.empty() || !o.bisectGood.empty())
            b.verdictNotes.push_back("Verdicts for " + b.name + ": no valid run");
        return;
    }
    bool elapsedWanted = !o.metric || MetricRegex(*o.metric).search(kElapsedRow);
    std::optional<std::string> yaml = embeddedShellpackYaml(b.name);
    std::vector<std::string> ops = verdictOps(runs.front(), o.metric);
    std::vector<std::string> context = splitFamily(b.name, ops, o.metric.has_value());
    VerdictContext c{o,       b,
                     runs,    elapsedWanted && alignedDurations(runs, elapsed) ? &elapsed : nullptr,
                     ops,     yaml ? metricUnits(*yaml) : std::map<std::string, std::string>(),
                     leftOut, d.recorded,
                     context};
    b.units = unitDesign(runs, o.units);
    if (!o.bisectGood.empty()) referenceVerdicts(c);
    for (Verdict v : wanted) {
        if (v == Verdict::Aba) abaVerdicts(c, left);
        else if (v == Verdict::AgainstFirst) againstFirstVerdicts(c, left);
        else if (v == Verdict::TwoBaselines) twoBaselinesVerdict(c, d, altRuns, left);
        else if (v == Verdict::Rfc) rfcVerdict(c, d, altRuns);
        else b.lkp = lkpTables(runs, c.ops, o.calls, o.units);  // printed once for every benchmark (mergeLkpTables)
    }
    for (RunVerdict& v : b.verdicts) v.units = b.units;
}

}  // namespace mmtp::compare
