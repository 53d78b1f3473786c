// history_text.hpp - a history as text: per series, one line per run (its
// iteration means' mean and spread), then each change point with its size
// and the verdict engine's interval, then (with --bisect) the newest run's
// call against the last stable segment, whose status is returned.
#pragma once
#include "history/history.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>

namespace mmtp::compare::store {

// Returns 0, or with bisect the worst status over the series (1 over 125 over 0).
int printHistory(std::ostream& out, const HistoryRequest& request, const std::vector<Series>& series,
                 bool higherIsBetter, bool bisect);

}  // namespace mmtp::compare::store
