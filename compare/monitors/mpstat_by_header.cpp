#include "monitors/mpstat_by_header.hpp"

#include "monitors/text.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace mmtp::compare {

namespace {

constexpr double kDay = 24 * 3600;

// "08:35:19" or "08:35:19" "PM" as seconds since midnight.
std::optional<double> clockSeconds(const std::vector<std::string>& words) {
    if (words.empty() || words.size() > 2) return std::nullopt;
    const std::string& t = words[0];
    if (t.size() != 8 || t[2] != ':' || t[5] != ':') return std::nullopt;
    for (std::size_t i : {0, 1, 3, 4, 6, 7})
        if (t[i] < '0' || t[i] > '9') return std::nullopt;
    int h = std::stoi(t.substr(0, 2)), m = std::stoi(t.substr(3, 2)), s = std::stoi(t.substr(6, 2));
    if (words.size() == 2) {
        if ((words[1] != "AM" && words[1] != "PM") || h < 1 || h > 12) return std::nullopt;
        h = h % 12 + (words[1] == "PM" ? 12 : 0);
    }
    if (h > 23 || m > 59 || s > 60) return std::nullopt;
    return h * 3600.0 + m * 60.0 + s;
}

// The header's CPU column: after the clock, followed by %-named columns with %idle among them.
std::optional<std::size_t> cpuColumn(const std::vector<std::string>& w) {
    auto cpu = std::find(w.begin(), w.end(), "CPU");
    if (cpu == w.end() || cpu == w.begin() || std::find(cpu, w.end(), "%idle") == w.end()) return std::nullopt;
    return static_cast<std::size_t>(cpu - w.begin());
}

// mpstat's clock as seconds since the monitor started: the first header's
// clock is the start of the first interval; a clock that goes back crossed
// midnight.
class MonitorClock {
public:
    void start(double seconds) {
        if (!first_) first_ = last_ = seconds;
    }
    double since(double seconds) {
        start(seconds);
        if (seconds + wraps_ * kDay < *last_) ++wraps_;
        last_ = seconds + wraps_ * kDay;
        return *last_ - *first_;
    }

private:
    std::optional<double> first_, last_;
    int wraps_ = 0;
};

// A CPU line's numbers after its CPU column, or nullopt when the line does
// not have the header's shape (a field missing or not a number).
std::optional<std::vector<double>> lineValues(const std::vector<std::string>& w,
                                              const std::vector<std::string>& header, std::size_t cpuAt) {
    std::vector<double> values;
    for (std::size_t i = cpuAt + 1; i < w.size(); ++i)
        if (std::optional<double> v = strictNumber(w[i])) values.push_back(*v);
    if (w.size() != header.size() || values.size() + cpuAt + 1 != w.size()) return std::nullopt;
    return values;
}

}  // namespace

MpstatSamples mpstatFromLines(const std::vector<std::string>& lines, const std::vector<std::string>& only) {
    MpstatSamples s;
    std::vector<std::string> header;  // of the report being read; empty outside one
    bool sawHeader = false;
    std::size_t cpuAt = 0;
    std::optional<double> stamp, firstStamp;
    MonitorClock clock;
    double reportX = NAN;  // of the report being read, from its first CPU line
    for (const std::string& line : lines) {
        std::vector<std::string> w = logWords(line);
        if (w.empty()) {
            header.clear(), reportX = NAN;
            continue;
        }
        if (w.size() == 2 && w[0] == "time:") {  // watch-mpstat.sh's stamp before each report
            if (std::optional<double> t = strictNumber(w[1])) {
                if (!firstStamp) firstStamp = t, s.stamped = true;
                stamp = t;
            }
            continue;
        }
        if (std::optional<std::size_t> c = cpuColumn(w)) {
            header.clear(), reportX = NAN;
            if (w[0] == "Average:") continue;  // mpstat's summary when stopped
            header = w, cpuAt = *c, sawHeader = true;  // each report read by its own header
            if (std::optional<double> t = clockSeconds({w.begin(), w.begin() + static_cast<long>(cpuAt)})) clock.start(*t);
            continue;
        }
        if (header.empty()) continue;  // the "Linux ..." banner, an Average block
        std::optional<double> clockAt = clockSeconds({w.begin(), w.begin() + static_cast<long>(std::min(cpuAt, w.size()))});
        const std::optional<std::vector<double>> values = lineValues(w, header, cpuAt);
        if (!values || !clockAt) {
            ++s.skippedLines;
            continue;
        }
        if (std::isnan(reportX)) reportX = s.stamped ? stamp.value_or(0) - firstStamp.value_or(0) : clock.since(*clockAt);
        ColumnSamples* cpu = sampleSet(s.cpus, w[cpuAt], only);
        if (!cpu) {
            ++s.droppedLines;
            continue;
        }
        if (cpu->read > 0 && cpu->lastAt == reportX) {  // the same CPU twice in one report
            ++s.skippedLines;
            continue;
        }
        cpu->add(reportX, {header.begin() + static_cast<long>(cpuAt) + 1, header.end()}, *values);
    }
    if (!sawHeader) throw std::runtime_error("no mpstat header line (\"... CPU %usr ... %idle\") in the log");
    return s;
}

std::vector<std::pair<double, double>> nodeBusy(const MpstatSamples& samples, const NodeTree& node) {
    const std::vector<std::string> cpus = node.cpus();
    std::map<double, std::map<std::string, double>> byReport;  // x -> CPU -> busy
    for (const std::string& cpu : cpus) {
        auto c = samples.cpus.find(cpu);
        if (c == samples.cpus.end()) continue;
        const std::vector<double>& idle = c->second.column("%idle");
        for (std::size_t i = 0; i < idle.size() && i < c->second.x.size(); ++i)
            byReport[c->second.x[i]][cpu] = 100 - idle[i];
    }
    std::vector<std::pair<double, double>> out;
    for (const auto& [x, busy] : byReport)
        if (!cpus.empty() && busy.size() == cpus.size()) out.emplace_back(x, nodeSum(node, busy));
    return out;
}

MpstatSamples readMpstatByHeader(const std::filesystem::path& iterDir, const std::string& benchmark,
                                 const std::vector<std::string>& only) {
    return mpstatFromLines(monitorLogLines(iterDir, "mpstat", benchmark), only);
}

}  // namespace mmtp::compare
