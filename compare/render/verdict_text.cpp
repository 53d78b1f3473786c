#include "render/verdict_text.hpp"

#include "base/text_format.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare {

namespace {

using mmtp::formatText;

std::size_t widest(const std::vector<std::string>& names, std::size_t atLeast) {
    for (const std::string& n : names) atLeast = std::max(atLeast, n.size());
    return atLeast;
}

std::string intervalText(const ChangeEstimate& e) {
    return e.hasInterval() ? formatText("[%+.2f%%, %+.2f%%]", e.lowPct, e.highPct) : std::string("-");
}

}  // namespace

std::string rolesLine(const RunVerdict& v) {
    if (v.design == RunVerdict::Design::Aba) return "A/B/A: A1 " + v.base + ", B " + v.now + ", A2 " + v.a2;
    return v.now + " against " + v.base;
}

std::string callCounts(const CallFamily& f) {
    std::size_t regressions = f.count(Call::Regression), improvements = f.count(Call::Improvement);
    return formatText("%zu regression%s, %zu improvement%s, %zu no change, %zu inconclusive (of %zu metrics)",
                      regressions, regressions == 1 ? "" : "s", improvements, improvements == 1 ? "" : "s",
                      f.count(Call::NoChange), f.count(Call::Inconclusive), f.rows.size());
}

std::string statisticLine(const RunVerdict& v) {
    std::size_t now = 0, base = 0;
    for (const MetricCall& r : v.family.rows) {
        now = std::max(now, r.change.nowN);
        base = std::max(base, r.change.baseN);
    }
    std::string sides = v.design == RunVerdict::Design::Aba
                            ? formatText("B: mean of %zu iteration means; A: mean of A1's and A2's %zu", now, base)
                            : formatText("each run: mean of %zu / %zu iteration means", base, now);
    return sides + formatText("; %.1f%% intervals family-wise over %zu metrics (Bonferroni)",
                              (1 - v.family.alpha) * 100, v.family.tested);
}

std::string undecidedText(const MetricCall& r) {
    switch (r.why) {
        case Undecided::Called: return "";
        case Undecided::NoInterval: return "no interval: every run needs 2+ iterations (boots)";
        case Undecided::Drift: return formatText("the change is within the A1-A2 drift (%.2f%%)", r.driftPct.value_or(0));
        case Undecided::Wide: break;
    }
    std::string out = formatText("detects >= %.1f%%", r.detectablePct);
    if (r.iterationsNeeded)
        return out + formatText("; %zu iterations per run would detect %.3g%%", *r.iterationsNeeded, r.thresholdPct);
    return out + formatText("; %.3g%% needs over 1000 iterations per run", r.thresholdPct);
}

std::string renderVerdict(const std::string& bench, const RunVerdict& v) {
    std::vector<std::string> ops{"metric"};
    for (const MetricCall& r : v.family.rows) ops.push_back(r.op);
    int w = static_cast<int>(widest(ops, 6));
    std::vector<std::string> units{"unit"};
    for (const MetricCall& r : v.family.rows) units.push_back(r.unit);
    int uw = static_cast<int>(widest(units, 4));
    bool aba = v.design == RunVerdict::Design::Aba;
    std::string out = "Verdict for " + bench + ": " + rolesLine(v) + "\n";
    out += "(" + statisticLine(v) + ")\n";
    if (!v.note.empty()) out += "(" + v.note + ")\n";
    out += formatText("%-*s %-*s %-6s %8s  %-20s %s %s\n", w, "metric", uw, "unit", "better", "change", "interval",
                      aba ? " drift " : "", "call");
    for (const MetricCall& r : v.family.rows) {
        std::string interval = intervalText(r.change);
        std::string drift = aba ? (r.driftPct ? formatText("%6.2f%%", *r.driftPct) : std::string("     -")) : "";
        std::string why = undecidedText(r);
        out += formatText("%-*s %-*s %-6s %+7.2f%%  %-20s %s %s%s\n", w, r.op.c_str(), uw,
                          r.unit.empty() ? "-" : r.unit.c_str(), r.higherIsBetter ? "higher" : "lower",
                          r.change.changePct, interval.c_str(), drift.c_str(), callName(r.call),
                          why.empty() ? "" : (" (" + why + ")").c_str());
    }
    out += formatText("(regression/improvement: the interval excludes 0%s; no change: it lies within +-%.3g%%%s)\n",
                      aba ? " and the change exceeds the drift" : "", v.family.thresholdPct,
                      v.family.perMetricThresholds ? " (--threshold: per metric where set)" : "");
    return out + callCounts(v.family) + "\n";
}

