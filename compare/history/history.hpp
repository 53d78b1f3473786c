// history.hpp - one benchmark's metric(s) across every stored run of one or
// more machines: per run its iteration means (the parse-results rows, summed
// per iteration as compare's Extraction does), in time or version order.
#pragma once
#include "core/warnings.hpp"
#include "history/change_points.hpp"
#include "store/db.hpp"
#include "store/schema.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct HistoryRequest {
    std::string benchmark;
    std::string metric;  // an operation label; when no operation is named so, a regex (unanchored)
    bool metricIsRegex = true;
    std::vector<std::string> machines;  // empty: all
    bool sortVersion = false;           // run names in version order (strverscmp) instead of start time
};

// SeriesRun's means (per iteration, those with a number) and settings (the
// benchmark's workload settings; nullopt: not recorded), with what the
// history prints of the run; change points read the runs in place.
// (No machine name: its Series has it; 32 bytes less a run, 100,000 runs.)
struct HistoryRun : SeriesRun {
    std::string run;
    std::int64_t startEpoch = 0;
    std::int64_t replacedEpoch = 0;  // superseded by import --replace (0: current)
    std::int64_t runId = 0;          // the store's id (orders runs started at the same second)
};

struct Series {
    std::string machine, op;
    std::vector<HistoryRun> runs;      // current runs, in the history's order
    std::vector<HistoryRun> replaced;  // runs import --replace superseded: shown, never in change points
    SeriesRuns forDetection() const;
};

// One series per (machine, operation), machines and operations sorted. A run
// whose rows are out of bounds is left out with a line in warnings.
std::vector<Series> loadHistory(Db& db, const HistoryRequest& request, Warnings& warnings);

}  // namespace mmtp::compare::store
