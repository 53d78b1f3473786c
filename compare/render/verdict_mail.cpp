#include "render/verdict_mail.hpp"

#include "base/text_format.hpp"
#include "render/verdict_text.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace mmtp::compare {

using mmtp::formatText;

namespace {

// A metric name longer than this gets its own line, its values below it.
constexpr int kMetricWidth = 18;

// The change and the half-width of its (symmetric) interval: "-15.0%", "+-1.1%".
std::string changeCell(const ChangeEstimate& e) {
    return std::isfinite(e.changePct) ? formatText("%+.1f%%", e.changePct) : std::string("-");
}

std::string intervalCell(const ChangeEstimate& e) {
    if (!e.hasInterval()) return "no intvl";
    return formatText("+-%.1f%%", (e.highPct - e.lowPct) / 2);
}

// One metric: name, both sides' absolute values and unit, change, interval, call.
std::string metricRow(const std::string& op, double base, double now, const std::string& unit, const ChangeEstimate& e,
                      const char* call) {
    std::string name = op;
    std::string out;
    if (static_cast<int>(name.size()) > kMetricWidth) {
        out = "  " + op + "\n";
        name.clear();
    }
    return out + formatText("  %-*s %9s %9s %-7s %7s %8s %s\n", kMetricWidth, name.c_str(), mailValue(base).c_str(),
                            mailValue(now).c_str(), mailUnit(unit).c_str(), changeCell(e).c_str(),
                            intervalCell(e).c_str(), call);
}

std::string rowsHeader(const char* base, const char* now) {
    return formatText("  %-*s %9s %9s %-7s %7s %8s %s\n", kMetricWidth, "metric", base, now, "unit", "change",
                      "interval", "call");
}

// Which rows a reader must see first: calls, then what could not be told,
// then small changes; the largest change first within each.
int priority(Call c) {
    switch (c) {
        case Call::Regression: return 0;
        case Call::Improvement: return 1;
        case Call::Inconclusive: return 2;
        case Call::Small: return 3;
        case Call::NoChange: break;
    }
    return 4;
}

std::vector<const MetricCall*> listedRows(const CallFamily& f) {
    std::vector<const MetricCall*> rows;
    for (const MetricCall& r : f.rows)
        if (r.call != Call::NoChange) rows.push_back(&r);
    auto size = [](const MetricCall* r) {
        return std::isfinite(r->change.changePct) ? std::fabs(r->change.changePct) : -1.0;
    };
    std::stable_sort(rows.begin(), rows.end(), [&size](const MetricCall* a, const MetricCall* b) {
        if (priority(a->call) != priority(b->call)) return priority(a->call) < priority(b->call);
        return size(a) > size(b);
    });
    if (rows.size() > kMailRowsShown) rows.resize(kMailRowsShown);
    return rows;
}

// The widest end of the no-change rows' intervals, in percent.
double widestNoChange(const std::vector<const MetricCall*>& rows) {
    double widest = 0;
    for (const MetricCall* r : rows)
        if (r->change.hasInterval())
            widest = std::max({widest, std::fabs(r->change.lowPct), std::fabs(r->change.highPct)});
    return widest;
}

// "... and 39 more metrics: 37 no change (every interval within +-1.2%), 2 inconclusive".
std::string unlistedLine(const std::vector<const MetricCall*>& rest, bool anyListed) {
    if (rest.empty()) return "";
    std::map<int, std::vector<const MetricCall*>> byCall;
    for (const MetricCall* r : rest) byCall[priority(r->call)].push_back(r);
    std::string parts;
    for (const auto& [p, rows] : byCall) {
        std::string part = formatText("%zu %s", rows.size(), callName(rows.front()->call));
        if (rows.front()->call == Call::NoChange)
            part += formatText(" (every interval within +-%.2f%%)", widestNoChange(rows));
        parts += (parts.empty() ? "" : ", ") + part;
    }
    return formatText("  %s%zu metric%s: ", anyListed ? "... and " : "", rest.size(), rest.size() == 1 ? "" : "s") +
           parts + "\n";
}

std::vector<const MetricCall*> unlisted(const CallFamily& f, const std::vector<const MetricCall*>& listed) {
    std::vector<const MetricCall*> rest;
    for (const MetricCall& r : f.rows)
        if (std::find(listed.begin(), listed.end(), &r) == listed.end()) rest.push_back(&r);
    return rest;
}

std::string sidesLine(const RunVerdict& v) {
    const auto [base, now] = unitsPerSide(v);
    const char* noun = unitNoun(v.units.kind);
    std::string out = formatText("  value: the mean over %s of each one's %s (base %zu, new %zu)", noun,
                                 unitStatName(v.units.stat), base, now);
    if (v.family.tested > 0)
        out += formatText("; calls: %.1f%% intervals, family-wise over %zu metrics; no change: %.0f%% per metric",
                          v.family.confidence * 100, v.family.tested, v.family.equivalenceConfidence * 100);
    return out + "\n";
}

std::string sideNames(const RunVerdict& v) {
    auto joined = [](const std::vector<std::string>& names) {
        std::string out;
        for (const std::string& n : names) out += (out.empty() ? "" : " + ") + n;
        return out;
    };
    switch (v.design) {
        case RunVerdict::Design::Aba: return v.now + " (B, new) against " + v.base + " + " + v.a2 + " (A1 + A2, base)";
        case RunVerdict::Design::Interleaved:
            return joined(v.nowGroup) + " (B, new) against " + joined(v.baseGroup) + " (A, base)";
        case RunVerdict::Design::AgainstFirst: break;
    }
    return v.now + " (new) against " + v.base + " (base)";
}

}  // namespace

