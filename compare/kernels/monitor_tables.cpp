#include "kernels/monitor_tables.hpp"

#include "monitors/iostat_by_header.hpp"
#include "monitors/mpstat_by_header.hpp"
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

constexpr std::size_t kMaxDevices = 4, kMaxInterruptSources = 4, kMaxNodes = 8;

double number(const std::string& text) {
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    return end == text.c_str() ? NAN : v;
}

// One run's samples of a monitor in one iteration, grouped by operation in the order
// they first appear; nullopt when the run has no such log.
struct Samples {
    std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> byOp;
};

// Each unreadable log once, however many charts it would have fed, named
// once (the reader's message may start with the file already).
void warnOnce(Warnings& warnings, const std::string& benchmark, const fs::path& log, const std::string& what) {
    const std::string file = log.string();
    std::string warning = benchmark + " monitor graphs: " + (what.rfind(file, 0) == 0 ? what : file + ": " + what);
    if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) warnings.push_back(warning);
}

// A log read in part: what it lost to a bound (monitors/log_words.hpp), once.
void warnBounded(Warnings& warnings, const std::string& benchmark, const fs::path& log, const std::string& lost) {
    if (!lost.empty()) warnOnce(warnings, benchmark, log, lost);
}

// The iostat columns the charts draw: only their values are kept.
const std::vector<std::string> kIostatCharted = {"rkB/s", "wkB/s", "r_await", "w_await"};

class MonitorReader {
public:
    MonitorReader(const fs::path& logDir, std::vector<std::string> runs, std::string benchmark, std::string iteration,
                  Warnings& warnings)
        : logDir_(logDir),
          runs_(std::move(runs)),
          benchmark_(std::move(benchmark)),
          iteration_(std::move(iteration)),
          warnings_(warnings) {}

    const std::vector<std::string>& runs() const { return runs_; }
    const std::string& iteration() const { return iteration_; }
    fs::path iterDir(const std::string& run) const { return logDir_ / run / iteration_; }

    bool recorded(const std::string& run, const std::string& monitor) const {
        fs::path base = iterDir(run) / (monitor + "-" + benchmark_);
        std::error_code ec;
        for (const char* suffix : {"", ".gz", ".xz"})
            if (fs::exists(fs::path(base.string() + suffix), ec)) return true;
        return false;
    }

    // Each run's samples (nullopt: not recorded or unreadable, with a note).
    std::vector<std::optional<Samples>> read(const std::string& monitor, MonitorParseFn parse,
                                             const std::string& subHeading, std::vector<std::string>& notes) const {
        std::vector<std::optional<Samples>> out;
        for (const std::string& run : runs_) {
            out.emplace_back();
            if (!recorded(run, monitor)) continue;
            MonitorSession session;  // one per run: each run's own mpstat start and node values
            try {
                MonitorRun m = parse({iterDir(run)}, {benchmark_, subHeading}, session);
                Samples s;
                for (const Row& r : m.iterations.empty() ? Rows{} : m.iterations.front()) {
                    auto op = std::find_if(s.byOp.begin(), s.byOp.end(), [&r](const auto& x) { return x.first == r.metric; });
                    if (op == s.byOp.end()) op = s.byOp.insert(s.byOp.end(), {r.metric, {}});
                    op->second.emplace_back(number(r.interval), number(r.value));
                }
                out.back() = std::move(s);
            } catch (const std::exception& e) {
                std::string note = run + ": " + monitor + (subHeading.empty() ? "" : " " + subHeading) +
                                   " not drawn: " + e.what();
                if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
                warnOnce(warnings_, benchmark_, iterDir(run) / (monitor + "-" + benchmark_), e.what());
            }
        }
        return out;
    }

private:
    fs::path logDir_;
    std::vector<std::string> runs_;
    std::string benchmark_;
    std::string iteration_;
    Warnings& warnings_;
};

