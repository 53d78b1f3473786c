#include "bench/verdict-calibration/report_table.hpp"

#include "bench/verdict-calibration/percent.hpp"
#include "bench/verdict-calibration/report_simulation.hpp"

#include <cstdio>

namespace mmtp::compare::calibration {

namespace {

struct Tally {
    long reports = 0, anyCall = 0, anyRegression = 0;
    long metrics = 0, called = 0, noChange = 0, small = 0, inconclusive = 0, resolved = 0, tried = 0;
};

void countReport(const Scenario& s, const std::vector<CallFamily>& families, Tally& t) {
    bool any = false, regression = false;
    for (const CallFamily& f : families)
        for (const MetricCall& m : f.rows) {
            ++t.metrics;
            any = any || isCall(m.call);
            regression = regression || m.call == Call::Regression;
            if (s.shiftPct != 0 && m.call == (s.shiftPct < 0 ? Call::Regression : Call::Improvement)) ++t.called;
            t.noChange += m.call == Call::NoChange;
            t.small += m.call == Call::Small;
            t.inconclusive += m.call == Call::Inconclusive;
        }
    ++t.reports;
    t.anyCall += any;
    t.anyRegression += regression;
}

// Rerun one inconclusive metric's report with the units it asked for.
void tryRerun(const Scenario& s, Noise& n, const std::vector<CallFamily>& families, Tally& t) {
    for (const CallFamily& f : families)
        for (const MetricCall& m : f.rows)
            if (m.call == Call::Inconclusive && m.unitsNeeded && *m.unitsNeeded <= 100) {
                ++t.tried;
                std::vector<CallFamily> again = simulateReport(s, n, s.shiftPct, static_cast<int>(*m.unitsNeeded));
                t.resolved += again.front().rows.front().call != Call::Inconclusive;
                return;
            }
}

void printScenarioRow(const Scenario& s, Noise& n, int reports) {
    Tally t;
    for (int r = 0; r < reports; ++r) {
        std::vector<CallFamily> families = simulateReport(s, n, s.shiftPct, s.boots);
        countReport(s, families, t);
        if (r % 10 == 0) tryRerun(s, n, families, t);
    }
    std::printf("%-62s %8s %6s %7s %8s %6s %7s %8s\n", s.name.c_str(), pct(t.anyRegression, t.reports).c_str(),
                pct(t.anyCall, t.reports).c_str(), s.shiftPct == 0 ? "-" : pct(t.called, t.metrics).c_str(),
                pct(t.noChange, t.metrics).c_str(), pct(t.small, t.metrics).c_str(),
                pct(t.inconclusive, t.metrics).c_str(), pct(t.resolved, t.tried).c_str());
}

}  // namespace

void printReportTable(const std::vector<Scenario>& scenarios, Noise& n, int reports) {
    std::printf(
        "%d reports of %d metrics per comparison; default: 5 boots of 7 samples per run, boot 1%%, samples 1%%, "
        "threshold +-5%%, family alpha %.2f over the report\n",
        reports, kMetrics, kFamilyAlpha);
    std::printf("%-62s %8s %6s %7s %8s %6s %7s %8s\n", "scenario", "fwer-reg", "fwer", "detect", "nochange", "small",
                "incon", "resolved");
    for (const Scenario& s : scenarios) printScenarioRow(s, n, reports);
}

}  // namespace mmtp::compare::calibration
