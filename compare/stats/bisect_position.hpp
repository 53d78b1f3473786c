// bisect_position.hpp - git bisect with references: where a candidate lies
// between a known-good and a known-bad run, per metric. Its position is
// (candidate - good) / (bad - good): 0 at the good reference, 1 at the bad.
// The units are runs (each run's mean: a reference's run-to-run noise is
// what a candidate measured in another run must be placed against), and the
// position's interval is Fieller's, the run-to-run variance pooled over the
// references and the candidate.
// A candidate is "good" when the whole interval of its position lies below
// the midpoint, "bad" when above, and unsure (git's skip) only when the
// interval straddles it: a noisy box still decides a commit whose distance
// from the midpoint its data resolve, where "no change against good" would
// need the interval inside a threshold.
#pragma once
#include "stats/unit_inference.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// The family alpha of a placement (Bonferroni over every candidate's every
// metric): 10 %, not 5 %. A candidate sits at one of the references (0 or 1),
// half the effect from the midpoint, so a wrong side needs an error of half
// the effect beyond the interval; the calibration bench measures how rarely.
inline constexpr double kBisectAlpha = 0.10;

enum class BisectSide { Good, Bad, Unsure };
const char* bisectSideName(BisectSide side);  // "good", "bad", "unsure"

struct PositionInput {
    std::string op;
    std::vector<double> good, bad, candidate;  // one value per run: the mean of its units
    // The good reference rerun beside the candidate (--anchor): the candidate
    // is placed against it, so a machine that drifted since the references
    // moves both; empty: against good.
    std::vector<double> anchor = {};
};

// How far an anchor may be shown (its move's interval) to have moved from
// the good reference, as a fraction of |bad - good|, before the step answers
// 125. The candidate is placed against the anchor with the references'
// effect carried over in proportion (a machine 6 % slower runs both builds
// 6 % slower), which a good candidate (the anchor's own code) does not even
// need; beyond a move as large as the effect itself the machine changed
// more than the regression hunted, and the references no longer describe it.
inline constexpr double kAnchorDriftLimit = 1.0;

struct BisectPosition {
    std::string op;
    double effectPct = 0;  // bad against good, percent of good's mean
    double position = 0;   // 0 good, 1 bad
    double low = 0, high = 0;  // its interval (NaN without one)
    BisectSide side = BisectSide::Unsure;
    // Why it was not placed: the references did not differ, or no interval.
    bool referencesAgree = false;
    bool anchorMoved = false;  // the anchor shown to have moved from good by more than kAnchorDriftLimit of the effect
    NoInterval noInterval = NoInterval::None;
    std::optional<std::size_t> unitsNeeded;  // candidate units that would settle an unsure one
};

// confidence: two-sided, of the position's interval and of the test that the
// references differ (1 - 0.05/m for m metrics and candidates).
BisectPosition placeCandidate(const PositionInput& in, double confidence);

}  // namespace mmtp::compare
