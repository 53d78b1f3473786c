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

std::string pText(double p) { return std::isnan(p) ? "-" : formatText("%.4f", p); }

}  // namespace

std::string renderAba(const std::string& bench, const std::string& a1, const std::string& b, const std::string& a2,
                      const AbaTable& table, const std::string& note) {
    std::vector<std::string> ops;
    for (const AbaRow& r : table.rows) ops.push_back(r.op);
    int w = static_cast<int>(widest(ops, 6));
    int cw = static_cast<int>(std::max<std::size_t>({14, a1.size(), b.size(), a2.size()}));
    std::string out = "A/B/A verdict for " + bench + ": " + b + " against the mean of " + a1 + " and " + a2 + "\n";
    if (!note.empty()) out += "(" + note + ")\n";
    std::vector<std::string> units{"unit"};
    for (const AbaRow& r : table.rows) units.push_back(r.unit);
    int uw = static_cast<int>(widest(units, 4));
    out += formatText("%-*s %-*s %*s %*s %*s %9s %8s %8s %8s %8s  %-7s %7s %7s  %-6s  %s\n", w, "metric", uw, "unit", cw,
                      a1.c_str(), cw, b.c_str(), cw, a2.c_str(), "change", "drift", "CoV A1", "CoV B", "CoV A2",
                      "exceeds", "p", "Holm p", "better", "reads as");
    for (const AbaRow& r : table.rows)
        out += formatText("%-*s %-*s %*.2f %*.2f %*.2f %+8.2f%% %7.2f%% %7.2f%% %7.2f%% %7.2f%%  %-7s %7s %7s  %-6s  %s%s\n",
                          w, r.op.c_str(), uw, r.unit.empty() ? "-" : r.unit.c_str(), cw, r.a1.mean, cw, r.b.mean, cw, r.a2.mean, r.changePct, r.driftPct, r.a1.cov,
                          r.b.cov, r.a2.cov, r.exceeds ? "yes" : "no", pText(r.pValue).c_str(),
                          pText(r.holmP).c_str(), r.higherIsBetter ? "higher" : "lower", changeWord(r),
                          r.significant ? " (significant)" : "");
    out += formatText("(change = B/mean(A)-1; drift = |A2-A1|/mean(A); exceeds: |change| > drift + the largest per-run "
                      "CoV, the raw call per row; p: Welch's two-sided t-test of B's samples against A1's and A2's "
                      "together; Holm p: p adjusted over the %zu tested rows; significant when Holm p < %.2f)\n",
                      table.tested, kVerdictAlpha);
    out += formatText("%zu rows tested, %zu exceed (raw), %zu significant after Holm at alpha %.2f\n", table.tested,
                      table.exceeding, table.significant, kVerdictAlpha);
    return out;
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
                          t.runs[1].c_str()) + cpuHead + "\n";
        out += std::string(static_cast<std::size_t>(nw + 12 + 10 + 2 * bw + 4) + cpuHead.size(), '=') + "\n";
        for (const TwoBaselinesRow& r : b.rows) {
            out += formatText("%-*s %12.2f %10.2f %*.2f%% %*.2f%%", nw, r.run.c_str(), r.stats.mean, r.stats.stddev,
                              bw - 1, r.pctBase1, bw - 1, r.pctBase2);
            if (t.hasCpu) out += r.cpuPct ? formatText(" %9.2f%%", *r.cpuPct) : formatText(" %10s", "-");
            out += "\n";
        }
    }
    if (t.hasCpu) out += "(CPU util: the job's mean usr+sys CPU %, compare-mmtests -a cpu)\n";
    return out;
}

std::string renderLkp(const std::vector<LkpTable>& tables) {
    std::string out;
    for (const LkpTable& t : tables) {
        // "±" is two bytes: header cells are written out so columns line up on screen.
        out += formatText("%14s %8s %10s %14s\n", t.baseRun.c_str(), "", "", t.newRun.c_str());
        out += formatText("%14s  ±stddev %10s %14s  ±stddev  %s\n", "base", "%change", "new", "metric");
        for (const LkpRow& r : t.rows)
            out += formatText("%14.2f  ±%5.1f%% %+9.2f%% %14.2f  ±%5.1f%%  %s\n", r.base.mean, r.base.cov, r.changePct,
                              r.now.mean, r.now.cov, r.op.c_str());
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
    out += formatText("%-*s %-*s %12s %10s %10s %7s\n", rw, "run", mw, "mode", "iters", "us/iter", "iter/sec", "samples");
    for (const RfcRow& r : rows)
        out += formatText("%-*s %-*s %12.0f %10.2f %10.0f %7zu\n", rw, r.run.c_str(), mw, r.mode.c_str(), r.iters.mean,
                          r.usPerIter.mean, r.iterPerSec, r.usPerIter.n);
    out += "(iters: loops per measurement; us/iter: mean of t/iters; iter/sec: 1e6 / us/iter)\n";
    return out;
}

}  // namespace mmtp::compare