std::string mailWrapped(const std::string& text, std::size_t width) {
    const std::string indent = "      ";
    std::string out, line;
    auto flush = [&out, &indent, width](std::string l) {
        while (l.size() > width) {
            std::size_t cut = l.rfind(' ', width);
            bool atBlank = cut != std::string::npos && cut > indent.size();
            if (!atBlank) cut = width;
            out += l.substr(0, cut) + "\n";
            l = indent + l.substr(atBlank ? cut + 1 : cut);
        }
        out += l + "\n";
    };
    for (char c : text) {
        if (c == '\n') {
            flush(line);
            line.clear();
            continue;
        }
        unsigned char u = static_cast<unsigned char>(c);
        line += u == '\t' ? ' ' : (u < 0x20 || u >= 0x7f) ? '?' : c;
    }
    if (!line.empty()) flush(line);
    return out;
}

std::string mailUnit(const std::string& unit) {
    static const std::map<std::string, std::string> kShort = {
        {"TIME_NSECONDS", "ns"},
        {"TIME_USECONDS", "us"},
        {"TIME_MSECONDS", "ms"},
        {"TIME_SECONDS", "s"},
        {"seconds", "s"},
        {"TIME_USECONDS_PER_OP", "us/op"},
        {"KOPS_PER_SECOND", "kops/s"},
        {"OPS_PER_SECOND", "ops/s"},
        {"BOPS_PER_SECOND", "bogo/s"},
        {"OPS", "ops"},
        {"PERCENTAGE", "%"},
        {"TIME_PERCENTAGE", "% time"},
        {"KBYTES_PER_SECOND", "KB/s"},
        {"KiBYTES_PER_SECOND", "KiB/s"},
        {"MBYTES_PER_SECOND", "MB/s"},
        {"GBYTES_PER_SECOND", "GB/s"},
        {"MBITS_PER_SECOND", "Mbit/s"},
        {"TRANS_PER_SECOND", "trans/s"},
        {"KBYTES", "KiB"},
        {"OPS_PER_MINUTE", "ops/min"},
        {"FAILURES", "failures"},
    };
    auto s = kShort.find(unit);
    if (s != kShort.end()) return s->second;
    return unit.empty() ? "-" : unit.substr(0, 7);
}

std::string mailValue(double x) {
    if (!std::isfinite(x)) return "-";
    double a = std::fabs(x);
    if (a >= 1e8) return formatText("%.2e", x);
    if (a >= 1000) return formatText("%.0f", x);
    if (a >= 10) return formatText("%.2f", x);
    if (a >= 0.01 || a == 0) return formatText("%.3f", x);
    return formatText("%.2e", x);
}

std::string mailVerdict(const std::string& bench, const RunVerdict& v) {
    std::string out = bench + ": " + sideNames(v) + "\n" + sidesLine(v);
    if (!v.note.empty()) out += "  (" + v.note + ")\n";
    std::vector<const MetricCall*> listed = listedRows(v.family);
    if (!listed.empty()) out += rowsHeader("base", "new");
    bool inconclusive = false;
    for (const MetricCall* r : listed) {
        out += metricRow(r->op, r->change.baseMean, r->change.nowMean, r->unit, r->change, callName(r->call));
        inconclusive = inconclusive || r->call == Call::Inconclusive;
    }
    out += unlistedLine(unlisted(v.family, listed), !listed.empty());
    if (inconclusive)
        out += "  (inconclusive: no interval, or too wide to call; the text report says what would settle it)\n";
    return out + "  " + callCounts(v.family) + "\n";
}

