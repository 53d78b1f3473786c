#include "render/verdict_text.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

namespace mmtp::compare {

namespace {

// printf into a string. Kept local until base/text_format (being added on
// another branch) provides the shared one.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

std::size_t widest(const std::vector<std::string>& names, std::size_t atLeast) {
    for (const std::string& n : names) atLeast = std::max(atLeast, n.size());
    return atLeast;
}

}  // namespace

std::string renderAba(const std::string& bench, const std::string& a1, const std::string& b, const std::string& a2,
                      const std::vector<AbaRow>& rows) {
    std::vector<std::string> ops;
    for (const AbaRow& r : rows) ops.push_back(r.op);
    int w = static_cast<int>(widest(ops, 6));
    int cw = static_cast<int>(std::max<std::size_t>({14, a1.size(), b.size(), a2.size()}));
    std::string out = "A/B/A verdict for " + bench + ": " + b + " against the mean of " + a1 + " and " + a2 + "\n";
    out += "(change = B/mean(A)-1; drift = |A2-A1|/mean(A); noise = largest per-run CoV; "
           "exceeds when |change| > drift + noise)\n";
    out += format("%-*s %*s %*s %*s %9s %8s %8s %8s %8s  %s\n", w, "metric", cw, a1.c_str(), cw, b.c_str(), cw,
                  a2.c_str(), "change", "drift", "CoV A1", "CoV B", "CoV A2", "exceeds");
    for (const AbaRow& r : rows)
        out += format("%-*s %*.2f %*.2f %*.2f %+8.2f%% %7.2f%% %7.2f%% %7.2f%% %7.2f%%  %s\n", w, r.op.c_str(), cw,
                      r.a1.mean, cw, r.b.mean, cw, r.a2.mean, r.changePct, r.driftPct, r.a1.cov, r.b.cov, r.a2.cov,
                      r.exceeds ? "yes" : "no");
    return out;
}

std::string renderTwoBaselines(const std::string& bench, const TwoBaselinesTable& t) {
    if (t.runs.size() < 2) return "";
    std::vector<std::string> names = t.runs;
    for (const TwoBaselinesBlock& b : t.blocks) names.push_back(b.op);  // the op titles each block
    int nw = static_cast<int>(widest(names, 12));
    int bw = static_cast<int>(std::max<std::size_t>({12, t.runs[0].size(), t.runs[1].size()}));
    std::string out = "Mean and stdev against two baselines for " + bench + "\n";
    for (const TwoBaselinesBlock& b : t.blocks) {
        out += "\n" + format("%-*s %12s %10s %*s %*s\n", nw, "", "", "", bw, "Baseline", bw, "Baseline");
        out += format("%-*s %12s %10s %*s %*s\n", nw, b.op.c_str(), "Mean", "stdev", bw, t.runs[0].c_str(), bw,
                      t.runs[1].c_str());
        out += std::string(static_cast<std::size_t>(nw + 12 + 10 + 2 * bw + 4), '=') + "\n";
        for (const TwoBaselinesRow& r : b.rows)
            out += format("%-*s %12.2f %10.2f %*.2f%% %*.2f%%\n", nw, r.run.c_str(), r.stats.mean, r.stats.stddev,
                          bw - 1, r.pctBase1, bw - 1, r.pctBase2);
    }
    return out;
}

std::string renderLkp(const std::string& bench, const std::vector<LkpTable>& tables) {
    std::string out;
    for (const LkpTable& t : tables) {
        // "±" is two bytes: header cells are written out so columns line up on screen.
        out += format("%14s %8s %10s %14s\n", t.baseRun.c_str(), "", "", t.newRun.c_str());
        out += format("%14s  ±stddev %10s %14s  ±stddev  %s\n", "base", "%change", "new", "metric");
        for (const LkpRow& r : t.rows)
            out += format("%14.2f  ±%5.1f%% %+9.2f%% %14.2f  ±%5.1f%%  %s.%s\n", r.base.mean, r.base.cov, r.changePct,
                          r.now.mean, r.now.cov, bench.c_str(), r.op.c_str());
        out += "\n";
    }
    return out;
}

}  // namespace mmtp::compare
