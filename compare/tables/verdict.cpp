#include "tables/verdict.hpp"

#include "stats/significance_tests.hpp"
#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare {

namespace {

double percentChange(double value, double base) { return base == 0 ? 0 : (value / base - 1) * 100; }

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

const char* changeWord(const AbaRow& row) {
    if (row.changePct == 0) return "unchanged";
    return (row.changePct > 0) == row.higherIsBetter ? "improvement" : "regression";
}

std::vector<AbaRow> abaRows(const RunSummary& a1, const RunSummary& b, const RunSummary& a2,
                            const std::vector<std::string>& ops) {
    std::vector<AbaRow> rows;
    for (const std::string& op : ops) {
        AbaRow r{op, a1.preferHigher, "", sampleStats(a1, op), sampleStats(b, op), sampleStats(a2, op)};
        if (r.a1.n == 0 || r.b.n == 0 || r.a2.n == 0) continue;
        std::vector<double> bothA = a1.extraction.allValues(op), a2Values = a2.extraction.allValues(op);
        bothA.insert(bothA.end(), a2Values.begin(), a2Values.end());
        r.pValue = welchTTest(b.extraction.allValues(op), bothA).p;
        double meanA = (r.a1.mean + r.a2.mean) / 2;
        r.changePct = percentChange(r.b.mean, meanA);
        r.driftPct = meanA == 0 ? 0 : std::fabs(r.a2.mean - r.a1.mean) / meanA * 100;
        r.noisePct = std::max({r.a1.cov, r.b.cov, r.a2.cov});
        r.exceeds = std::fabs(r.changePct) > r.driftPct + r.noisePct;
        rows.push_back(r);
    }
    return rows;
}

AbaTable abaTable(std::vector<AbaRow> rows) {
    std::vector<double> p;
    for (const AbaRow& r : rows) p.push_back(r.pValue);
    std::vector<double> holm = holmAdjust(p);
    AbaTable t;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].holmP = holm[i];
        rows[i].significant = holm[i] < kVerdictAlpha;  // false for NaN
        if (!std::isnan(rows[i].pValue)) ++t.tested;
        if (rows[i].exceeds) ++t.exceeding;
        if (rows[i].significant) ++t.significant;
    }
    t.rows = std::move(rows);
    return t;
}

TwoBaselinesTable twoBaselines(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops) {
    TwoBaselinesTable t;
    for (const RunSummary& r : runs) t.runs.push_back(r.testName);
    if (runs.size() < 2) return t;
    for (const std::string& op : ops) {
        SampleStats base1 = sampleStats(runs[0], op), base2 = sampleStats(runs[1], op);
        TwoBaselinesBlock block{op, {}};
        for (const RunSummary& run : runs) {
            SampleStats s = sampleStats(run, op);
            block.rows.push_back({run.testName, s, percentChange(s.mean, base1.mean), percentChange(s.mean, base2.mean), std::nullopt});
        }
        t.blocks.push_back(std::move(block));
    }
    return t;
}

void addCpuColumn(TwoBaselinesTable& table, const std::vector<RunSummary>& cpuRuns,
                  const std::function<std::string(const std::string& op)>& cpuOp) {
    for (TwoBaselinesBlock& block : table.blocks)
        for (TwoBaselinesRow& row : block.rows) {
            auto run = std::find_if(cpuRuns.begin(), cpuRuns.end(),
                                    [&row](const RunSummary& r) { return r.testName == row.run; });
            if (run == cpuRuns.end()) continue;
            SampleStats cpu = sampleStats(*run, cpuOp(block.op));
            if (cpu.n == 0) continue;
            row.cpuPct = cpu.mean;
            table.hasCpu = true;
        }
}

std::vector<LkpTable> lkpTables(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops) {
    std::vector<LkpTable> tables;
    for (std::size_t i = 1; i < runs.size(); ++i) {
        LkpTable t{runs[0].testName, runs[i].testName, {}};
        for (const std::string& op : ops) {
            SampleStats base = sampleStats(runs[0], op), now = sampleStats(runs[i], op);
            if (base.n == 0 || now.n == 0) continue;
            t.rows.push_back({op, base, now, percentChange(now.mean, base.mean)});
        }
        tables.push_back(std::move(t));
    }
    return tables;
}

void mergeLkpTables(const std::string& bench, const std::vector<LkpTable>& tables, std::vector<LkpTable>& across) {
    for (const LkpTable& t : tables) {
        auto into = std::find_if(across.begin(), across.end(), [&t](const LkpTable& a) {
            return a.baseRun == t.baseRun && a.newRun == t.newRun;
        });
        if (into == across.end()) into = across.insert(across.end(), LkpTable{t.baseRun, t.newRun, {}});
        for (LkpRow r : t.rows) {
            r.op = bench + "." + r.op;
            into->rows.push_back(std::move(r));
        }
    }
}

std::vector<RfcRow> rfcRows(const std::vector<RunSummary>& runs) {
    std::vector<RfcRow> rows;
    for (const RunSummary& run : runs) {
        RfcRow r{run.testName, "", sampleStats(run, "iters"), sampleStats(run, "us-iter"), 0};
        if (r.usPerIter.n == 0) continue;
        for (const std::string& op : run.extraction.operations())
            if (op.rfind("mode-", 0) == 0 && !run.extraction.allValues(op).empty())
                r.mode += (r.mode.empty() ? "" : ",") + op.substr(5);
        if (r.mode.empty()) r.mode = "-";
        r.iterPerSec = r.usPerIter.mean > 0 ? 1e6 / r.usPerIter.mean : 0;
        rows.push_back(std::move(r));
    }
    return rows;
}

}  // namespace mmtp::compare
