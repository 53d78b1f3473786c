#include "kernels/steps.hpp"

#include "core/diagnostics.hpp"
#include "kernels/plan.hpp"
#include "render/render.hpp"
#include "load/load_runs.hpp"
#include "tables/verdict.hpp"

#include <ostream>
#include <sstream>

namespace mmtp::compare {

namespace {

LoadRequest requestFor(const KernelsOptions& o, const std::string& bench, const std::vector<std::string>& names,
                       const PlanStep& step) {
    LoadRequest req;
    req.directory = o.logDir;
    req.benchmark = bench;
    req.names = names;
    req.mmtestsDir = o.mmtestsDir;
    req.altReport = step.alt;
    req.subHeading = step.subHeading;
    req.monitor = step.monitor;
    return req;
}

// compare-mmtests' table for the call; throws what compare-mmtests would fail with.
ComparisonReport compareFor(const KernelsOptions& o, const std::string& bench, const std::vector<std::string>& names,
                            const PlanStep& step, bool significance, WarningsOnce& warnings, std::ostream& err,
                            std::vector<RunSummary>& runs) {
    std::ostringstream said;
    try {
        runs = loadRunsFromTree(requestFor(o, bench, names, step), said);
    } catch (...) {
        warnings.passOn(said.str(), err);
        throw;
    }
    warnings.passOn(said.str(), err);
    if (runs.empty()) throw std::runtime_error("no run could be loaded");
    CompareOptions co;
    co.showCompare = !step.monitor;  // compare-mmtests.pl hides it for monitors read from a tree
    co.printSignificance = significance;
    co.subHeading = step.subHeading;
    return buildComparison(runs, co);
}

// compare-kernels.sh shows iostat when the bare table's 4th line has a
// third field whose integer part is above 5 (`[ $TEST -gt 5 ]`).
bool iostatBusy(const ComparisonReport& bare) {
    std::istringstream lines(renderReport(bare, OutputFormat::Text));
    std::string line;
    for (int i = 0; i < 4; ++i)
        if (!std::getline(lines, line)) return false;
    std::istringstream fields(line);
    std::string f;
    for (int i = 0; i < 3; ++i)
        if (!(fields >> f)) return false;
    std::string whole = f.substr(0, f.find('.'));
    std::size_t digits = whole.rfind('-', 0) == 0 ? 1 : 0;
    if (whole.size() == digits || whole.find_first_not_of("0123456789", digits) != std::string::npos) return false;
    try {
        return std::stoll(whole) > 5;
    } catch (const std::out_of_range&) {
        return whole[0] != '-';
    }
}

}  // namespace

void WarningsOnce::passOn(const std::string& more, std::ostream& err) {
    std::istringstream in(more);
    for (std::string line; std::getline(in, line);) {
        if (said.find(line + "\n") != std::string::npos) continue;
        passOnLine(err, line);
        said += line + "\n";
    }
}

ReportPart runPlanStep(const KernelsOptions& o, const std::string& bench, const std::vector<std::string>& names,
                       const PlanStep& step, WarningsOnce& warnings, std::ostream& err,
                       std::vector<RunSummary>* loaded) {
    ReportPart part;
    if (step.kind == PlanStep::Kind::Line) {
        part.line = step.text;
        return part;
    }
    part.isTable = true;
    part.what = describeStep(step);
    std::vector<RunSummary> runs;
    try {
        bool significance = step.significance && o.autoDetect;
        if (step.kind == PlanStep::Kind::IostatTable) {
            // compare-kernels.sh probes with 2> /dev/null: a benchmark without
            // iostat logs is simply not shown, neither warned about nor failed.
            WarningsOnce quiet;
            std::ostringstream sink;
            std::vector<RunSummary> probed;
            bool busy = false;
            try {
                busy = iostatBusy(compareFor(o, bench, names, step, false, quiet, sink, probed));
            } catch (const std::exception&) {
            }
            if (!busy) return part;
            part.before = "\n";
        }
        part.table = compareFor(o, bench, names, step, significance, warnings, err, runs);
    } catch (const std::exception& e) {
        part.error = e.what();
        if (part.error.rfind(part.what + ": ", 0) == 0) part.error.erase(0, part.what.size() + 2);  // said once
    }
    if (loaded) *loaded = std::move(runs);
    return part;
}

std::vector<RunSummary> loadAltRuns(const KernelsOptions& o, const std::string& bench,
                                    const std::vector<std::string>& names, const std::string& alt,
                                    WarningsOnce& warnings, std::ostream& err) {
    PlanStep step;
    step.kind = PlanStep::Kind::Table;
    step.alt = alt;
    std::ostringstream said;
    std::vector<RunSummary> runs;
    try {
        runs = loadRunsFromTree(requestFor(o, bench, names, step), said);
    } catch (const std::exception& e) {
        note(said, bench + " -a " + alt + ": " + e.what());
    }
    warnings.passOn(said.str(), err);
    return runs;
}

}  // namespace mmtp::compare
