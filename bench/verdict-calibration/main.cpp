// verdict-calibration: the verdict engine on synthetic reports with a known
// truth, through the same code path as compare-kernels. Four tables, each
// in its own file: the A/B/A calibration table over the scenarios
// (report_table, scenarios, report_simulation), each claim's rates with
// their intervals (claims_table), a simulated git bisect run
// with the references (bisect), and mitigation-matrix --until-decided's
// repeated looks (sequential). One random source feeds them in this order
// (synthetic.hpp): the same seed gives the same output.
// Not a timed test: a calibration table (docs/verdicts.md).
//   build/bin/verdict-calibration [REPORTS] [SEED] [TABLE]
#include "bench/verdict-calibration/bisect.hpp"
#include "bench/verdict-calibration/claims_table.hpp"
#include "bench/verdict-calibration/report_table.hpp"
#include "bench/verdict-calibration/scenarios.hpp"
#include "bench/verdict-calibration/sequential.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace mmtp::compare::calibration;

namespace {

// The references of docs/verdicts.md's recipe (10 runs each, an anchor), the
// few runs issue-sized references have (3 each), a machine that drifted
// since the references ran, and one that drifted by more than the effect.
void printBisectTable(Noise& n, int simulations) {
    BisectPlan recipe;
    recipe.anchorRuns = 4;
    printBisectHeader(simulations, recipe);
    for (double noise : {3.0, 5.0}) {
        printBisect(n, simulations, 10, noise, BisectPlan{});
        printBisect(n, simulations, 10, noise, recipe);
    }
    BisectPlan few;
    few.referenceRuns = 3;
    printBisect(n, simulations, 10, 3, few);
    few.anchorRuns = 4;
    printBisect(n, simulations, 10, 3, few);
    for (double drift : {6.0, 15.0}) {
        BisectPlan drifted;
        drifted.candidateDriftPct = drift;
        printBisect(n, simulations, 10, 3, drifted);
        drifted.anchorRuns = 4;
        printBisect(n, simulations, 10, 3, drifted);
    }
}

}  // namespace

int main(int argc, char** argv) {
    int reports = argc > 1 ? std::atoi(argv[1]) : 1000;
    unsigned long seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 18;
    if (reports <= 0) {
        std::fprintf(stderr, "verdict-calibration: REPORTS must be a positive number\n");
        return 2;
    }
    // A third argument runs one table alone (report, claims, bisect, sequential).
    const std::string only = argc > 3 ? argv[3] : "";
    auto wanted = [&only](const char* table) { return only.empty() || only == table; };
    Noise n{std::mt19937_64(seed)};
    if (wanted("report")) {
        printReportTable(reportScenarios(), n, reports);
        std::printf("\n");
    }
    if (wanted("claims")) {
        printClaimsTable(n, reports);
        std::printf("\n");
    }
    if (wanted("bisect")) printBisectTable(n, reports);
    const int schedules = 3 * reports;  // a rate near 5 % needs them: +-0.8 % at 900
    if (wanted("sequential")) printSequentialTable(n, schedules);
    return 0;
}