// fields[i] of every run, one line each: colour by run, line style by field.
TimeChart fieldsChart(const MonitorReader& reader, const std::string& monitor, MonitorParseFn parse,
                      const std::vector<std::string>& fields, std::string title, std::string yLabel) {
    TimeChart c{std::move(title), std::move(yLabel), {}, {}};
    c.fromZero = true;  // every monitor charted here counts or is a percentage
    for (std::size_t f = 0; f < fields.size(); ++f) {
        std::vector<std::optional<Samples>> runs = reader.read(monitor, parse, fields[f], c.notes);
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

bool allZero(const TimeChart& c) {
    return std::all_of(c.series.begin(), c.series.end(), [](const TimeSeries& s) {
        return std::all_of(s.points.begin(), s.points.end(), [](const auto& p) { return p.second == 0; });
    });
}

constexpr std::size_t kFewestPoints = 3;

// The x axis' words for the iteration drawn.
std::string inIteration(const std::string& iteration) {
    return ", in each run's " + iteration + (iteration == "iter-0" ? " (the first iteration)" : "");
}

// A chart whose every series has fewer than three points draws a straight
// line (or a dot) that says nothing of the shape, and one whose every sample
// is 0 a flat line: each becomes a note.
void keep(std::vector<TimeChart>& charts, TimeChart c, std::string xLabel) {
    c.xLabel = std::move(xLabel);
    std::size_t most = 0;
    for (const TimeSeries& s : c.series)
        most = std::max(most, static_cast<std::size_t>(std::count_if(s.points.begin(), s.points.end(), [](const auto& p) {
                            return std::isfinite(p.first) && std::isfinite(p.second);
                        })));
    if (!c.series.empty() && most < kFewestPoints) {
        c.series.clear();
        c.notes.push_back("not drawn: at most " + std::to_string(most) + " readable sample" + (most == 1 ? "" : "s") +
                          " per run, fewer than " + std::to_string(kFewestPoints) +
                          " (the benchmark ran for less than three monitor intervals, or the values are not numbers)");
    }
    if (!c.series.empty() && allZero(c)) {  // a flat line on a made-up axis would say nothing either
        c.series.clear();
        c.notes.push_back("not drawn: every sample of every run is 0");
    }
    if (c.series.empty() && c.notes.empty())  // recorded, yet nothing to draw: say so rather than drop it
        c.notes.push_back("not drawn: the logs hold no samples of it");
    charts.push_back(std::move(c));
}

// One line per column of one run's samples: colour by run, line style by
// column; named by the run, and by the column when there are several.
void addColumnSeries(TimeChart& c, const ColumnSamples& s, const std::string& run, std::size_t runIndex,
                     const std::vector<std::string>& columns) {
    for (std::size_t f = 0; f < columns.size(); ++f) {
        const std::vector<double>& values = s.column(columns[f]);
        TimeSeries series{run + (columns.size() > 1 ? " " + columns[f] : ""), runIndex, f, {}};
        for (std::size_t i = 0; i < values.size() && i < s.x.size(); ++i) series.points.emplace_back(s.x[i], values[i]);
        if (!series.points.empty()) c.series.push_back(std::move(series));
    }
}

// The x axis of a chart over runs whose logs may lack MONITORS_WITH_LATENCY's
// stamp, where a sample has only its number ("vmstat", "sample").
std::string stampedAxis(bool stamped, bool unstamped, const std::string& monitor, const std::string& sample) {
    if (stamped && !unstamped) return "seconds since the monitor started";
    if (!stamped)
        return monitor + " " + sample + " number (the log has no timestamps: " + monitor +
               " was not in MONITORS_WITH_LATENCY, so its interval is not recorded)";
    return "seconds since the monitor started, or the " + sample +
           " number for runs whose log has no timestamps (not in MONITORS_WITH_LATENCY)";
}

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
    keep(charts, std::move(cpu), x);
    keep(charts, std::move(cs), x);
    keep(charts, std::move(in), x);
}

// One run's mpstat per NUMA node: its own log read by mpstat's header, the
// nodes and their CPUs from its cpu-topology-mmtests.txt.
struct RunNodes {
    bool stamped = false;
    std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> busy;  // node id -> points
};

// The charts of CPU busy per NUMA node: per report, the sum over the node's
// CPUs of 100 - %idle (100 for each busy CPU), each run a line.
void keepMpstatCharts(std::vector<TimeChart>& charts, const std::vector<std::string>& runs,
                      const std::string& benchmark, const MonitorReader& reader, Warnings& warnings) {
    std::vector<std::optional<RunNodes>> byRun;
    std::vector<std::string> notes, nodes;  // nodes: the first kMaxNodes over every run, in order
    std::set<std::string> undrawn;
    for (const std::string& run : runs) {
        byRun.emplace_back();
        if (!reader.recorded(run, "mpstat")) continue;
        const fs::path iterDir = reader.iterDir(run);
        try {
            const MpstatSamples samples = readMpstatByHeader(iterDir, benchmark, {"%idle"});
            warnBounded(warnings, benchmark, iterDir / ("mpstat-" + benchmark),
                        droppedByBounds(droppedValues(samples.cpus), samples.droppedLines, "CPUs"));
            RunNodes r{samples.stamped, {}};
            for (const auto& [node, tree] : readNodeTrees(iterDir)) {
                if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) {
                    if (nodes.size() == kMaxNodes) {  // summed only for the nodes drawn
                        undrawn.insert(node);
                        continue;
                    }
                    nodes.push_back(node);
                }
                r.busy.emplace_back(node, nodeBusy(samples, tree));
            }
            byRun.back() = std::move(r);
        } catch (const std::exception& e) {
            notes.push_back(run + ": mpstat not drawn: " + e.what());
            warnOnce(warnings, benchmark, iterDir / ("mpstat-" + benchmark), e.what());
        }
    }
    if (!undrawn.empty()) notes.push_back(std::to_string(undrawn.size()) + " more NUMA nodes not drawn");
    bool stamped = false, clocked = false;
    for (const auto& r : byRun)
        if (r) (r->stamped ? stamped : clocked) = true;
    const std::string x = std::string(stamped && !clocked ? "seconds since the monitor started"
                                      : !stamped          ? "seconds since the monitor started, by mpstat's own clock "
                                                            "(the log has no watch-mpstat.sh time: lines)"
                                                          : "seconds since the monitor started (by mpstat's own clock "
                                                            "where the log has no watch-mpstat.sh time: lines)") +
                          inIteration(reader.iteration()) + "; columns read by mpstat's header";
    for (const std::string& node : nodes) {
        TimeChart c{"CPU busy on NUMA node-" + node + ": sum over its CPUs of 100 - %idle (mpstat)",
                    "Busy percentage (100 per busy CPU)", {}, {}};
        c.fromZero = true;
        for (std::size_t r = 0; r < byRun.size(); ++r) {
            if (!byRun[r]) continue;
            for (const auto& [id, points] : byRun[r]->busy)
                if (id == node && !points.empty()) c.series.push_back({runs[r], r, 0, points});
        }
        if (&node == &nodes.front()) c.notes = notes;
        keep(charts, std::move(c), x);
    }
    if (nodes.empty()) keep(charts, TimeChart{"CPU busy per NUMA node (mpstat)", "", {}, notes}, x);
}

