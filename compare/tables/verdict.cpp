#include "tables/verdict.hpp"

#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace mmtp::compare {

namespace {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

double percentChange(double value, double base) { return base == 0 ? 0 : (value / base - 1) * 100; }

std::size_t widest(const std::vector<std::string>& ops, std::size_t atLeast) {
    for (const std::string& op : ops) atLeast = std::max(atLeast, op.size());
    return atLeast;
}

}  // namespace

SampleStats sampleStats(const RunSummary& run, const std::string& op) {
    std::vector<double> values = run.extraction.allValues(op);
    SampleStats s;
    s.n = values.size();
    if (values.empty()) return s;
    StatCache cache;
    s.mean = calcAmean(values, &cache);
    double sd = calcStddev("amean", values, &cache);
    s.stddev = std::isnan(sd) ? 0 : sd;
    s.cov = calcCoeffvar("amean", values, &cache);
    return s;
}

std::vector<AbaRow> abaVerdict(const RunSummary& a1, const RunSummary& b, const RunSummary& a2,
                               const std::vector<std::string>& ops) {
    std::vector<AbaRow> rows;
    for (const std::string& op : ops) {
        AbaRow r{op, sampleStats(a1, op), sampleStats(b, op), sampleStats(a2, op)};
        if (r.a1.n == 0 || r.b.n == 0 || r.a2.n == 0) continue;
        double meanA = (r.a1.mean + r.a2.mean) / 2;
        r.changePct = percentChange(r.b.mean, meanA);
        r.driftPct = meanA == 0 ? 0 : std::fabs(r.a2.mean - r.a1.mean) / meanA * 100;
        r.noisePct = std::max({r.a1.cov, r.b.cov, r.a2.cov});
        r.exceeds = std::fabs(r.changePct) > r.driftPct + r.noisePct;
        rows.push_back(r);
    }
    return rows;
}

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

std::string renderTwoBaselines(const std::string& bench, const std::vector<RunSummary>& runs,
                               const std::vector<std::string>& ops) {
    if (runs.size() < 2) return "";
    std::vector<std::string> names;
    for (const RunSummary& r : runs) names.push_back(r.testName);
    names.insert(names.end(), ops.begin(), ops.end());  // the op titles each block
    int nw = static_cast<int>(widest(names, 12));
    int bw = static_cast<int>(std::max<std::size_t>({12, runs[0].testName.size(), runs[1].testName.size()}));
    std::string out = "Mean and stdev against two baselines for " + bench + "\n";
    for (const std::string& op : ops) {
        SampleStats base1 = sampleStats(runs[0], op), base2 = sampleStats(runs[1], op);
        out += "\n" + format("%-*s %12s %10s %*s %*s\n", nw, "", "", "", bw, "Baseline", bw, "Baseline");
        out += format("%-*s %12s %10s %*s %*s\n", nw, op.c_str(), "Mean", "stdev", bw, runs[0].testName.c_str(), bw,
                      runs[1].testName.c_str());
        out += std::string(static_cast<std::size_t>(nw + 12 + 10 + 2 * bw + 4), '=') + "\n";
        for (const RunSummary& run : runs) {
            SampleStats s = sampleStats(run, op);
            out += format("%-*s %12.2f %10.2f %*.2f%% %*.2f%%\n", nw, run.testName.c_str(), s.mean, s.stddev, bw - 1,
                          percentChange(s.mean, base1.mean), bw - 1, percentChange(s.mean, base2.mean));
        }
    }
    return out;
}

std::string renderLkp(const std::string& bench, const std::vector<RunSummary>& runs,
                      const std::vector<std::string>& ops) {
    std::string out;
    for (std::size_t i = 1; i < runs.size(); ++i) {
        // "±" is two bytes: header cells are written out so columns line up on screen.
        out += format("%14s %8s %10s %14s\n", runs[0].testName.c_str(), "", "", runs[i].testName.c_str());
        out += format("%14s  ±stddev %10s %14s  ±stddev  %s\n", "base", "%change", "new", "metric");
        for (const std::string& op : ops) {
            SampleStats base = sampleStats(runs[0], op), now = sampleStats(runs[i], op);
            if (base.n == 0 || now.n == 0) continue;
            out += format("%14.2f  ±%5.1f%% %+9.2f%% %14.2f  ±%5.1f%%  %s.%s\n", base.mean, base.cov,
                          percentChange(now.mean, base.mean), now.mean, now.cov, bench.c_str(), op.c_str());
        }
        out += "\n";
    }
    return out;
}

}  // namespace mmtp::compare
