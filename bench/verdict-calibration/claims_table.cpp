#include "bench/verdict-calibration/claims_table.hpp"

#include "bench/verdict-calibration/percent.hpp"
#include "bench/verdict-calibration/report_simulation.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace mmtp::compare::calibration {

namespace {

struct ClaimTally {
    long rows = 0, noChange = 0, called = 0;
    long reports = 0, allNoChange = 0, falseRegression = 0;
};

void countClaims(const Scenario& s, const std::vector<CallFamily>& families, ClaimTally& t) {
    bool all = true, falseRegression = false;
    const Call wanted = s.shiftPct < 0 ? Call::Regression : Call::Improvement;
    for (const CallFamily& f : families)
        for (const MetricCall& m : f.rows) {
            ++t.rows;
            t.noChange += m.call == Call::NoChange;
            t.called += s.shiftPct != 0 && m.call == wanted;
            all = all && m.call == Call::NoChange;
            falseRegression = falseRegression || (m.call == Call::Regression && s.shiftPct >= 0);
        }
    ++t.reports;
    t.allNoChange += all;
    t.falseRegression += falseRegression;
}

Scenario issueShape(const std::string& name, int metrics, double shiftPct) {
    Scenario s;
    s.name = name;
    s.hiccupRate = 0.02;
    s.thresholdPct = 3;
    s.metrics = metrics;
    s.shiftPct = shiftPct;
    return s;
}

std::vector<Scenario> claimScenarios() {
    std::vector<Scenario> out{issueShape("same kernel, 3 metrics", 3, 0), issueShape("same kernel, 20 metrics", 20, 0),
                              issueShape("same kernel, 55 metrics", 55, 0), issueShape("-3% (= T), 20 metrics", 20, -3),
                              issueShape("-5% at T 3, 20 metrics", 20, -5)};
    // redis' default report: 20 RPS rows, each with 5 latency columns that are functions of it
    Scenario copies = issueShape("-3% (= T), 20 RPS + 100 copies in family", 20, -3);
    copies.familyCopies = 5;
    out.push_back(copies);
    out.push_back(issueShape("-3% (= T), 3 metrics", 3, -3));
    // Half-percent steps: the drift rule's false regressions depend on the
    // drift's size, so a worst case between the whole percents shows too.
    for (double d : {1.0, 1.5, 2.0, 2.5, 3.0})
        for (int metrics : {3, 20}) {
            char pct[16];
            std::snprintf(pct, sizeof pct, "%g", d);
            Scenario drift = issueShape(std::string("A2 drifts ") + pct + "%, B = A1, " + std::to_string(metrics) +
                                            " metrics",
                                        metrics, 0);
            drift.a2DriftPct = d;
            out.push_back(drift);
        }
    Scenario noisy = issueShape("same kernel, boot 3%, 20 metrics", 20, 0);
    noisy.bootPct = 3;
    out.push_back(noisy);
    return out;
}

}  // namespace

void printClaimsTable(Noise& n, int reports) {
    std::printf(
        "each claim at its level: A/B/A, %d reports a row, 5 boots of 7 samples per run, boot 1%%, samples 1%%, "
        "1/50 at 1.5x, threshold +-3%%; calls family-wise (alpha 0.05 over the report), no change per metric "
        "(90%% interval inside +-T); 95%% Wilson intervals\n",
        reports);
    std::printf("%-36s %-20s %-20s %-20s %-20s\n", "scenario", "nc/row", "all-nc", "false-reg", "called");
    for (const Scenario& s : claimScenarios()) {
        ClaimTally t;
        for (int r = 0; r < reports; ++r) countClaims(s, simulateReport(s, n, s.shiftPct, s.boots), t);
        std::printf("%-36s %-20s %-20s %-20s %-20s\n", s.name.c_str(), pctWithInterval(t.noChange, t.rows).c_str(),
                    pctWithInterval(t.allNoChange, t.reports).c_str(),
                    s.shiftPct < 0 ? "-" : pctWithInterval(t.falseRegression, t.reports).c_str(),
                    s.shiftPct == 0 ? "-" : pctWithInterval(t.called, t.rows).c_str());
    }
}

}  // namespace mmtp::compare::calibration
