#include "kernels/vmstat.hpp"

#include "input/log_files.hpp"
#include "kernels/charts/monitor_reader.hpp"

#include <algorithm>
#include <cstdlib>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

bool hasLog(const fs::path& iterDir, const std::string& benchmark) {
    std::error_code ec;
    for (const char* suffix : {"", ".gz", ".xz"})
        if (fs::exists(iterDir / ("vmstat-" + benchmark + suffix), ec)) return true;
    return false;
}

// The mean of a column over every sample of every iteration.
double mean(const std::vector<VmstatSamples>& iterations, const std::string& column, std::size_t& n) {
    double sum = 0;
    n = 0;
    for (const VmstatSamples& s : iterations)
        if (auto t = s.totals.find(column); t != s.totals.end()) sum += t->second.sum, n += t->second.n;
    return n ? sum / static_cast<double>(n) : NAN;
}

// One iteration's log; past the charted iterations only its totals are kept.
void readIteration(RunVmstat& r, const fs::path& iter, const std::string& benchmark) {
    VmstatSamples s = readVmstatByHeader(iter, benchmark, kVmstatCharted);
    if (r.iterations.size() >= kMaxChartedIterations) s.x = {}, s.columns = {};
    const std::string lost = droppedByBounds(s.droppedValues, 0, "");
    if (!lost.empty()) r.bounded.push_back((iter / ("vmstat-" + benchmark)).string() + ": " + lost);
    r.iterations.push_back(std::move(s));
    r.iterationNames.push_back(iter.filename().string());
}

}  // namespace

std::vector<RunVmstat> readRunsVmstat(const fs::path& logDir, const std::vector<std::string>& runs,
                                      const std::string& benchmark) {
    std::vector<RunVmstat> out;
    for (const std::string& run : runs) {
        RunVmstat& r = out.emplace_back();
        r.run = run;
        std::vector<fs::path> iters;
        try {
            iters = iterationsInOrder(logDir / run);
        } catch (const std::exception& e) {
            r.error = e.what();
            continue;
        }
        for (const fs::path& iter : iters) {
            if (!hasLog(iter, benchmark)) continue;
            r.recorded = true;
            try {
                readIteration(r, iter, benchmark);
            } catch (const std::exception& e) {
                const std::string file = (iter / ("vmstat-" + benchmark)).string(), what = e.what();
                if (r.error.empty()) r.error = what.rfind(file, 0) == 0 ? what : file + ": " + what;
            }
        }
    }
    return out;
}

std::optional<std::vector<RunCosts>> mitigationCosts(const std::vector<RunVmstat>& vmstat,
                                                     const std::vector<RunValidity>& validity, bool includeInvalid) {
    if (std::none_of(vmstat.begin(), vmstat.end(), [](const RunVmstat& r) { return r.recorded; })) return std::nullopt;
    std::vector<RunCosts> costs;
    for (const RunVmstat& r : vmstat) {
        RunCosts& c = costs.emplace_back();
        c.run = r.run;
        auto v = std::find_if(validity.begin(), validity.end(), [&r](const RunValidity& x) { return x.run == r.run; });
        if (v != validity.end() && !v->valid()) {
            std::string problem = std::string(problemName(v->problem)) + ": " + v->reason;
            if (!includeInvalid) {
                c.notMeasured = problem;
                continue;
            }
            c.invalid = problem;
        }
        if (!r.recorded) {
            c.notMeasured = "no vmstat log";
            continue;
        }
        if (r.iterations.empty()) {
            c.notMeasured = "unreadable: " + r.error;
            continue;
        }
        std::size_t n = 0, ignored = 0;
        c.sysPct = mean(r.iterations, "sy", n);
        c.contextSwitches = mean(r.iterations, "cs", ignored);
        c.interrupts = mean(r.iterations, "in", ignored);
        c.samples = n;
        if (n == 0) c.notMeasured = "no vmstat sample after its since-boot first report";
    }
    return costs;
}

}  // namespace mmtp::compare