namespace {

// Seed 004's columns: the run, its mean and stdev, the change against each
// baseline, the job's CPU and the interval of the change against base 1;
// the run names' width is the longest's, within these bounds, so a line
// stays within 80 columns.
constexpr std::size_t kMinRunWidth = 10, kMaxRunWidth = 22;

std::string twoBaselinesRow(const TwoBaselinesRow& r, int width) {
    const std::string cpu = r.cpuPct ? formatText("%.1f%%", *r.cpuPct) : std::string("-");
    const std::string name = r.run.size() > kMaxRunWidth ? r.run.substr(0, kMaxRunWidth - 1) + "~" : r.run;
    const std::string interval =
        r.vsBase1.hasInterval() ? formatText("[%+.1f, %+.1f]", r.vsBase1.lowPct, r.vsBase1.highPct) : "";
    std::string row = formatText("%-*s %8s %7s %8.2f%% %8.2f%% %6s  %s", width, name.c_str(),
                                 mailValue(r.stats.mean).c_str(), mailValue(r.stats.stddev).c_str(),
                                 r.pctBase1 + 0.0, r.pctBase2 + 0.0, cpu.c_str(), interval.c_str());  // no "-0.00%"
    return row.substr(0, row.find_last_not_of(' ') + 1);
}

}  // namespace

std::string mailTwoBaselines(const std::string& bench, const TwoBaselinesTable& t, const UnitOf& unitOf,
                             const LabelOf& labelOf) {
    if (t.runs.size() < 2) return "";
    std::size_t width = kMinRunWidth;
    for (const std::string& run : t.runs) width = std::clamp(run.size(), width, kMaxRunWidth);
    const int w = static_cast<int>(width);
    std::string out = bench + ": every run against " + t.runs[0] + " (base 1) and " + t.runs[1] + " (base 2)\n" +
                      (t.overBoots ? "  mean and stdev over each run's boots, % against each base, the job's\n"
                                   : "  mean and stdev of each run's iterations, % against each base, the job's\n") +
                      "  CPU, and the 95% interval of the change against base 1 (Student t);\n"
                      "  no calls here\n";
    std::size_t shown = 0;
    for (const TwoBaselinesBlock& b : t.blocks) {
        if (shown++ == kMailBlocksShown) break;
        const std::string label = (labelOf ? labelOf(b.op) : b.op) + " (" + mailUnit(unitOf(b.op)) + ")";
        const bool fits = label.size() <= width;  // else the label has a line of its own
        out += "\n" + (fits ? std::string() : label + "\n") +
               formatText("%-*s %8s %7s %9s %9s %6s  %s\n", w, fits ? label.c_str() : "", "mean", "stdev", "vs base1",
                          "vs base2", "CPU", "interval");
        for (const TwoBaselinesRow& r : b.rows) out += twoBaselinesRow(r, w) + "\n";
    }
    if (t.blocks.size() > kMailBlocksShown)
        out += formatText("  ... and %zu more operations (the text report lists them)\n",
                          t.blocks.size() - kMailBlocksShown);
    return out;
}

std::string mailLkp(const std::vector<LkpTable>& tables, bool all, const UnitOf& unitOf) {
    std::string out;
    for (const LkpTable& t : tables) {
        out += "LKP: " + t.newRun + " (new) against " + t.baseRun + " (base)\n" +
               "  value: the mean of each run's iteration means; the engine's call per metric\n";
        std::size_t listed = 0;
        std::vector<const MetricCall*> rest;
        for (const LkpRow& r : t.rows) {
            if ((!all && !isCall(r.call.call)) || listed == kMailRowsShown) {
                rest.push_back(&r.call);
                continue;
            }
            if (listed++ == 0) out += rowsHeader("base", "new");
            out += metricRow(r.op, r.base.mean, r.now.mean, unitOf(r.op), r.call.change, callName(r.call.call));
        }
        out += unlistedLine(rest, listed > 0);
    }
    return out;
}

std::string mailRfc(const std::string& bench, const std::vector<RfcRow>& rows) {
    if (rows.empty()) return "";
    std::string out =
        bench + " RFC table: every run against " + rows.front().run + " (base)\n" +
        "  value: the mean of t/iters over each run's measurements (+-: their stddev)\n" +
        formatText("  %-20s %-10s %9s %8s %7s %10s %5s\n", "run", "mode", "us/iter", "+-", "x base", "iter/sec", "n");
    for (const RfcRow& r : rows)
        out += formatText("  %-20s %-10s %9s %8s %6.2fx %10s %5zu\n", r.run.c_str(), r.mode.c_str(),
                          mailValue(r.usPerIter.mean).c_str(), mailValue(r.usPerIter.stddev).c_str(), r.timesBaseline,
                          mailValue(r.iterPerSec).c_str(), r.usPerIter.n);
    return out;
}

}  // namespace mmtp::compare
