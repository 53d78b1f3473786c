// MonitorTurbostat.pm: the columns of turbostat-BENCH's summary lines (the
// ones whose first field, after an optional latency-output prefix, is "-").
// Which columns: the C-state, watt, busy and Avg_MHz headers of the first
// header line, found by name, each an operation (sorted); --sub-heading
// must name one of them exactly.
#include "parsers/monitors.hpp"
#include "parsers/monitor_text.hpp"

#include "core/perl_scalar.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

// Column index per header name. The module counts with an undef $index, so
// the first field's index is undef: it reads as field 0, yet a sub-heading
// naming it is "unrecognised" (nullopt here).
using ColumnMap = std::map<std::string, std::optional<long>>;

bool isReportedHeader(const std::string& h) {
    static const std::regex kCState("CPU%c[0-9]|C[0-9]%|C[0-9][A-Z]*%");
    return std::regex_search(h, kCState) || h == "CorWatt" || h == "PkgWatt" || h == "%Busy" || h == "POLL%" ||
           h == "Busy%" || h == "Avg_MHz";
}

ColumnMap discoverColumns(const std::vector<std::string>& lines) {
    static const std::regex kCoreCpu("\\s+Core\\s+CPU"), kCpuAvg("\\s+CPU\\s+Avg_MHz");
    ColumnMap columns;
    for (const std::string& line : lines) {
        if (!std::regex_search(line, kCoreCpu) && !std::regex_search(line, kCpuAvg)) continue;
        std::optional<long> index;
        for (const std::string& header : splitBlankRuns(trimLeft(line))) {
            if (isReportedHeader(header)) columns[header] = index;
            index = index.value_or(0) + 1;
        }
        break;  // only the first header line counts
    }
    return columns;
}

}  // namespace

MonitorRun parseTurbostatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                 MonitorSession&) {
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        std::vector<std::string> lines = monitorLogLines(iterDir, "turbostat", r.benchmark);
        ColumnMap columns = discoverColumns(lines);
        if (!r.subHeading.empty()) {
            auto it = columns.find(r.subHeading);
            if (it == columns.end() || !it->second) throw MonitorDied("Unrecognised heading " + r.subHeading);
        }
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0;
        for (const std::string& line : lines) {
            std::vector<std::string> e = splitBlankRuns(trimLeft(line));
            // latency-output prepends "time offset latency --"
            const bool stamped = fieldAt(e, 3) == "--";
            if (fieldAt(e, stamped ? 4 : 0) != "-") continue;  // not the summary line
            timestamp = stamped ? numify(e[0]) : timestamp + 1;
            if (start == 0) start = timestamp;
            for (const auto& [header, index] : columns)
                if (r.subHeading.empty() || header == r.subHeading)
                    rows.push_back(monitorRow(header, timestamp - start, rowText(fieldAt(e, index.value_or(0)))));
        }
    }
    return run;
}

}  // namespace mmtp::compare