// IO per device: read by iostat's header, where MonitorIostat.pm reads
// sysstat 12's rkB/s and wkB/s as 0. The devices drawn are those that moved
// data or waited, busiest (most KiB) first; a log where none did is a note,
// so a recorded iostat is always drawn or said.
void keepIostatCharts(std::vector<TimeChart>& charts, const std::vector<std::string>& runs,
                      const std::string& benchmark, const MonitorReader& reader, Warnings& warnings) {
    std::vector<std::string> notes;
    std::vector<std::optional<IostatSamples>> byHeader;
    std::map<std::string, double> kib;  // device -> KiB read and written, over every run
    std::set<std::string> active;       // devices with a charted value other than 0
    for (const std::string& run : runs) {
        byHeader.emplace_back();
        if (!reader.recorded(run, "iostat")) continue;
        const fs::path log = reader.iterDir(run) / ("iostat-" + benchmark);
        try {
            IostatSamples s = readIostatByHeader(reader.iterDir(run), benchmark, kIostatCharted);
            warnBounded(warnings, benchmark, log, droppedByBounds(droppedValues(s.devices), s.droppedLines, "devices"));
            for (const auto& [dev, samples] : s.devices)
                for (const std::string& column : kIostatCharted)
                    for (double v : samples.column(column)) {
                        if (!std::isfinite(v) || v == 0) continue;
                        active.insert(dev);
                        if (column == "rkB/s" || column == "wkB/s") kib[dev] += v;
                    }
            byHeader.back() = std::move(s);
        } catch (const std::exception& e) {
            notes.push_back(run + ": iostat not drawn: " + e.what());
            warnOnce(warnings, benchmark, log, e.what());
        }
    }
    std::vector<std::string> devices(active.begin(), active.end());
    std::stable_sort(devices.begin(), devices.end(), [&](const auto& a, const auto& b) { return kib[a] > kib[b]; });
    if (devices.size() > kMaxDevices) {
        notes.push_back(std::to_string(devices.size() - kMaxDevices) + " more devices not drawn (the " +
                        std::to_string(kMaxDevices) + " that moved the most data are)");
        devices.resize(kMaxDevices);
    }
    auto chart = [&](const std::string& dev, const std::vector<std::string>& columns, std::string title,
                     std::string yLabel) {
        TimeChart c{std::move(title), std::move(yLabel), {}, {}};
        c.fromZero = true;
        for (std::size_t r = 0; r < byHeader.size(); ++r) {
            if (!byHeader[r]) continue;
            auto d = byHeader[r]->devices.find(dev);
            if (d != byHeader[r]->devices.end()) addColumnSeries(c, d->second, runs[r], r, columns);
        }
        return c;
    };
    bool stamped = false, unstamped = false;
    for (const auto& h : byHeader)
        if (h) (h->timestamped ? stamped : unstamped) = true;
    const std::string x = stampedAxis(stamped, unstamped, "iostat", "report") + inIteration(reader.iteration()) +
                          "; each device's since-boot first report left out; columns read by iostat's header";
    for (const std::string& dev : devices) {
        keep(charts,
             chart(dev, {"rkB/s", "wkB/s"}, "IO on " + dev + ": read, written (iostat rkB/s, wkB/s)", "KiB/second"), x);
        keep(charts,
             chart(dev, {"r_await", "w_await"}, "IO on " + dev + ": read, write wait (iostat r_await, w_await)",
                   "Time (milliseconds)"),
             x);
    }
    if (devices.empty() && std::any_of(byHeader.begin(), byHeader.end(), [](const auto& h) { return h.has_value(); }))
        notes.push_back(
            "recorded, but not drawn: no device read, wrote or waited after its since-boot first report "
            "(every rkB/s, wkB/s, r_await and w_await is 0)");
    if (!notes.empty()) keep(charts, TimeChart{"IO (iostat)", "", {}, notes}, x);
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
        keep(charts,
             fieldsChart(reader, "proc-vmstat", parseProcVmstatMonitor, {"pgfault", "pgmajfault"},
                         "Page faults: all, major (proc-vmstat pgfault/pgmajfault)", "Faults per sample"),
             x);
    if (anyRun("proc-interrupts")) {
        std::vector<std::string> notes;
        std::map<std::string, double> totals;
        std::vector<std::string> sources = operationsOf(reader, "proc-interrupts", parseProcInterruptsMonitor, notes, &totals);
        std::stable_sort(sources.begin(), sources.end(), [&](const auto& a, const auto& b) { return totals[a] > totals[b]; });
        if (sources.size() > kMaxInterruptSources) sources.resize(kMaxInterruptSources);
        TimeChart c = fieldsChart(reader, "proc-interrupts", parseProcInterruptsMonitor, sources,
                                  "Interrupts by source, the " + std::to_string(sources.size()) +
                                      " busiest (proc-interrupts)", "Interrupts per sample");
        c.notes.insert(c.notes.begin(), notes.begin(), notes.end());
        keep(charts, std::move(c), x);
    }
    if (anyRun("mpstat")) keepMpstatCharts(charts, runs, benchmark, reader, warnings);
    if (anyRun("iostat")) keepIostatCharts(charts, runs, benchmark, reader, warnings);
    return charts;
}

}  // namespace

MonitorCharts loadMonitorCharts(const fs::path& logDir, const std::vector<std::string>& runs,
                                const std::string& benchmark, const std::vector<RunVmstat>& vmstat,
                                Warnings& warnings) {
    // The iterations of every run, in N order, each once.
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
