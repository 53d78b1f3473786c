#include "tables/verdict.hpp"

#include "stats/unit_inference.hpp"
#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mmtp::compare {

namespace {

double percentChange(double value, double base) { return base == 0 ? 0 : (value / base - 1) * 100; }

}  // namespace

SampleStats sampleStats(const RunSummary& run, const std::string& op) {
    return valueStats(run.extraction.allValues(op));
}

SampleStats valueStats(const std::vector<double>& values) {
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

std::optional<MetricInput> replicatedInput(const std::vector<const RunSummary*>& base,
                                           const std::vector<const RunSummary*>& now, const std::string& op,
                                           const UnitRules& rules) {
    if (base.empty() || now.empty()) return std::nullopt;
    MetricInput in{op, "", base.front()->preferHigher, {}, {}, {}, {}, {}};
    auto gather = [&op, &rules](const RunSummary& run, std::vector<double>& into) {
        std::vector<double> units = unitValues(run, op, rules);
        into.insert(into.end(), units.begin(), units.end());
        return units;
    };
    for (const RunSummary* r : base) {
        std::vector<double> units = gather(*r, in.base);
        if (units.empty()) return std::nullopt;
        in.baselineRunMeans.push_back(std::accumulate(units.begin(), units.end(), 0.0) /
                                      static_cast<double>(units.size()));
        in.baselineRunUnits.push_back(units.size());
    }
    if (base.size() < 2) {
        in.baselineRunMeans.clear();
        in.baselineRunUnits.clear();
    }
    for (const RunSummary* r : now)
        if (gather(*r, in.now).empty()) return std::nullopt;
    if (now.size() == 1 && in.now.size() == 1) in.nowOwnSpread = ownSpread(*now.front(), op, rules);
    return in;
}

std::optional<MetricInput> abaInput(const RunSummary& a1, const RunSummary& b, const RunSummary& a2,
                                    const std::string& op, const UnitRules& rules) {
    return replicatedInput({&a1, &a2}, {&b}, op, rules);
}

std::optional<MetricInput> pairInput(const RunSummary& base, const RunSummary& now, const std::string& op,
                                     const UnitRules& rules) {
    return replicatedInput({&base}, {&now}, op, rules);
}

ContextRow contextRow(const MetricInput& in) {
    return {in.op, in.unit, in.higherIsBetter, estimateChange(in.base, in.now, 0.95)};
}

TwoBaselinesTable twoBaselines(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops,
                               const UnitRules& rules) {
    TwoBaselinesTable t;
    for (const RunSummary& r : runs) t.runs.push_back(r.testName);
    if (runs.size() < 2) return t;
    // Over boots when every run has two or more (and has samples of some op).
    t.overBoots = !ops.empty() && std::all_of(runs.begin(), runs.end(), [&](const RunSummary& r) {
        return unitValues(r, ops.front(), rules).size() >= 2;
    });
    auto stats = [&](const RunSummary& run, const std::string& op) {
        return t.overBoots ? valueStats(unitValues(run, op, rules)) : sampleStats(run, op);
    };
    for (const std::string& op : ops) {
        SampleStats base1 = stats(runs[0], op), base2 = stats(runs[1], op);
        TwoBaselinesBlock block{op, {}};
        for (const RunSummary& run : runs) {
            SampleStats s = stats(run, op);
            block.rows.push_back({run.testName, s, percentChange(s.mean, base1.mean), percentChange(s.mean, base2.mean),
                                  estimateChange(unitValues(runs[0], op, rules), unitValues(run, op, rules), 0.95),
                                  std::nullopt});
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

std::vector<LkpTable> lkpTables(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops,
                                const CallSettings& settings, const UnitRules& rules) {
    std::vector<LkpTable> tables;
    for (std::size_t i = 1; i < runs.size(); ++i) {
        LkpTable t{runs[0].testName, runs[i].testName, {}};
        std::vector<MetricInput> inputs;
        for (const std::string& op : ops) {
            SampleStats base = sampleStats(runs[0], op), now = sampleStats(runs[i], op);
            std::optional<MetricInput> in = pairInput(runs[0], runs[i], op, rules);
            if (base.n == 0 || now.n == 0 || !in) continue;
            t.rows.push_back({op, base, now, percentChange(now.mean, base.mean), {}});
            inputs.push_back(*in);
        }
        CallFamily family = callFamily(inputs, settings, 1);
        for (std::size_t r = 0; r < t.rows.size(); ++r) t.rows[r].call = family.rows[r];
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
            r.call.op = r.op;
            into->rows.push_back(std::move(r));
        }
    }
}

std::vector<RfcRow> rfcRows(const std::vector<RunSummary>& runs) {
    std::vector<RfcRow> rows;
    for (const RunSummary& run : runs) {
        RfcRow r{run.testName, "", sampleStats(run, "iters"), sampleStats(run, "us-iter"), 0, 0};
        if (r.usPerIter.n == 0) continue;
        for (const std::string& op : run.extraction.operations())
            if (op.rfind("mode-", 0) == 0 && !run.extraction.allValues(op).empty())
                r.mode += (r.mode.empty() ? "" : ",") + op.substr(5);
        if (r.mode.empty()) r.mode = "-";
        r.iterPerSec = r.usPerIter.mean > 0 ? 1e6 / r.usPerIter.mean : 0;
        rows.push_back(std::move(r));
    }
    for (RfcRow& r : rows)
        r.timesBaseline = rows.front().usPerIter.mean > 0 ? r.usPerIter.mean / rows.front().usPerIter.mean : 0;
    return rows;
}

}  // namespace mmtp::compare
