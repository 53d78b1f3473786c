// The text report: first what compare-kernels.sh prints, in its order and
// layout, then, under one heading, what only we print (mitigation costs and
// state, run validity, verdicts, the sections that failed).
#include "kernels/page.hpp"

#include "input/machine_state.hpp"
#include "base/text_format.hpp"
#include "render/render.hpp"
#include "render/verdict_text.hpp"
#include "kernels/preamble.hpp"
#include "kernels/verdict_inputs.hpp"
#include "kernels/verdict_roles.hpp"
#include "stats/row_kinds.hpp"
#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

using mmtp::formatText;

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

std::string rolesSummary(const KernelsData& d) {
    const std::vector<std::string>& r = d.roleRuns;
    if (r.size() < 2) return "";
    std::string line = "Roles: ";
    if (!d.bisectGood.empty()) {
        auto list = [](const std::vector<std::string>& names) {
            std::string out;
            for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
            return out;
        };
        return line + "good " + list(d.bisectGood) + "; bad " + list(d.bisectBad) +
               "; every other run group a bisect candidate\n";
    }
    std::optional<ReplicateGroups> g = interleavedGroups(r);
    if (d.design == Verdict::Aba && g && g->b.size() >= 2) {
        auto list = [](const std::vector<std::string>& names) {
            std::string out;
            for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
            return out;
        };
        line += "A " + list(g->a) + "; B " + list(g->b) + " (A/B/A/B: the runs alternate between two names)";
    } else if (d.design == Verdict::Aba && r.size() >= 3) {
        line += "A1 " + r.front() + ", B ";
        for (std::size_t i = 1; i + 1 < r.size(); ++i) line += (i > 1 ? " and " : "") + r[i];
        line += ", A2 " + r.back();
        if (d.impliedDesign) line += " (A/B/A: the first and last runs share the name '" + baselineName(r.front()) + "')";
    } else {
        line += "each of";
        for (std::size_t i = 1; i < r.size(); ++i) line += " " + r[i];
        line += " against " + r.front();
        if (d.impliedDesign) line += " (the first and last runs share no baseline name: not A/B/A)";
    }
    line += "\n";
    if (r != d.runs) line += "(--sort-version orders the tables' columns only; the roles follow the run order above)\n";
    return line;
}

std::string verdictBlock(const KernelsOptions& o, const KernelsData& d) {
    std::string out;
    for (const BenchmarkResults& b : d.benchmarks) {
        for (const RunVerdict& v : b.verdicts) out += "\n" + renderVerdict(b.name, v);
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
    return std::string(kVerdictHeading) + "\n" + rolesSummary(d) + out + "\n" + kShReportHeading + "\n";
}

std::string renderKernelsText(const KernelsOptions& o, const KernelsData& d) {
    std::string out = verdictBlock(o, d) + compareKernelsShText(d);
    out += "\n=== compare-kernels (mmtests-plugins): beyond MMTests' compare-kernels.sh ===\n";
    if (!o.title.empty()) out += o.title + "\n";
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

namespace {

// Plain ASCII (anything else from the tree shows as '?') in lines of at most
// width columns, a long line broken at a blank and continued indented.
std::string asciiWrapped(const std::string& text, std::size_t width = 80) {
    std::string out, line;
    auto flush = [&out, width](std::string l) {
        const std::string indent = "      ";
        bool first = true;
        while (l.size() > width) {
            std::size_t cut = l.rfind(' ', width);
            if (cut == std::string::npos || cut <= indent.size()) cut = width;
            out += l.substr(0, cut) + "\n";
            l = indent + l.substr(cut == width ? cut : cut + 1);
            first = false;
        }
        (void)first;
        out += l + "\n";
    };
    for (char c : text) {
        if (c == '\n') {
            flush(line);
            line.clear();
        } else {
            unsigned char u = static_cast<unsigned char>(c);
            line += u == '\t' ? ' ' : (u < 0x20 || u >= 0x7f) ? '?' : c;
        }
    }
    if (!line.empty()) flush(line);
    return out;
}

std::string mailVerdict(const std::string& bench, const RunVerdict& v) {
    std::string out = bench + ": " + rolesLine(v) + "\n  " + callCounts(v.family) + "\n  (" + statisticLine(v) + ")\n";
    for (const MetricCall& r : v.family.rows) {
        if (r.call == Call::NoChange) continue;
        std::string interval = r.change.hasInterval()
                                   ? formatText("[%+.1f%%, %+.1f%%]", r.change.lowPct, r.change.highPct)
                                   : std::string("[no interval]");
        std::string change = std::isfinite(r.change.changePct) ? formatText("%+7.2f%%", r.change.changePct) : "       -";
        out += formatText("  %-12s %s %-18s %s\n", callName(r.call), change.c_str(), interval.c_str(), r.op.c_str());
        std::string why = undecidedText(r, v.units.kind);
        if (!why.empty()) out += "      " + why + "\n";
    }
    std::size_t same = v.family.count(Call::NoChange);
    if (same > 0) out += formatText("  %zu metric%s no change (interval within +-%.3g%%%s)\n", same,
                                    same == 1 ? "" : "s", v.family.thresholdPct,
                                    v.family.perMetricThresholds ? " or its --threshold" : "");
    return out;
}

}  // namespace

std::string renderKernelsMail(const KernelsOptions& o, const KernelsData& d) {
    std::string out = "compare-kernels verdict\n" + rolesSummary(d);
    for (const BenchmarkResults& b : d.benchmarks) {
        for (const RunVerdict& v : b.verdicts) out += "\n" + mailVerdict(b.name, v);
        for (const std::string& n : b.verdictNotes) out += n + "\n";
        if (!b.error.empty()) out += b.name + ": not compared: " + b.error + "\n";
        for (const RunValidity& v : b.validity)
            if (!v.valid()) out += b.name + ": INVALID run " + v.run + " (" + problemName(v.problem) + ")\n";
    }
    if (!d.lkpAcross.empty()) out += "\n" + std::string(kLkpAcrossTitle) + " (calls only)\n" + renderLkp(d.lkpAcross, o.lkpAll, true);
    std::string state = renderMachineStateText(d.states) + settingsDifferencesText(d.settings);
    out += "\n" + (state.empty() ? std::string("Mitigation state and settings: the same in every run\n") : state);
    return asciiWrapped(out);
}

}  // namespace mmtp::compare