std::string renderTwoBaselines(const std::string& bench, const TwoBaselinesTable& t) {
    if (t.runs.size() < 2) return "";
    std::vector<std::string> names = t.runs;
    for (const TwoBaselinesBlock& b : t.blocks) names.push_back(b.op);  // the op titles each block
    int nw = static_cast<int>(widest(names, 12));
    int bw = static_cast<int>(std::max<std::size_t>({12, t.runs[0].size(), t.runs[1].size()}));
    std::string cpuHead = t.hasCpu ? formatText(" %10s", "CPU util") : "";
    std::string out = "Mean and stdev against two baselines for " + bench + "\n";
    for (const TwoBaselinesBlock& b : t.blocks) {
        out += "\n" + formatText("%-*s %12s %10s %*s %*s\n", nw, "", "", "", bw, "Baseline", bw, "Baseline");
        out += formatText("%-*s %12s %10s %*s %*s", nw, b.op.c_str(), "Mean", "stdev", bw, t.runs[0].c_str(), bw,
                          t.runs[1].c_str()) + cpuHead + "  95% interval vs " + t.runs[0] + "\n";
        out += std::string(static_cast<std::size_t>(nw + 12 + 10 + 2 * bw + 4) + cpuHead.size(), '=') + "\n";
        for (const TwoBaselinesRow& r : b.rows) {
            out += formatText("%-*s %12.2f %10.2f %*.2f%% %*.2f%%", nw, r.run.c_str(), r.stats.mean, r.stats.stddev,
                              bw - 1, r.pctBase1, bw - 1, r.pctBase2);
            if (t.hasCpu) out += r.cpuPct ? formatText(" %9.2f%%", *r.cpuPct) : formatText(" %10s", "-");
            out += "  " + intervalText(r.vsBase1) + "\n";
        }
    }
    if (t.hasCpu) out += "(CPU util: the job's mean usr+sys CPU %, compare-mmtests -a cpu)\n";
    out += "(interval: the change of the mean of iteration means against the first baseline's, 95 %, Student t over "
           "iterations)\n";
    return out;
}

std::string renderLkp(const std::vector<LkpTable>& tables, bool all, bool boxed) {
    std::string out;
    for (const LkpTable& t : tables) {
        std::size_t hidden = 0;
        if (boxed) {
            out += formatText("%14s %7s | %14s %7s | %9s | %-12s | %s\n", t.baseRun.c_str(), "", t.newRun.c_str(), "",
                              "", "", "");
            out += formatText("%14s %7s | %14s %7s | %9s | %-12s | %s\n", "mainline", "stddev", "+patch", "stddev",
                              "%change", "call", "metric");
        } else {
            // "±" is two bytes: header cells are written out so columns line up on screen.
            out += formatText("%14s %8s %10s %14s\n", t.baseRun.c_str(), "", "", t.newRun.c_str());
            out += formatText("%14s  ±stddev %10s %14s  ±stddev  %-12s  %s\n", "base", "%change", "new", "call", "metric");
        }
        for (const LkpRow& r : t.rows) {
            bool called = r.call.call == Call::Regression || r.call.call == Call::Improvement;
            if (!all && !called) {
                ++hidden;
                continue;
            }
            if (boxed)
                out += formatText("%14.2f %6.1f%% | %14.2f %6.1f%% | %+8.2f%% | %-12s | %s\n", r.base.mean, r.base.cov,
                                  r.now.mean, r.now.cov, r.changePct, callName(r.call.call), r.op.c_str());
            else
                out += formatText("%14.2f  ±%5.1f%% %+9.2f%% %14.2f  ±%5.1f%%  %-12s  %s\n", r.base.mean, r.base.cov,
                                  r.changePct, r.now.mean, r.now.cov, callName(r.call.call), r.op.c_str());
        }
        if (hidden > 0)
            out += formatText("(%zu of %zu rows not shown: no change or inconclusive; --all shows them)\n", hidden,
                              t.rows.size());
        out += "\n";
    }
    return out;
}

std::string renderRfc(const std::string& bench, const std::vector<RfcRow>& rows) {
    if (rows.empty()) return "";
    std::vector<std::string> runs{"run"}, modes{"mode"};
    for (const RfcRow& r : rows) {
        runs.push_back(r.run);
        modes.push_back(r.mode);
    }
    int rw = static_cast<int>(widest(runs, 3)), mw = static_cast<int>(widest(modes, 4));
    std::string out = "RFC ib_spec_bench table for " + bench + " (means over each run's iterations)\n";
    out += formatText("%-*s %-*s %12s %10s %10s %11s %7s\n", rw, "run", mw, "mode", "iters", "us/iter", "iter/sec",
                      "x baseline", "samples");
    for (const RfcRow& r : rows)
        out += formatText("%-*s %-*s %12.0f %10.2f %10.0f %10.2fx %7zu\n", rw, r.run.c_str(), mw, r.mode.c_str(),
                          r.iters.mean, r.usPerIter.mean, r.iterPerSec, r.timesBaseline, r.usPerIter.n);
    out += "(iters: loops per measurement; us/iter: mean of t/iters; iter/sec: 1e6 / us/iter; x baseline: us/iter "
           "over the first run's)\n";
    return out;
}

}  // namespace mmtp::compare
