// MonitorIotop.pm: iotop-BENCH, "time: N" stamps each batch of iotop -b -k
// rows (after its TID header). --sub-heading picks the column (PID, User,
// Read, Write, Swapin, IO, Proc) and, with "-mean" or "-stddev", reduces
// each batch to one "threads" sample (harmonic mean / its stddev) instead of
// one sample per command; it selects no operations. Only values above 5 count.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"
#include "stats/stats.hpp"

#include <map>

namespace mmtp::compare {

namespace {

// The columns of a left-trimmed iotop row split on blanks ("K/s" and "%"
// units take their own fields).
const std::map<std::string, long> kColumns{{"PID", 0},    {"User", 2}, {"Read", 3}, {"Write", 5},
                                           {"Swapin", 7}, {"IO", 9},   {"Proc", 11}};
constexpr long kCommandColumn = 11;

// The reduction --sub-heading asks for ("" for none).
struct IotopQuery {
    long column;
    std::string calc;  // "", "mean" or "stddev"
};

// A batch, reported when the next stamp arrives (so the last one never is).
void reportBatch(const IotopQuery& q, double sample, const std::vector<double>& batch, Rows& rows) {
    if (q.calc == "mean" && !batch.empty()) {
        rows.push_back(monitorRow("threads", sample, exactText(calcHmean(batch))));
    } else if (q.calc == "stddev" && batch.size() > 1) {
        rows.push_back(monitorRow("threads", sample, exactText(calcStddev("hmean", batch, nullptr))));
    }
}

// One iteration: the rows after each TID header, batched between stamps.
void readIotop(const std::filesystem::path& iterDir, const std::string& benchmark, const IotopQuery& q, Rows& rows) {
    std::string timestamp;
    double start = 0;
    bool reading = false;
    std::vector<double> batch;
    for (const std::string& raw : monitorLogLines(iterDir, "iotop", benchmark)) {
        const std::string line = trimLeft(raw);
        if (std::optional<std::string_view> stamp = timeStampDigits(line)) {
            if (start == 0) start = numify(*stamp);
            else reportBatch(q, numify(timestamp) - start, batch, rows);
            timestamp = *stamp;
            reading = false;
            batch.clear();
            continue;
        }
        if (!reading) {
            reading = line.rfind("TID", 0) == 0;
            continue;
        }
        std::vector<std::string> fields = splitBlankRuns(line);
        std::optional<std::string> value = fieldAt(fields, q.column);
        if (!(numOf(value) > 5)) continue;  // (NaN too)
        if (q.calc.empty())
            rows.push_back(
                monitorRow(rowText(fieldAt(fields, kCommandColumn)), numify(timestamp) - start, rowText(value)));
        batch.push_back(numOf(value));
    }
}

}  // namespace

MonitorRun parseIotopMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                             MonitorSession&) {
    std::vector<std::string> parts = splitLiteral(r.subHeading, "-");
    const std::string column = rowText(fieldAt(parts, 0)), calc = rowText(fieldAt(parts, 1));
    if (!calc.empty() && calc != "mean" && calc != "stddev") throw MonitorDied("Unrecognised subcalc " + calc);
    auto heading = kColumns.find(column);
    if (heading == kColumns.end()) throw MonitorDied("Unrecognised heading '" + column + "'");
    const IotopQuery query{heading->second, calc};
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readIotop(iterDir, r.benchmark, query, rows);
    });
}

}  // namespace mmtp::compare
