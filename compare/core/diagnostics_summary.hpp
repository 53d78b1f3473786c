// diagnostics_summary.hpp - compare-kernels' repetitive warnings (a clock
// record per iteration, a run left out of the verdicts per benchmark), held
// until the answer is out and then counted per kind in a few lines below the
// verdict, instead of dozens of 200-column lines above it; --warnings prints
// each in full.
#pragma once
#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace mmtp::compare {

class WarningTally {
public:
    // One warning: kind is what is counted ("clock"), what says it in a few
    // words ("samples under 1000 ticks"), run the run it is about.
    void add(const std::string& kind, const std::string& what, const std::string& run, std::string message);

    std::size_t count() const { return messages_.size(); }
    // Each warning in full, in the order added.
    const std::vector<std::string>& messages() const { return messages_; }
    // "N warnings held back (--warnings lists them):", then one line per
    // kind and what: "  24 clock: samples under 1000 ticks, in 3 runs".
    // Every line at most 80 columns; empty when nothing was added.
    std::vector<std::string> summary() const;

private:
    struct Group {
        std::string kind, what;
        std::set<std::string> runs;
        std::size_t count = 0;
    };
    std::vector<Group> groups_;  // in the order first seen
    std::vector<std::string> messages_;
};

}  // namespace mmtp::compare
