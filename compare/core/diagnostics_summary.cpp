#include "core/diagnostics_summary.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

// The summary is read on a terminal and pasted into mail: no line past this.
constexpr std::size_t kSummaryColumns = 80;

std::string fitted(std::string line) {
    if (line.size() > kSummaryColumns) line = line.substr(0, kSummaryColumns - 3) + "...";
    return line;
}

}  // namespace

void WarningTally::add(const std::string& kind, const std::string& what, const std::string& run, std::string message) {
    auto g =
        std::find_if(groups_.begin(), groups_.end(), [&](const Group& x) { return x.kind == kind && x.what == what; });
    if (g == groups_.end()) g = groups_.insert(groups_.end(), Group{kind, what, {}, 0});
    ++g->count;
    if (!run.empty()) g->runs.insert(run);
    messages_.push_back(std::move(message));
}

std::vector<std::string> WarningTally::summary() const {
    if (messages_.empty()) return {};
    std::vector<std::string> lines{fitted(std::to_string(messages_.size()) +
                                          (messages_.size() == 1 ? " warning" : " warnings") +
                                          " held back (--warnings lists them):")};
    for (const Group& g : groups_) {
        std::string runs = g.runs.empty()       ? ""
                           : g.runs.size() == 1 ? ", in 1 run"
                                                : ", in " + std::to_string(g.runs.size()) + " runs";
        lines.push_back(fitted("  " + std::to_string(g.count) + " " + g.kind + ": " + g.what + runs));
    }
    return lines;
}

}  // namespace mmtp::compare
