#include "render/verdict_text.hpp"

#include "base/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

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

namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

// Metrics without an interval for one reason, beyond this many, are one line.
constexpr std::size_t kListedPerReason = 3;
constexpr std::size_t kLargestShown = 3;

std::string noIntervalText(NoInterval gap, UnitKind unit) {
    switch (gap) {
        case NoInterval::OneUnitEach:
            return unit == UnitKind::RunShared || unit == UnitKind::RunOwnBoot
                       ? "no interval: one boot per run; run the baseline again in another boot (A/B/A)"
                       : "no interval: each side needs 2+ " + std::string(unitNoun(unit));
        case NoInterval::Constant: return "no interval: constant within each side, so its noise is unknown";
        case NoInterval::ZeroBase: return "no interval: the base's mean is 0";
        case NoInterval::BadValue: return "no interval: a sample is not finite or beyond 1e150";
        case NoInterval::None: break;
    }
    return "no interval";
}

}  // namespace

std::string rolesLine(const RunVerdict& v) {
    switch (v.design) {
        case RunVerdict::Design::Aba: return "A/B/A: A1 " + v.base + ", B " + v.now + ", A2 " + v.a2;
        case RunVerdict::Design::Interleaved:
            return "A/B/A/B: A " + joined(v.baseGroup) + "; B " + joined(v.nowGroup);
        case RunVerdict::Design::AgainstFirst: break;
    }
    return v.now + " against " + v.base;
}

std::string callCounts(const CallFamily& f) {
    std::size_t regressions = f.count(Call::Regression), improvements = f.count(Call::Improvement);
    std::size_t small = f.count(Call::Small);
    return formatText("%zu regression%s, %zu improvement%s, %zu no change, ", regressions, regressions == 1 ? "" : "s",
                      improvements, improvements == 1 ? "" : "s", f.count(Call::NoChange)) +
           (small > 0 ? formatText("%zu smaller than the threshold, ", small) : std::string()) +
           formatText("%zu inconclusive (of %zu metrics)", f.count(Call::Inconclusive), f.rows.size());
}

UnitsPerSide unitsPerSide(const RunVerdict& v) {
    UnitsPerSide n;
    for (const MetricCall& r : v.family.rows) {
        n.now = std::max(n.now, r.change.nowN);
        n.base = std::max(n.base, r.change.baseN);
    }
    return n;
}

std::string statisticLine(const RunVerdict& v) {
    const auto [base, now] = unitsPerSide(v);
    const char* noun = unitNoun(v.units.kind);
    std::string sides = v.design == RunVerdict::Design::AgainstFirst
                            ? formatText("each side: mean of %zu / %zu %s", base, now, noun)
                            : formatText("B: mean of %zu %s; A: mean of %zu", now, noun, base);
    if (v.family.tested == 0) return describeUnits(v.units) + "\n " + sides + "; no metric has an interval";
    return describeUnits(v.units) + "\n " + sides + "; " + levelsText(v.family);
}

std::string levelsText(const CallFamily& f) {
    const std::string calls =
        f.stepUp ? formatText(
                     "calls: Hochberg's step-up over %zu metrics of the report (alpha %.3g), each call's interval "
                     "at its step's level, the first %.4g%%",
                     f.tested, f.alpha, f.confidence * 100)
               : formatText("calls: %.4g%% intervals, family-wise over %zu metrics of the report (Bonferroni, %.3g)",
                            f.confidence * 100, f.tested, f.alpha);
    return calls + formatText(
                       " (Welch where the sides' noise differs); no change: each metric's %.4g%% interval (two "
                       "one-sided tests at %.3g%%)",
                       f.equivalenceConfidence * 100, (1 - f.equivalenceConfidence) / 2 * 100);
}

