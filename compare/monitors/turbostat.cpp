// MonitorTurbostat.pm: the columns of turbostat-BENCH's summary lines (the
// ones whose first field, after an optional latency-output prefix, is "-").
// Which columns: the C-state, watt, busy and Avg_MHz headers of the first
// header line, found by name, each an operation (sorted); --sub-heading
// must name one of them exactly.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>

namespace mmtp::compare {

namespace {

// Column index per header name. The module counts with an undef $index, so
// the first field's index is undef: it reads as field 0, yet a sub-heading
// naming it is "unrecognised" (nullopt here).
using ColumnMap = std::map<std::string, std::optional<long>>;

// Scanned by hand, not with std::regex: its backtracking over a long run of
// blanks takes seconds per 16 KiB line.
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// /\sWORD1\s+WORD2/ anywhere in the line (the header lines' /\s+Core\s+CPU/).
bool hasBlankSeparatedPair(std::string_view line, std::string_view first, std::string_view second) {
    for (std::size_t p = line.find(first, 1); p != std::string_view::npos; p = line.find(first, p + 1)) {
        std::size_t q = p + first.size();
        if (!isSpace(line[p - 1]) || q >= line.size() || !isSpace(line[q])) continue;
        while (q < line.size() && isSpace(line[q])) ++q;
        if (line.substr(q).starts_with(second)) return true;
    }
    return false;
}

// /CPU%c[0-9]/ || /C[0-9][A-Z]*%/ (which covers the module's /C[0-9]%/).
bool isCStateHeader(std::string_view h) {
    for (std::size_t p = h.find("CPU%c"); p != std::string_view::npos; p = h.find("CPU%c", p + 1))
        if (p + 5 < h.size() && isDigit(h[p + 5])) return true;
    for (std::size_t i = 0; i + 1 < h.size(); ++i) {
        if (h[i] != 'C' || !isDigit(h[i + 1])) continue;
        std::size_t j = i + 2;
        while (j < h.size() && h[j] >= 'A' && h[j] <= 'Z') ++j;
        if (j < h.size() && h[j] == '%') return true;
    }
    return false;
}

bool isReportedHeader(const std::string& h) {
    return isCStateHeader(h) || h == "CorWatt" || h == "PkgWatt" || h == "%Busy" || h == "POLL%" || h == "Busy%" ||
           h == "Avg_MHz";
}

ColumnMap discoverColumns(const std::vector<std::string>& lines) {
    ColumnMap columns;
    for (const std::string& line : lines) {
        if (!hasBlankSeparatedPair(line, "Core", "CPU") && !hasBlankSeparatedPair(line, "CPU", "Avg_MHz")) continue;
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
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        std::vector<std::string> lines = monitorLogLines(iterDir, "turbostat", r.benchmark);
        ColumnMap columns = discoverColumns(lines);
        if (!r.subHeading.empty()) {
            auto it = columns.find(r.subHeading);
            if (it == columns.end() || !it->second) throw MonitorDied("Unrecognised heading " + r.subHeading);
        }
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
    });
}

}  // namespace mmtp::compare
