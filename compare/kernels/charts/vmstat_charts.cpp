#include "kernels/charts/vmstat_charts.hpp"

#include "kernels/charts/monitor_chart_parts.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

// vmstat columns of every run's samples in iteration, one line each.
TimeChart vmstatChart(const std::vector<RunVmstat>& vmstat, const std::string& iteration,
                      const std::vector<std::string>& columns, std::string title, std::string yLabel, bool& stamped,
                      bool& unstamped) {
    TimeChart c{std::move(title), std::move(yLabel), {}, {}};
    c.fromZero = true;
    for (std::size_t r = 0; r < vmstat.size(); ++r) {
        const RunVmstat& run = vmstat[r];
        if (!run.error.empty()) c.notes.push_back(run.run + ": vmstat not drawn: " + run.error);
        auto name = std::find(run.iterationNames.begin(), run.iterationNames.end(), iteration);
        if (name == run.iterationNames.end()) continue;
        const VmstatSamples& s = run.iterations[static_cast<std::size_t>(name - run.iterationNames.begin())];
        (s.timestamped ? stamped : unstamped) = true;
        addColumnSeries(c, s, run.run, r, columns);
    }
    return c;
}

}  // namespace

void keepVmstatCharts(std::vector<TimeChart>& charts, const std::string& benchmark, const std::string& iteration,
                      const std::vector<RunVmstat>& vmstat, Warnings& warnings) {
    for (const RunVmstat& r : vmstat) {
        std::vector<std::string> problems = r.bounded;
        if (!r.error.empty()) problems.push_back(r.error);
        for (const std::string& problem : problems) {
            std::string w = benchmark + " monitor graphs: " + problem;
            if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(w);
        }
    }
    bool stamped = false, unstamped = false;
    TimeChart cpu =
        vmstatChart(vmstat, iteration, {"us", "sy", "wa"}, "CPU time: user, system, IO wait (vmstat us/sy/wa)",
                    "% of CPU time", stamped, unstamped);
    TimeChart cs = vmstatChart(vmstat, iteration, {"cs"}, "Context switches (vmstat cs)", "Context switches/second",
                               stamped, unstamped);
    TimeChart in =
        vmstatChart(vmstat, iteration, {"in"}, "Interrupts (vmstat in)", "Interrupts/second", stamped, unstamped);
    cs.notes.clear(), in.notes.clear();  // an unreadable log is said once, on the CPU chart
    std::string x = stampedAxis(stamped, unstamped, "vmstat", "sample");
    x += inIteration(iteration) + "; vmstat's since-boot first report left out; columns read by vmstat's header";
    keepChart(charts, std::move(cpu), x);
    keepChart(charts, std::move(cs), x);
    keepChart(charts, std::move(in), x);
}

}  // namespace mmtp::compare