std::string undecidedText(const MetricCall& r, UnitKind unit) {
    if (r.call == Call::Small) return formatText("significant, but smaller than the %.3g%% threshold", r.thresholdPct);
    switch (r.why) {
        case Undecided::Called: return "";
        case Undecided::NoInterval: return noIntervalText(r.change.gap, unit);
        case Undecided::Drift:
            return formatText("the interval does not clear the baseline runs' drift (%.2f%%)", r.driftPct.value_or(0));
        case Undecided::OwnSpread:
            return "one run whose own iterations vary more than the base's units: the base's variance cannot stand "
                   "for it; run it again";
        case Undecided::Wide: break;
    }
    // What a rerun adds: boots to each run, or (the run being the unit) runs of each kernel.
    const std::string more = std::string(unitNoun(unit)) +
                             (unit == UnitKind::RunOwnBoot || unit == UnitKind::RunShared ? " of each kernel" : " per run");
    std::string out = formatText("detects >= %.1f%%", r.detectablePct);
    if (r.unitsNeeded) return out + formatText("; %zu %s would settle %.3g%%", *r.unitsNeeded, more.c_str(), r.thresholdPct);
    return out + formatText("; %.3g%% needs over 1000 %s", r.thresholdPct, more.c_str());
}

std::vector<std::string> collapsedReasons(const RunVerdict& v) {
    std::vector<std::pair<std::string, std::vector<const MetricCall*>>> byReason;
    for (const MetricCall& r : v.family.rows) {
        if (r.why != Undecided::NoInterval) continue;
        std::string why = undecidedText(r, v.units.kind);
        auto at = std::find_if(byReason.begin(), byReason.end(), [&why](const auto& x) { return x.first == why; });
        if (at == byReason.end()) byReason.push_back({why, {&r}});
        else at->second.push_back(&r);
    }
    std::vector<std::string> lines;
    for (auto& [why, rows] : byReason) {
        if (rows.size() <= kListedPerReason) continue;
        std::sort(rows.begin(), rows.end(), [](const MetricCall* a, const MetricCall* b) {
            double x = std::isfinite(a->change.changePct) ? std::fabs(a->change.changePct) : -1;
            double y = std::isfinite(b->change.changePct) ? std::fabs(b->change.changePct) : -1;
            return x > y;
        });
        std::string largest;
        for (std::size_t i = 0; i < rows.size() && i < kLargestShown; ++i)
            largest += (i ? ", " : "") + rows[i]->op + formatText(" %+.2f%%", rows[i]->change.changePct);
        lines.push_back(formatText("%zu metrics inconclusive, ", rows.size()) + why + "; the largest changes: " +
                        largest);
    }
    return lines;
}

std::string contextText(const RunVerdict& v) {
    if (v.context.empty()) return "";
    std::vector<const ContextRow*> rows;
    for (const ContextRow& r : v.context) rows.push_back(&r);
    auto size = [](const ContextRow* r) {
        return std::isfinite(r->change.changePct) ? std::fabs(r->change.changePct) : -1;
    };
    std::stable_sort(rows.begin(), rows.end(),
                     [&size](const ContextRow* a, const ContextRow* b) { return size(a) > size(b); });
    std::string largest;
    for (std::size_t i = 0; i < rows.size() && i < kLargestShown; ++i)
        largest += (i ? ", " : "") + rows[i]->op + " " +
                   (std::isfinite(rows[i]->change.changePct) ? formatText("%+.2f%%", rows[i]->change.changePct) : "-") +
                   " " + intervalText(rows[i]->change);
    return formatText(
               "context, outside the family (functions of its metrics; no call, each its own 95%% interval): %zu "
               "metrics; the largest changes: ",
               v.context.size()) +
           largest + "\n";
}

std::string rulesText(const CallFamily& f, bool drift) {
    const double t = f.thresholdPct;
    return formatText(
        "(a call: the family-wise interval excludes 0%s and is not inside (-%.3g%%, +%.3g%%); smaller "
        "than the threshold: it excludes 0 and lies inside; no change: the metric's %.4g%% interval lies "
        "within +-%.3g%%%s)\n",
        drift ? ", clears the drift" : "", t, t, f.equivalenceConfidence * 100, t,
        f.perMetricThresholds ? " (--threshold: per metric where set)" : "");
}

