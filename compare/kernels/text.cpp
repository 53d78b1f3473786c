// The text report: first what compare-kernels.sh prints, in its order and
// layout, then, under one heading, what only we print (mitigation costs and
// state, run validity, verdicts, the sections that failed).
#include "kernels/page.hpp"

#include "input/machine_state.hpp"
#include "kernels/machine_limits.hpp"
#include "render/render.hpp"
#include "render/verdict_text.hpp"
#include "kernels/design_line.hpp"
#include "kernels/preamble.hpp"
#include "kernels/table_vs_verdict.hpp"
#include "kernels/verdict_inputs.hpp"
#include "kernels/vmstat.hpp"
#include "stats/row_kinds.hpp"
#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>


namespace mmtp::compare {

namespace {

std::string compareKernelsShText(const KernelsData& d) {
    std::string out = renderPreambleText(d.settings);
    bool first = true;
    for (const BenchmarkResults& b : d.benchmarks) {
        out += "\n";
        if (first) out += d.optionBlocks;  // once, before the first benchmark
        first = false;
        for (const ReportPart& p : b.parts) {
            if (!p.isTable) out += p.line + "\n";
            else if (p.table) out += p.before + renderReport(*p.table, OutputFormat::Text);
        }
    }
    return out;
}

std::string number(int decimals, double x) {
    if (std::isnan(x)) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

// Where a mitigation's price shows: time in the kernel, context switches and
// interrupts, per run, from our reading of the vmstat monitor (not MMTests'
// vmstat table, which misreads unstamped logs). A run that measured nothing
// says why instead of showing figures.
std::string costsText(const KernelsData& d) {
    std::string out = std::string("Mitigation costs (vmstat while each benchmark ran; each figure the ") +
                      kCostsStatistic + ": sy = % of CPU time in the kernel, cs and in per second)\n";
    bool any = false;
    for (const BenchmarkResults& b : d.benchmarks) {
        if (!b.costs) continue;
        any = true;
        char head[200];
        std::snprintf(head, sizeof head, "  %-38s %10s %14s %14s %8s\n", b.name.c_str(), "sys%", "ctxsw/s", "intr/s",
                      "samples");
        out += head;
        for (const RunCosts& c : *b.costs) {
            char row[256];
            std::snprintf(row, sizeof row, "  %-38s %10s %14s %14s %8s", ("  " + c.run).c_str(),
                          number(2, c.sysPct).c_str(), number(0, c.contextSwitches).c_str(),
                          number(0, c.interrupts).c_str(), c.samples ? std::to_string(c.samples).c_str() : "-");
            out += row;
            if (!c.notMeasured.empty()) out += "  not measured: " + c.notMeasured;
            if (!c.invalid.empty()) out += "  INVALID (kept, --include-invalid): " + c.invalid;
            out += "\n";
        }
    }
    return any ? out : "Mitigation costs: no vmstat monitor log in these runs (RUN_MONITOR=yes records one)\n";
}

// Which statistic the MMTests tables above print per benchmark: its mean
// row, or the one value of a Singleops row (compare-mmtests --explain says
// it for every row kind).
std::string statisticsText(const KernelsData& d) {
    std::string out;
    for (const BenchmarkResults& b : d.benchmarks) {
        if (b.runs.empty()) continue;
        const RunSummary& r = b.runs.front();
        const bool single = r.summaryType == SummaryType::Singleops;
        const std::string sumop = single ? "_value" : "_mean";
        out += "  " + b.name + ": " + statName(sumop, r.preferHigher, r.opName) + " = " +
               describeStatistic(sumop, r.preferHigher, r.summaryType) + "\n";
    }
    if (std::any_of(d.benchmarks.begin(), d.benchmarks.end(), [](const BenchmarkResults& b) { return b.duration; }))
        out += "  duration tables: Duration = " + describeStatistic("_value", false, SummaryType::Singleops) +
               " (seconds; the verdicts' complete test time is the mean of the iterations)\n";
    return out.empty() ? out
                       : "Statistics of the MMTests tables above (compare-mmtests --explain names every row kind)\n" +
                             out;
}

// compare-kernels.sh prints whole values (an LSM list, every C-state line);
// here only what differs between the runs.
std::string settingsDifferencesText(const std::vector<RunSettings>& runs) {
    struct Setting {
        const char* name;
        const char* separators;
        std::string (*value)(const RunSettings&);
    };
    const Setting settings[] = {
        {"LSM module order", ", \n", [](const RunSettings& r) { return r.lsm; }},
        {"preemption", " \n", [](const RunSettings& r) { return r.preempt; }},
        {"C-state exit latencies", "\n", [](const RunSettings& r) { return r.cpuidle; }},
        {"storage scheduler", "\n", [](const RunSettings& r) {
             std::string all;
             for (const std::string& row : r.ioSchedulers) {
                 std::size_t v = row.find_first_not_of(' ', row.find(':') + 1);
                 all += (v == std::string::npos ? "" : row.substr(v)) + "\n";
             }
             return all;
         }},
    };
    std::string out;
    for (const Setting& s : settings) {
        std::vector<std::string> values;
        for (const RunSettings& r : runs) values.push_back(s.value(r));
        std::vector<std::string> differ = tokensNotShared(values, s.separators);
        if (differ.empty()) continue;
        out += std::string(s.name) + " (only what not every run has)\n";
        for (std::size_t i = 0; i < runs.size(); ++i) {
            char label[64];
            std::snprintf(label, sizeof label, "  %-38s", (runs[i].run + ":").c_str());
            out += std::string(label) + " " + (differ[i].empty() ? "-" : differ[i]) + "\n";
        }
    }
    return out;
}

// Each invalid run and why.
std::string validityText(const KernelsOptions& o, const std::vector<RunValidity>& validity) {
    if (!anyInvalid(validity)) return "";
    std::string out = std::string("Run validity: ") +
                      (o.includeInvalid ? "kept in verdicts (--include-invalid)" : "left out of verdicts") +
                      "; their columns in the tables above are as MMTests prints them\n";
    for (const RunValidity& v : validity)
        if (!v.valid()) out += "  INVALID " + v.run + " (" + problemName(v.problem) + "): " + v.reason + "\n";
    return out + "\n";
}

std::string failedText(const KernelsData& d) {
    std::string out;
    for (const BenchmarkResults& b : d.benchmarks) {
        if (!b.error.empty()) out += "  " + b.name + ": not compared (no verdicts): " + b.error + "\n";
        for (const ReportPart& p : b.parts)
            if (!p.error.empty() && p.error != b.error) out += "  " + b.name + ": " + p.what + ": " + p.error + "\n";
    }
    return out.empty() ? out : "Sections that failed (not printed above; the rest of the report went on)\n" + out;
}

}  // namespace

namespace {

// Each line under a heading, indented; "" without lines.
std::string linesUnder(const char* heading, const std::vector<std::string>& lines, const char* indent) {
    if (lines.empty()) return "";
    std::string out = std::string(heading) + "\n";
    for (const std::string& l : lines) out += indent + l + "\n";
    return out;
}

// What the machine could not do: above the verdict it qualifies.
std::string limitsText(const KernelsData& d) { return linesUnder("Machine limits (read before the verdict)", d.limits, "  "); }

// The held warnings, counted: below the verdict, above the tables.
std::string warningsText(const KernelsData& d) {
    if (d.warningSummary.empty()) return "";
    std::vector<std::string> rest(d.warningSummary.begin() + 1, d.warningSummary.end());
    return linesUnder(("Warnings: " + d.warningSummary.front()).c_str(), rest, "");
}

// Each verdict's calls, counted, before any table: a verdict of 55 metrics
// puts its counts 60 lines down.
std::string answerText(const KernelsData& d) {
    std::string out;
    for (const BenchmarkResults& b : d.benchmarks)
        for (const RunVerdict& v : b.verdicts) out += "  " + b.name + ": " + rolesLine(v) + "\n    " + callCounts(v.family) + "\n";
    return out.empty() ? out : "Answer (the verdicts below are the evidence)\n" + out;
}

}  // namespace

std::string verdictBlock(const KernelsOptions& o, const KernelsData& d) {
    std::string out;
    for (const BenchmarkResults& b : d.benchmarks) {
        for (const RunVerdict& v : b.verdicts)
            out += "\n" + renderVerdict(b.name, v) + disagreementLines(signDisagreements(b, v), v);
        for (const BenchmarkResults::Candidate& c : b.bisect)
            out += "\n" + renderBisect(b.name, c.name, c.runs, c.positions, c.confidence);
        if (b.baselines) {
            std::string alt = verdictReport(b.name, Verdict::TwoBaselines).value_or("");
            out += "\n" + renderTwoBaselines(b.name + (alt.empty() ? "" : " -a " + alt), *b.baselines);
        }
        if (!b.rfc.empty()) out += "\n" + renderRfc(b.name, b.rfc);
        if (!b.settingsNote.empty()) out += b.settingsNote + "\n";
        for (const std::string& n : b.verdictNotes) out += n + "\n";
    }
    if (!d.lkpAcross.empty())
        out += "\n" + std::string(kLkpAcrossTitle) + "\n" + renderLkp(d.lkpAcross, o.lkpAll, o.lkpBoxed);
    if (out.empty()) return "";
    std::string limits = limitsText(d), warnings = warningsText(d), answer = answerText(d);
    return std::string(kVerdictHeading) + "\n" + measuredOnLine(d) + limits + (limits.empty() ? "" : "\n") + answer +
           (answer.empty() ? "" : "\n") + designSummary(o, d) + out +
           (warnings.empty() ? "" : "\n" + warnings) + "\n" + kShReportHeading + "\n";
}

std::string renderKernelsText(const KernelsOptions& o, const KernelsData& d) {
    const std::string verdict = verdictBlock(o, d);
    std::string out = verdict + compareKernelsShText(d);
    out += "\n=== compare-kernels (mmtests-plugins): beyond MMTests' compare-kernels.sh ===\n";
    if (!o.title.empty()) out += o.title + "\n";
    if (verdict.empty()) {  // no verdict block to head: the limits and warnings head ours
        std::string limits = limitsText(d), warnings = warningsText(d);
        out += limits + (limits.empty() ? "" : "\n") + warnings + (warnings.empty() ? "" : "\n");
    }
    out += costsText(d) + "\n";
    if (std::string stats = statisticsText(d); !stats.empty()) out += stats + "\n";
    out += renderMachineStateText(d.states);
    out += settingsDifferencesText(d.settings);
    for (const BenchmarkResults& b : d.benchmarks) {
        std::string own = validityText(o, b.validity);
        if (!own.empty()) out += "\n--- " + b.name + " ---\n" + own;
    }
    std::string failed = failedText(d);
    if (!failed.empty()) out += "\n" + failed;
    return out;
}

}  // namespace mmtp::compare
