// log_words.hpp - the pieces our by-header monitor readers (vmstat, iostat)
// share: a log line as words, a strict number, and MONITORS_WITH_LATENCY's
// "EPOCH ELAPSED DELTA -- " stamp.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Bounds on what one log keeps (docs/trust-model.md). A header may name any
// number of columns, and 400 reports whose headers each brought 1000 new
// names cost 1.9 GiB as NaN-filled columns: the distinct names past
// kMaxColumns are not read (counted in droppedValues). A series keeps at
// most kMaxSamples samples: past it, every other one is dropped and then
// one in two, four, ... is kept (an even spread over the whole log).
inline constexpr std::size_t kMaxColumns = 64;
inline constexpr std::size_t kMaxSamples = 16384;
// CPUs of one mpstat log, devices of one iostat log (NR_CPUS is at most 8192).
inline constexpr std::size_t kMaxSampleSets = 8192;

// Samples read by column name: one x (seconds, or the sample number) per
// kept sample and, for each column, one value per x; and, over every sample
// read, each column's sum and count (a mean needs no kept sample).
struct ColumnSamples {
    struct Total {
        double sum = 0;
        std::size_t n = 0;
        std::size_t lastSample = SIZE_MAX;  // the sample that gave the last value
    };
    std::vector<double> x;
    std::map<std::string, std::vector<double>> columns;  // "sy" -> one value per x
    std::map<std::string, Total> totals;                 // every column read, up to kMaxColumns
    std::vector<std::string> only;                       // the columns whose values are kept; empty: all of them
    std::size_t droppedValues = 0;                       // values of columns past the first kMaxColumns names
    std::size_t read = 0;                                // samples added, kept or not
    std::size_t stride = 1;                              // one sample in stride is kept
    double lastAt = NAN;                                 // x of the last sample added, kept or not

    // The column's values, empty when the log had no such column.
    const std::vector<double>& column(const std::string& name) const;
    // The mean over every sample read; NaN when there was none.
    double mean(const std::string& name) const;
    // How many samples gave the column a value.
    std::size_t count(const std::string& name) const;

    // One sample: values[i] is column names[i]. A column this sample lacks,
    // or one new in it, reads NaN where it was absent, so every column stays
    // one value per x (a header that changes midway is read by its own names).
    void add(double at, const std::vector<std::string>& names, const std::vector<double>& values);

private:
    void halve();
};

// sets[name] (a CPU's, a device's samples), made keeping `only` when new;
// nullptr when it is new and sets already holds kMaxSampleSets.
ColumnSamples* sampleSet(std::map<std::string, ColumnSamples>& sets, const std::string& name,
                         const std::vector<std::string>& only);

// What a log lost to the bounds above, "" when nothing: "N values of columns
// past the first 64 names (the column limit) not read", and/or "M lines of
// SETS past the first 8192 (the CPU and device limit) not read".
std::string droppedByBounds(std::size_t droppedValues, std::size_t droppedLines, const std::string& sets);
// The values every set of a log dropped past kMaxColumns.
std::size_t droppedValues(const std::map<std::string, ColumnSamples>& sets);

std::vector<std::string> logWords(const std::string& line);

// The whole word as a finite number, else nullopt ("1.5x", "nan", "1e999").
std::optional<double> strictNumber(const std::string& word);

// A line's stamp: its elapsed seconds, with the stamp's four words removed
// from w; nullopt (w unchanged) for a line without one.
std::optional<double> takeStamp(std::vector<std::string>& w);

}  // namespace mmtp::compare
