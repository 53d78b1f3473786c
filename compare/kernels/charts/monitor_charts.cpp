#include "kernels/charts/monitor_charts.hpp"

#include "kernels/charts/iostat_charts.hpp"
#include "kernels/charts/monitor_chart_parts.hpp"
#include "kernels/charts/monitor_reader.hpp"
#include "kernels/charts/mpstat_charts.hpp"
#include "kernels/charts/vmstat_charts.hpp"
#include "monitors/monitors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

constexpr std::size_t kMaxInterruptSources = 4;

// fields[i] of every run, one line each: colour by run, line style by field.
TimeChart fieldsChart(const MonitorReader& reader, const std::string& monitor, MonitorParseFn parse,
                      const std::vector<std::string>& fields, std::string title, std::string yLabel) {
    TimeChart c{std::move(title), std::move(yLabel), {}, {}};
    c.fromZero = true;  // every monitor charted here counts or is a percentage
    for (std::size_t f = 0; f < fields.size(); ++f) {
        std::vector<std::optional<MonitorSamples>> runs = reader.read(monitor, parse, fields[f], c.notes);
        for (std::size_t r = 0; r < runs.size(); ++r)
            if (runs[r] && !runs[r]->byOp.empty())
                c.series.push_back({reader.runs()[r] + (fields.size() > 1 ? " " + fields[f] : ""), r, f,
                                    runs[r]->byOp.front().second});
    }
    return c;
}

// The operations a monitor reports without a sub-heading, over every run.
std::vector<std::string> operationsOf(const MonitorReader& reader, const std::string& monitor, MonitorParseFn parse,
                                      std::vector<std::string>& notes, std::map<std::string, double>* totals = nullptr) {
    std::vector<std::string> ops;
    for (const auto& run : reader.read(monitor, parse, "", notes)) {
        if (!run) continue;
        for (const auto& [op, points] : run->byOp) {
            if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
            if (totals)
                for (const auto& p : points) (*totals)[op] += std::isfinite(p.second) ? p.second : 0;
        }
    }
    return ops;
}

// The kMaxInterruptSources sources with the most interrupts over every run,
// each a line per run.
TimeChart interruptsChart(const MonitorReader& reader) {
    std::vector<std::string> notes;
    std::map<std::string, double> totals;
    std::vector<std::string> sources =
        operationsOf(reader, "proc-interrupts", parseProcInterruptsMonitor, notes, &totals);
    std::stable_sort(sources.begin(), sources.end(),
                     [&](const auto& a, const auto& b) { return totals[a] > totals[b]; });
    if (sources.size() > kMaxInterruptSources) sources.resize(kMaxInterruptSources);
    TimeChart c =
        fieldsChart(reader, "proc-interrupts", parseProcInterruptsMonitor, sources,
                    "Interrupts by source, the " + std::to_string(sources.size()) + " busiest (proc-interrupts)",
                    "Interrupts per sample");
    c.notes.insert(c.notes.begin(), notes.begin(), notes.end());
    return c;
}

const char* const kChartedMonitors[] = {"vmstat", "proc-vmstat", "proc-interrupts", "mpstat", "iostat"};

bool vmstatIn(const std::vector<RunVmstat>& vmstat, const std::string& iteration) {
    return std::any_of(vmstat.begin(), vmstat.end(), [&](const RunVmstat& r) {
        return std::find(r.iterationNames.begin(), r.iterationNames.end(), iteration) != r.iterationNames.end() ||
               (iteration == "iter-0" && r.recorded && r.iterations.empty());  // unreadable: said on iter-0's chart
    });
}

// One iteration's charts; `drawn` collects the monitors some run recorded.
std::vector<TimeChart> iterationCharts(const MonitorReader& reader, const std::vector<std::string>& runs,
                                       const std::string& benchmark, const std::vector<RunVmstat>& vmstat,
                                       std::set<std::string>& drawn, Warnings& warnings) {
    auto anyRun = [&](const char* monitor) {
        bool any =
            std::any_of(runs.begin(), runs.end(), [&](const std::string& r) { return reader.recorded(r, monitor); });
        if (any) drawn.insert(monitor);
        return any;
    };
    const std::string x = "seconds since the monitor started" + inIteration(reader.iteration());
    std::vector<TimeChart> charts;
    if (vmstatIn(vmstat, reader.iteration())) {
        drawn.insert("vmstat");
        keepVmstatCharts(charts, benchmark, reader.iteration(), vmstat, warnings);
    }
    if (anyRun("proc-vmstat"))
        keepChart(charts,
                  fieldsChart(reader, "proc-vmstat", parseProcVmstatMonitor, {"pgfault", "pgmajfault"},
                              "Page faults: all, major (proc-vmstat pgfault/pgmajfault)", "Faults per sample"),
                  x);
    if (anyRun("proc-interrupts")) keepChart(charts, interruptsChart(reader), x);
    if (anyRun("mpstat")) keepMpstatCharts(charts, runs, benchmark, reader, warnings);
    if (anyRun("iostat")) keepIostatCharts(charts, runs, benchmark, reader, warnings);
    return charts;
}

// The iterations of every run, in N order, each once: (N, "iter-N").
std::vector<std::pair<long, std::string>> iterationsOfRuns(const fs::path& logDir,
                                                           const std::vector<std::string>& runs) {
    std::vector<std::pair<long, std::string>> iterations;
    for (const std::string& run : runs) {
        std::vector<fs::path> dirs;
        try {
            dirs = iterationsInOrder(logDir / run);
        } catch (const std::exception&) {
            continue;  // an unreadable run directory is said by the run's other checks
        }
        for (const fs::path& d : dirs) {
            std::string name = d.filename().string();
            std::pair<long, std::string> key{std::strtol(name.c_str() + 5, nullptr, 10), name};
            if (std::find(iterations.begin(), iterations.end(), key) == iterations.end()) iterations.push_back(key);
        }
    }
    std::sort(iterations.begin(), iterations.end());
    return iterations;
}

}  // namespace

MonitorCharts loadMonitorCharts(const fs::path& logDir, const std::vector<std::string>& runs,
                                const std::string& benchmark, const std::vector<RunVmstat>& vmstat,
                                Warnings& warnings) {
    std::vector<std::pair<long, std::string>> iterations = iterationsOfRuns(logDir, runs);
    MonitorCharts out;
    if (iterations.size() > kMaxChartedIterations) {
        out.notes.push_back("monitors of the first " + std::to_string(kMaxChartedIterations) + " iterations drawn; " +
                            std::to_string(iterations.size() - kMaxChartedIterations) + " more (" +
                            iterations[kMaxChartedIterations].second + " and later) not drawn");
        iterations.resize(kMaxChartedIterations);
    }
    if (iterations.empty()) iterations.emplace_back(0, "iter-0");  // still say which monitors are missing
    std::set<std::string> drawn;
    for (const auto& [number, iteration] : iterations) {
        MonitorReader reader(logDir, runs, benchmark, iteration, warnings);
        std::vector<TimeChart> charts = iterationCharts(reader, runs, benchmark, vmstat, drawn, warnings);
        if (!charts.empty()) out.iterations.push_back({iteration, std::move(charts)});
    }
    // README promises these charts: say which monitors no run recorded.
    std::string missing;
    for (const char* m : kChartedMonitors)
        if (!drawn.count(m)) missing += std::string(missing.empty() ? "" : ", ") + m;
    if (!missing.empty())
        out.notes.push_back("Monitors not drawn: no run recorded " + missing + " for " + benchmark +
                            " (run-config's MONITORS_* settings choose the monitors)");
    return out;
}

}  // namespace mmtp::compare
