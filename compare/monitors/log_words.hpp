// log_words.hpp - the pieces our by-header monitor readers (vmstat, iostat)
// share: a log line as words, a strict number, and MONITORS_WITH_LATENCY's
// "EPOCH ELAPSED DELTA -- " stamp.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Samples read by column name: one x (seconds, or the sample number) per
// sample and, for each column, one value per x.
struct ColumnSamples {
    std::vector<double> x;
    std::map<std::string, std::vector<double>> columns;  // "sy" -> one value per x

    // The column's values, empty when the log had no such column.
    const std::vector<double>& column(const std::string& name) const;

    // One sample: values[i] is column names[i]. A column this sample lacks,
    // or one new in it, reads NaN where it was absent, so every column stays
    // one value per x (a header that changes midway is read by its own names).
    void add(double at, const std::vector<std::string>& names, const std::vector<double>& values);
};

std::vector<std::string> logWords(const std::string& line);

// The whole word as a finite number, else nullopt ("1.5x", "nan", "1e999").
std::optional<double> strictNumber(const std::string& word);

// A line's stamp: its elapsed seconds, with the stamp's four words removed
// from w; nullopt (w unchanged) for a line without one.
std::optional<double> takeStamp(std::vector<std::string>& w);

}  // namespace mmtp::compare
