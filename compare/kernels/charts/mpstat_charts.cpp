#include "kernels/charts/mpstat_charts.hpp"

#include "kernels/charts/monitor_chart_parts.hpp"
#include "monitors/cpu_topology_log.hpp"
#include "monitors/mpstat_by_header.hpp"

#include <algorithm>
#include <optional>
#include <set>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

constexpr std::size_t kMaxNodes = 8;

// One run's mpstat per NUMA node.
struct RunNodes {
    bool stamped = false;
    std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> busy;  // node id -> points
};

// Every run's nodes (nullopt: not recorded or unreadable), the nodes drawn
// (the first kMaxNodes over every run, in order), those past them, and the
// notes of the first chart.
struct NodesOfRuns {
    std::vector<std::optional<RunNodes>> byRun;
    std::vector<std::string> nodes, notes;
    std::set<std::string> undrawn;
};

// Whether node is drawn: one already drawn, or a new one while fewer than
// kMaxNodes are (a node past them is counted in undrawn).
bool drawnNode(NodesOfRuns& all, const std::string& node) {
    if (std::find(all.nodes.begin(), all.nodes.end(), node) != all.nodes.end()) return true;
    if (all.nodes.size() == kMaxNodes) {
        all.undrawn.insert(node);
        return false;
    }
    all.nodes.push_back(node);
    return true;
}

// One run's busy per node, summed only for the nodes drawn.
RunNodes runNodes(NodesOfRuns& all, const MpstatSamples& samples, const fs::path& iterDir) {
    RunNodes r{samples.stamped, {}};
    for (const auto& [node, tree] : readNodeTrees(iterDir))
        if (drawnNode(all, node)) r.busy.emplace_back(node, nodeBusy(samples, tree));
    return r;
}

// The run's mpstat into all; a log that cannot be read is a note and a warning.
void readRunNodes(NodesOfRuns& all, const std::string& run, const std::string& benchmark, const MonitorReader& reader,
                  Warnings& warnings) {
    all.byRun.emplace_back();
    if (!reader.recorded(run, "mpstat")) return;
    const fs::path iterDir = reader.iterDir(run);
    try {
        const MpstatSamples samples = readMpstatByHeader(iterDir, benchmark, {"%idle"});
        warnBounded(warnings, benchmark, iterDir / ("mpstat-" + benchmark),
                    droppedByBounds(droppedValues(samples.cpus), samples.droppedLines, "CPUs"));
        all.byRun.back() = runNodes(all, samples, iterDir);
    } catch (const std::exception& e) {
        all.notes.push_back(run + ": mpstat not drawn: " + e.what());
        warnOnce(warnings, benchmark, iterDir / ("mpstat-" + benchmark), e.what());
    }
}

// The x axis: by watch-mpstat.sh's time: lines, or by mpstat's own clock in
// runs whose log has none.
std::string mpstatAxis(const std::vector<std::optional<RunNodes>>& byRun, const std::string& iteration) {
    bool stamped = false, clocked = false;
    for (const auto& r : byRun)
        if (r) (r->stamped ? stamped : clocked) = true;
    return std::string(stamped && !clocked ? "seconds since the monitor started"
                       : !stamped          ? "seconds since the monitor started, by mpstat's own clock "
                                             "(the log has no watch-mpstat.sh time: lines)"
                                           : "seconds since the monitor started (by mpstat's own clock "
                                             "where the log has no watch-mpstat.sh time: lines)") +
           inIteration(iteration) + "; columns read by mpstat's header";
}

// The node's chart: each run that has it a line.
TimeChart nodeChart(const std::string& node, const std::vector<std::optional<RunNodes>>& byRun,
                    const std::vector<std::string>& runs) {
    TimeChart c{"CPU busy on NUMA node-" + node + ": sum over its CPUs of 100 - %idle (mpstat)",
                "Busy percentage (100 per busy CPU)",
                {},
                {}};
    c.fromZero = true;
    for (std::size_t r = 0; r < byRun.size(); ++r) {
        if (!byRun[r]) continue;
        for (const auto& [id, points] : byRun[r]->busy)
            if (id == node && !points.empty()) c.series.push_back({runs[r], r, 0, points});
    }
    return c;
}

}  // namespace

void keepMpstatCharts(std::vector<TimeChart>& charts, const std::vector<std::string>& runs,
                      const std::string& benchmark, const MonitorReader& reader, Warnings& warnings) {
    NodesOfRuns all;
    for (const std::string& run : runs) readRunNodes(all, run, benchmark, reader, warnings);
    if (!all.undrawn.empty()) all.notes.push_back(std::to_string(all.undrawn.size()) + " more NUMA nodes not drawn");
    const std::string x = mpstatAxis(all.byRun, reader.iteration());
    for (const std::string& node : all.nodes) {
        TimeChart c = nodeChart(node, all.byRun, runs);
        if (&node == &all.nodes.front()) c.notes = all.notes;
        keepChart(charts, std::move(c), x);
    }
    if (all.nodes.empty()) keepChart(charts, TimeChart{"CPU busy per NUMA node (mpstat)", "", {}, all.notes}, x);
}

}  // namespace mmtp::compare
