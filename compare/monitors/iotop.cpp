// MonitorIotop.pm: iotop-BENCH, "time: N" stamps each batch of iotop -b -k
// rows (after its TID header). --sub-heading picks the column (PID, User,
// Read, Write, Swapin, IO, Proc) and, with "-mean" or "-stddev", reduces
// each batch to one "threads" sample (harmonic mean / its stddev) instead of
// one sample per command; it selects no operations. Only values above 5 count.
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"
#include "stats/stats.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

// The columns of a left-trimmed iotop row split on blanks ("K/s" and "%"
// units take their own fields).
const std::map<std::string, long> kColumns{{"PID", 0},    {"User", 2}, {"Read", 3}, {"Write", 5},
                                           {"Swapin", 7}, {"IO", 9},   {"Proc", 11}};
constexpr long kCommandColumn = 11;

}  // namespace

MonitorRun parseIotopMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                             MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+)");
    std::vector<std::string> parts = splitLiteral(r.subHeading, "-");
    const std::string column = rowText(fieldAt(parts, 0)), calc = rowText(fieldAt(parts, 1));
    if (!calc.empty() && calc != "mean" && calc != "stddev") throw MonitorDied("Unrecognised subcalc " + calc);
    auto heading = kColumns.find(column);
    if (heading == kColumns.end()) throw MonitorDied("Unrecognised heading '" + column + "'");

    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        std::string timestamp;
        double start = 0;
        bool reading = false;
        std::vector<double> batch;
        for (const std::string& raw : monitorLogLines(iterDir, "iotop", r.benchmark)) {
            const std::string line = trimLeft(raw);
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                if (start == 0) {
                    timestamp = m[1].str();
                    start = numify(timestamp);
                } else {
                    // A batch is reported when the next stamp arrives, so the
                    // last one never is.
                    const double sample = numify(timestamp) - start;
                    if (calc == "mean" && !batch.empty()) {
                        rows.push_back(monitorRow("threads", sample, exactText(calcHmean(batch))));
                    } else if (calc == "stddev" && batch.size() > 1) {
                        rows.push_back(monitorRow("threads", sample, exactText(calcStddev("hmean", batch, nullptr))));
                    }
                    timestamp = m[1].str();
                }
                reading = false;
                batch.clear();
                continue;
            }
            if (!reading && line.rfind("TID", 0) == 0) {
                reading = true;
                continue;
            }
            if (!reading) continue;
            std::vector<std::string> fields = splitBlankRuns(line);
            std::optional<std::string> value = fieldAt(fields, heading->second);
            if (numOf(value) > 5) {
                if (calc.empty())
                    rows.push_back(monitorRow(rowText(fieldAt(fields, kCommandColumn)), numify(timestamp) - start,
                                              rowText(value)));
                batch.push_back(numOf(value));
            }
        }
    }
    return run;
}

}  // namespace mmtp::compare