std::string renderVerdict(const std::string& bench, const RunVerdict& v) {
    std::vector<std::string> collapsed = collapsedReasons(v);
    auto shown = [&v, &collapsed](const MetricCall& r) {
        if (r.why != Undecided::NoInterval) return true;
        std::string why = undecidedText(r, v.units.kind);
        return std::none_of(collapsed.begin(), collapsed.end(),
                            [&why](const std::string& line) { return line.find(why) != std::string::npos; });
    };
    std::vector<std::string> ops{"metric"}, units{"unit"}, intervals{"interval"};
    for (const MetricCall& r : v.family.rows)
        if (shown(r)) {
            ops.push_back(r.op);
            units.push_back(r.unit);
            intervals.push_back(intervalText(r.change));
        }
    // An interval wider than its 20 columns (a 4-digit percent) widens the
    // column rather than pushing its row's drift and call out of line.
    int w = static_cast<int>(widest(ops, 6)), uw = static_cast<int>(widest(units, 4)),
        iw = static_cast<int>(widest(intervals, 20));
    bool drift = v.design != RunVerdict::Design::AgainstFirst;
    std::string out = "Verdict for " + bench + ": " + rolesLine(v) + "\n";
    out += "(" + statisticLine(v) + ")\n";
    if (!v.note.empty()) out += "(" + v.note + ")\n";
    out += formatText("%-*s %-*s %-6s %8s  %-*s %s %s\n", w, "metric", uw, "unit", "better", "change", iw,
                      "interval", drift ? " drift " : "", "call");
    std::size_t row = 0;
    for (const MetricCall& r : v.family.rows) {
        if (!shown(r)) continue;
        const std::string& interval = intervals[++row];
        std::string driftCell = drift ? (r.driftPct ? formatText("%6.2f%%", *r.driftPct) : std::string("     -")) : "";
        std::string why = undecidedText(r, v.units.kind);
        std::string change = std::isfinite(r.change.changePct) ? formatText("%+7.2f%%", r.change.changePct) : "       -";
        out += formatText("%-*s %-*s %-6s %s  %-*s %s %s%s\n", w, r.op.c_str(), uw,
                          r.unit.empty() ? "-" : r.unit.c_str(), r.higherIsBetter ? "higher" : "lower",
                          change.c_str(), iw, interval.c_str(), driftCell.c_str(), callName(r.call),
                          why.empty() ? "" : (" (" + why + ")").c_str());
    }
    for (const std::string& line : collapsed) out += line + "\n";
    out += rulesText(v.family, drift);
    if (v.family.allNoChange())
        out += formatText("no metric changed by its threshold or more (level %.3g%%)\n",
                          (1 - v.family.equivalenceConfidence) / 2 * 100);
    return out + callCounts(v.family) + "\n" + contextText(v);
}

std::string renderBisect(const std::string& bench, const std::string& candidate, const std::vector<std::string>& runs,
                         const std::vector<BisectPosition>& positions, double confidence) {
    std::string out = "Bisect for " + bench + ": candidate " + candidate + " (" + joined(runs) +
                      formatText(") placed between the references; position 0 = good, 1 = bad, %.1f%% intervals\n",
                                 confidence * 100);
    for (const BisectPosition& p : positions) {
        out += formatText("  %-24s effect %+7.2f%%  position ", p.op.c_str(), p.effectPct);
        if (p.referencesAgree) {
            out += "-  unsure (the references do not differ on this metric)\n";
            continue;
        }
        if (p.anchorMoved) {
            out += formatText(
                "%.2f  unsure (the anchor moved from the good reference by more than the effect: the "
                "machine drifted; run the references again)\n",
                p.position);
            continue;
        }
        if (p.noInterval != NoInterval::None) {
            out += "-  unsure (" + noIntervalText(p.noInterval, UnitKind::Boot) + ")\n";
            continue;
        }
        out += formatText("%.2f [%.2f, %.2f]  %s", p.position, p.low, p.high, bisectSideName(p.side));
        if (p.side == BisectSide::Unsure)
            out += p.unitsNeeded ? formatText(" (straddles the midpoint; %zu units of the candidate would settle it)",
                                              *p.unitsNeeded)
                                 : std::string(" (straddles the midpoint; it lies too near to settle)");
        out += "\n";
    }
    return out;
}

std::string renderTwoBaselines(const std::string& bench, const TwoBaselinesTable& t) {
    if (t.runs.size() < 2) return "";
    std::vector<std::string> names = t.runs;
    for (const TwoBaselinesBlock& b : t.blocks) names.push_back(b.op);  // the op titles each block
    int nw = static_cast<int>(widest(names, 12));
    int bw = static_cast<int>(std::max<std::size_t>({12, t.runs[0].size(), t.runs[1].size()}));
    std::string cpuHead = t.hasCpu ? formatText(" %10s", "CPU util") : "";
    std::string out = "Mean and stdev " + std::string(t.overBoots ? "over each run's boots " : "") +
                      "against two baselines for " + bench + "\n";
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
