#include "stats/row_kinds.hpp"

#include "stats/stats.hpp"

namespace mmtp::compare {

namespace {

std::string meanWord(bool preferHigher) {
    return preferHigher ? "harmonic mean (MMTests' mean where higher is better)"
                        : "arithmetic mean (MMTests' mean where lower is better)";
}

std::string samplesOf(SummaryType type) {
    return type == SummaryType::Monitor ? "the monitor's samples over time, every iteration's"
                                        : "every sample of the operation, of every iteration (not a mean of "
                                          "iteration means)";
}

std::string afterDash(const std::string& s) {
    std::size_t d = s.find('-');
    return d == std::string::npos ? "" : s.substr(d + 1);
}

}  // namespace

std::string describeStatistic(const std::string& sumop, bool preferHigher, SummaryType type) {
    const std::string best = preferHigher ? "highest" : "lowest";
    const std::string over = samplesOf(type);
    if (sumop == "min") return "smallest of " + over;
    if (sumop == "max") return "largest of " + over;
    if (sumop == "_mean") return meanWord(preferHigher) + " of " + over;
    if (sumop == "_value")
        return "one sample, not a mean: the best (" + best + ") of every sample of every iteration";
    if (sumop == "stddev-_mean") return "standard deviation of " + over + " about its " + meanWord(preferHigher);
    if (sumop == "coeffvar-_mean") return "coefficient of variation, stddev / mean in %, of " + over;
    if (sumop.rfind("_mean-", 0) == 0)
        return meanWord(preferHigher) + " of the " + best + " " + afterDash(sumop) + "% of " + over;
    if (sumop.rfind("percentile-", 0) == 0) return afterDash(sumop) + "th percentile of " + over;
    if (sumop.rfind("meanci", 0) == 0) return "95% confidence interval of the mean, from " + over;
    if (sumop == "submean-_mean")
        return "mean of repeated draws with replacement from " + over + " (MMTests' subselection; seeded here)";
    if (sumop == "submeanci-_mean") return "spread of those subselection means (their 95% interval)";
    return sumop;
}

std::string explainRowKinds(const RunSummary& run, bool ratio, bool significance) {
    std::string out = "compare-mmtests: rows of this table (" + std::string(ratio ? "ratios to the baseline of " : "") +
                      "each run's statistics; a sample is one value a parser read from a log):\n";
    const std::vector<std::string>& stats = ratio ? run.definition.ratioStats : run.definition.stats;
    for (const std::string& s : stats) {
        std::string name = statName(s, run.preferHigher, run.opName);
        out += "compare-mmtests:   " + name + ": " + describeStatistic(s, run.preferHigher, run.summaryType) + "\n";
    }
    out += std::string("compare-mmtests:   (N.NN%) beside a later run: its change against the baseline's same "
                       "statistic, signed so that positive is better (") +
           (run.preferHigher ? "higher is better here" : "lower is better here") + ")\n";
    if (significance)
        out += "compare-mmtests:   significance rows: MMTests' test of each run's samples against the baseline's\n";
    return out;
}

}  // namespace mmtp::compare
