#include "bench/verdict-calibration/sequential.hpp"

#include "bench/verdict-calibration/percent.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace mmtp::compare::calibration {

namespace {

struct SequentialScenario {
    std::string name;
    double shiftPct = 0, bootPct = 1;
    int metrics = 3, lastRound = 10;
    bool spend = true;
};

// What one schedule ended with.
struct ScheduleOutcome {
    bool anyCall = false, decided = false, right = false, allNoChange = false;
    long rows = 0, wrongNoChange = 0;  // at the last look: rows, and rows "no change" beside a change of T
    int rounds = 0;
};

struct SequentialTally {
    long runs = 0, anyCall = 0, rows = 0, wrongNoChange = 0, decided = 0, early = 0, rightCall = 0, rounds = 0,
         noChange = 0;
};

std::vector<double> bootUnit(Noise& n, const Scenario& s, double level, int metrics) {
    std::vector<double> unit;
    for (int m = 0; m < metrics; ++m) {
        const double boot = level * (1 + s.bootPct / 100 * n.normal(n.rng));
        unit.push_back(unitAround(n, boot, s));
    }
    return unit;
}

// Each metric's units after `round` rounds (a, b: per boot, per metric).
std::vector<MetricInput> lookInputs(const std::vector<std::vector<double>>& a,
                                    const std::vector<std::vector<double>>& b, int metrics, int round) {
    std::vector<MetricInput> inputs;
    for (int m = 0; m < metrics; ++m) {
        MetricInput in{"metric-" + std::to_string(m), "", true, {}, {}, {}, {}, {}};
        for (int k = 0; k < round; ++k) {
            in.base.push_back(a[static_cast<std::size_t>(k)][static_cast<std::size_t>(m)]);
            in.now.push_back(b[static_cast<std::size_t>(k)][static_cast<std::size_t>(m)]);
        }
        inputs.push_back(in);
    }
    return inputs;
}

// What a look's calls say about the schedule so far.
void judgeLook(const SequentialScenario& q, const CallFamily& f, ScheduleOutcome& o) {
    o.decided = f.count(Call::Inconclusive) == 0;
    o.allNoChange = f.allNoChange();
    o.rows = static_cast<long>(f.rows.size());
    o.wrongNoChange = 0;
    for (const MetricCall& r : f.rows) {
        o.anyCall = o.anyCall || isCall(r.call);
        // "no change" claimed while B moved by the threshold or more
        o.wrongNoChange += r.call == Call::NoChange && std::fabs(q.shiftPct) >= 5;
    }
    o.right = q.shiftPct != 0 && f.count(q.shiftPct < 0 ? Call::Regression : Call::Improvement) == f.rows.size();
}

ScheduleOutcome simulateSchedule(const SequentialScenario& q, const Scenario& s, Noise& n) {
    std::vector<std::vector<double>> a, b;  // per boot, per metric
    ScheduleOutcome o;
    while (o.rounds < q.lastRound && !o.decided) {
        a.push_back(bootUnit(n, s, 100, q.metrics));
        b.push_back(bootUnit(n, s, 100 * (1 + q.shiftPct / 100), q.metrics));
        if (++o.rounds < 2) continue;
        CallSettings settings;  // the calls at the look's exact boundary, no change by repeated 90 % intervals
        if (q.spend) settings.look = CallSettings::Look{o.rounds, 2, q.lastRound};
        judgeLook(q, callFamily(lookInputs(a, b, q.metrics, o.rounds), settings, 1), o);
    }
    return o;
}

void count(const SequentialScenario& q, const ScheduleOutcome& o, SequentialTally& t) {
    ++t.runs;
    t.anyCall += o.anyCall;
    t.wrongNoChange += o.wrongNoChange;
    t.rows += o.rows;
    t.decided += o.decided;
    t.noChange += o.allNoChange;
    t.early += o.decided && o.rounds < q.lastRound;
    t.rightCall += o.decided && o.right;
    t.rounds += o.rounds;
}

void printSequentialRow(const SequentialScenario& q, Noise& n, int simulations) {
    Scenario s;  // samples: 7 a boot at 1 %, one in 50 a 1.5x hiccup
    s.bootPct = q.bootPct;
    s.hiccupRate = 0.02;
    SequentialTally t;
    for (int sim = 0; sim < simulations; ++sim) count(q, simulateSchedule(q, s, n), t);
    std::printf("%-52s %-19s %-19s %8s %7s %8s %-19s %7.1f of %d\n", q.name.c_str(),
                q.shiftPct == 0 ? pctWithInterval(t.anyCall, t.runs).c_str() : "-",
                std::fabs(q.shiftPct) >= 5 ? pctWithInterval(t.wrongNoChange, t.rows).c_str() : "-",
                pct(t.decided, t.runs).c_str(), pct(t.early, t.runs).c_str(),
                q.shiftPct == 0 ? "-" : pct(t.rightCall, t.runs).c_str(),
                q.shiftPct == 0 ? pctWithInterval(t.noChange, t.runs).c_str() : "-",
                static_cast<double>(t.rounds) / static_cast<double>(t.runs), q.lastRound);
}

std::vector<SequentialScenario> sequentialRows() {
    std::vector<SequentialScenario> out;
    for (bool spend : {true, false})
        for (int metrics : {1, 3, 20}) {
            const std::string how = spend ? "" : ", naive (0.05 every look)";
            out.push_back({"null, boot 3%, " + std::to_string(metrics) + " metric" + (metrics > 1 ? "s" : "") + how, 0,
                           3, metrics, 10, spend});
        }
    out.push_back({"null, boot 15%, 1 metric, budget 6 boots", 0, 15, 1, 6, true});
    out.push_back({"null, boot 0.5%", 0, 0.5, 3, 10, true});
    out.push_back({"null, boot 1%", 0, 1, 3, 10, true});
    out.push_back({"null, boot 1%, 20 metrics", 0, 1, 20, 10, true});
    out.push_back({"-20%, boot 1%", -20, 1, 3, 10, true});
    out.push_back({"-10%, boot 3%", -10, 3, 3, 10, true});
    out.push_back({"-5%, boot 2% (at the threshold)", -5, 2, 3, 10, true});
    return out;
}

}  // namespace

void printSequentialTable(Noise& n, int schedules) {
    std::printf(
        "\nmitigation-matrix --until-decided: rows A and B, a look after every round from 2 to 10 boots per "
        "row, %d schedules per row, 3 metrics unless a row says, threshold +-5%%, alpha %.2f over the looks "
        "and metrics for the calls (exact group-sequential boundaries), repeated 90%% intervals per metric for "
        "no change\n",
        schedules, kFamilyAlpha);
    std::printf("%-52s %-19s %-19s %8s %7s %8s %-19s %s\n", "scenario", "any-call", "wrong-nc/row", "decided", "early",
                "right", "no-change", "rounds (boots per row)");
    for (const SequentialScenario& q : sequentialRows()) printSequentialRow(q, n, schedules);
}

}  // namespace mmtp::compare::calibration
