#include "kernels/charts/iostat_charts.hpp"

#include "kernels/charts/monitor_chart_parts.hpp"
#include "monitors/iostat_by_header.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

constexpr std::size_t kMaxDevices = 4;

// The iostat columns the charts draw: only their values are kept.
const std::vector<std::string> kIostatCharted = {"rkB/s", "wkB/s", "r_await", "w_await"};

// Every run's iostat (nullopt: not recorded or unreadable), what each device
// did over every run, and the notes of the last chart.
struct IostatRuns {
    std::vector<std::optional<IostatSamples>> byHeader;
    std::map<std::string, double> kib;  // device -> KiB read and written, over every run
    std::set<std::string> active;       // devices with a charted value other than 0
    std::vector<std::string> notes;
};

// The devices of s that read, wrote or waited, and the KiB they moved.
void addActivity(IostatRuns& all, const IostatSamples& s) {
    for (const auto& [dev, samples] : s.devices)
        for (const std::string& column : kIostatCharted)
            for (double v : samples.column(column)) {
                if (!std::isfinite(v) || v == 0) continue;
                all.active.insert(dev);
                if (column == "rkB/s" || column == "wkB/s") all.kib[dev] += v;
            }
}

// The run's iostat into all; a log that cannot be read is a note and a warning.
void readRunIostat(IostatRuns& all, const std::string& run, const std::string& benchmark, const MonitorReader& reader,
                   Warnings& warnings) {
    all.byHeader.emplace_back();
    if (!reader.recorded(run, "iostat")) return;
    const fs::path log = reader.iterDir(run) / ("iostat-" + benchmark);
    try {
        IostatSamples s = readIostatByHeader(reader.iterDir(run), benchmark, kIostatCharted);
        warnBounded(warnings, benchmark, log, droppedByBounds(droppedValues(s.devices), s.droppedLines, "devices"));
        addActivity(all, s);
        all.byHeader.back() = std::move(s);
    } catch (const std::exception& e) {
        all.notes.push_back(run + ": iostat not drawn: " + e.what());
        warnOnce(warnings, benchmark, log, e.what());
    }
}

// The active devices, busiest first, at most kMaxDevices (a note says how
// many more there were).
std::vector<std::string> busiestDevices(IostatRuns& all) {
    std::vector<std::string> devices(all.active.begin(), all.active.end());
    std::stable_sort(devices.begin(), devices.end(),
                     [&all](const auto& a, const auto& b) { return all.kib[a] > all.kib[b]; });
    if (devices.size() > kMaxDevices) {
        all.notes.push_back(std::to_string(devices.size() - kMaxDevices) + " more devices not drawn (the " +
                            std::to_string(kMaxDevices) + " that moved the most data are)");
        devices.resize(kMaxDevices);
    }
    return devices;
}

// The x axis: by MONITORS_WITH_LATENCY's stamps, or the report number in
// runs whose log has none.
std::string iostatAxis(const std::vector<std::optional<IostatSamples>>& byHeader, const std::string& iteration) {
    bool stamped = false, unstamped = false;
    for (const auto& h : byHeader)
        if (h) (h->timestamped ? stamped : unstamped) = true;
    return stampedAxis(stamped, unstamped, "iostat", "report") + inIteration(iteration) +
           "; each device's since-boot first report left out; columns read by iostat's header";
}

// A chart of dev's columns, each run that has dev a line per column.
TimeChart deviceChart(const std::vector<std::optional<IostatSamples>>& byHeader, const std::vector<std::string>& runs,
                      const std::string& dev, const std::vector<std::string>& columns, std::string title,
                      std::string yLabel) {
    TimeChart c{std::move(title), std::move(yLabel), {}, {}};
    c.fromZero = true;
    for (std::size_t r = 0; r < byHeader.size(); ++r) {
        if (!byHeader[r]) continue;
        auto d = byHeader[r]->devices.find(dev);
        if (d != byHeader[r]->devices.end()) addColumnSeries(c, d->second, runs[r], r, columns);
    }
    return c;
}

}  // namespace

void keepIostatCharts(std::vector<TimeChart>& charts, const std::vector<std::string>& runs,
                      const std::string& benchmark, const MonitorReader& reader, Warnings& warnings) {
    IostatRuns all;
    for (const std::string& run : runs) readRunIostat(all, run, benchmark, reader, warnings);
    const std::vector<std::string> devices = busiestDevices(all);
    const std::string x = iostatAxis(all.byHeader, reader.iteration());
    for (const std::string& dev : devices) {
        keepChart(charts,
                  deviceChart(all.byHeader, runs, dev, {"rkB/s", "wkB/s"},
                              "IO on " + dev + ": read, written (iostat rkB/s, wkB/s)", "KiB/second"),
                  x);
        keepChart(charts,
                  deviceChart(all.byHeader, runs, dev, {"r_await", "w_await"},
                              "IO on " + dev + ": read, write wait (iostat r_await, w_await)", "Time (milliseconds)"),
                  x);
    }
    if (devices.empty() &&
        std::any_of(all.byHeader.begin(), all.byHeader.end(), [](const auto& h) { return h.has_value(); }))
        all.notes.push_back(
            "recorded, but not drawn: no device read, wrote or waited after its since-boot first report "
            "(every rkB/s, wkB/s, r_await and w_await is 0)");
    if (!all.notes.empty()) keepChart(charts, TimeChart{"IO (iostat)", "", {}, all.notes}, x);
}

}  // namespace mmtp::compare
