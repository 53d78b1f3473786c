// --until-decided's stopping rule, fed synthetic per-boot values: the
// schedule runs boot by boot (every boot accepted with its row's next value),
// and each look is the verdict engine (callFamily, each row against the
// first) at the look's exact group-sequential boundary, "no change" by its
// repeated interval. A large effect stops early; noise the
// threshold cannot settle spends the budget and calls nothing.
#include "mitigation-matrix/until_decided.hpp"

#include "stats/alpha_spending.hpp"
#include "mitigation-matrix/schedule.hpp"
#include "stats/verdict_call.hpp"

#include <catch2/catch.hpp>
#include <random>

using namespace mmtp;
using namespace mmtp::matrix;
using mmtp::compare::Call;

namespace {

struct Synthetic {
    double shiftPct = 0;  // row B against row A
    double bootPct = 1;   // between-boot noise, sd in %
    int metrics = 3;
    unsigned seed = 7;
};

struct Outcome {
    int bootsStarted = 0, rounds = 0, looks = 0;
    bool decided = false;
    std::vector<Call> calls;  // at the last look
    std::vector<double> alphas;
};

MatrixSpec twoRows(int budgetBoots) {
    MatrixSpec s;
    s.bootsPerRow = 2;
    s.budgetBoots = budgetBoots;
    s.budgetSeconds = 1 << 30;
    for (const char* n : {"A", "B"}) s.rows.push_back({n, "running", "", "", {}, {}, "config"});
    return s;
}

// Every boot accepted; a row's k-th boot gives its k-th synthetic value per metric.
Outcome runUntilDecided(const Synthetic& syn, const MatrixSpec& spec) {
    std::mt19937_64 rng(syn.seed);
    std::normal_distribution<double> normal(0, 1);
    std::map<std::string, std::vector<std::vector<double>>> units;  // row -> per boot -> per metric
    Outcome out;
    LookAt look = [&](int round) {
        std::vector<compare::MetricInput> inputs;
        for (int m = 0; m < syn.metrics; ++m) {
            compare::MetricInput in{"metric-" + std::to_string(m), "", true, {}, {}, {}, {}, {}};
            for (int k = 0; k < round; ++k) {
                in.base.push_back(units["A"][k][m]);
                in.now.push_back(units["B"][k][m]);
            }
            inputs.push_back(in);
        }
        compare::CallSettings settings;  // as compareKernelsLook asks compare-kernels (--sequential-look)
        settings.alpha = kUntilDecidedAlpha;
        settings.look = compare::CallSettings::Look{round, firstLookRound(spec), lastRound(spec)};
        const auto family = compare::callFamily(inputs, settings, 1);
        Look l;
        l.decided = family.count(Call::Inconclusive) == 0;
        l.metricLevel = 1 - family.confidence;  // as compare-kernels' JSON says it
        l.tested = family.tested;
        out.calls.clear();
        for (const auto& r : family.rows) out.calls.push_back(r.call);
        out.alphas.push_back(*l.metricLevel * static_cast<double>(l.tested));
        ++out.looks;
        return l;
    };
    MoreBoots more = [&](ScheduleState& st) { return addRoundUntilDecided(st, spec, look); };
    ScheduleState state = initialState(spec, "d", 0);
    while (auto next = nextBootOrMore(state, spec, 1, more)) {
        const std::string& row = state.boots[*next].row;
        const double level = 100 * (row == "B" ? 1 + syn.shiftPct / 100 : 1);
        std::vector<double> boot;
        for (int m = 0; m < syn.metrics; ++m) boot.push_back(level * (1 + syn.bootPct / 100 * normal(rng)));
        units[row].push_back(boot);
        markAccepted(state, *next);
        ++out.bootsStarted;
    }
    out.rounds = completedRound(state, spec);
    out.decided =
        std::find(out.calls.begin(), out.calls.end(), Call::Inconclusive) == out.calls.end() && !out.calls.empty();
    return out;
}

}  // namespace

TEST_CASE("until-decided: a large effect stops early with every metric called", "[mitigation-matrix][until-decided]") {
    const MatrixSpec spec = twoRows(40);  // up to 20 boots per row
    for (unsigned seed : {1u, 2u, 3u}) {
        const Outcome o = runUntilDecided({-20, 1, 3, seed}, spec);
        CHECK(o.decided);
        CHECK(o.rounds <= 5);
        CHECK(o.bootsStarted == 2 * o.rounds);
        for (Call c : o.calls) CHECK(c == Call::Regression);
    }
}

TEST_CASE("until-decided: noise the threshold cannot settle spends the budget and calls nothing",
          "[mitigation-matrix][until-decided]") {
    const MatrixSpec spec = twoRows(20);  // up to 10 boots per row
    for (unsigned seed : {1u, 2u, 3u}) {
        const Outcome o = runUntilDecided({0, 10, 3, seed}, spec);
        CHECK_FALSE(o.decided);
        CHECK(o.rounds == 10);
        CHECK(o.bootsStarted == 20);
        CHECK(o.looks == 10 - 2 + 1);  // every round from the first look (2) to the budget (10)
        for (Call c : o.calls) CHECK_FALSE(compare::isCall(c));
        // Each metric's look at its exact boundary's nominal level for alpha / m
        // (together they spend it: alpha_spending_test simulates it), growing
        // to the last look's
        for (std::size_t k = 0; k < o.alphas.size(); ++k)
            CHECK(o.alphas[k] == Approx(3 * lookAlpha(static_cast<int>(k) + 2, 2, 10, kUntilDecidedAlpha / 3)));
        for (std::size_t k = 1; k < o.alphas.size(); ++k) CHECK(o.alphas[k] > o.alphas[k - 1]);
        CHECK(o.alphas.back() < kUntilDecidedAlpha);
    }
}

TEST_CASE("until-decided: quiet boots and no change stop early as no change", "[mitigation-matrix][until-decided]") {
    const Outcome o = runUntilDecided({0, 0.5, 3, 5}, twoRows(40));
    CHECK(o.decided);
    CHECK(o.rounds < 20);
    for (Call c : o.calls) CHECK(c == Call::NoChange);
}

TEST_CASE("until-decided: a rejected row gets no more rounds", "[mitigation-matrix][until-decided]") {
    const MatrixSpec spec = twoRows(20);
    ScheduleState st = initialState(spec, "d", 0);
    markAccepted(st, 0);
    markRejected(st, 1, "ignored its parameter");
    int looks = 0;
    const LookAt look = [&looks](int) { return Look{false, (++looks, "x")}; };
    CHECK_FALSE(addRoundUntilDecided(st, spec, look));
    CHECK(looks == 0);
    CHECK_FALSE(finalLook(st, spec, look));
}

TEST_CASE("until-decided reads compare-kernels' JSON: decided only when no row is inconclusive",
          "[mitigation-matrix][until-decided]") {
    const std::string two = R"({"benchmarks":[{"benchmark":"pipe-pingpong","verdicts":[{"new":"B","rows":[
        {"metric":"us-iter","call":"regression"},{"metric":"iters","call":"no change"}]}]}]})";
    CHECK(lookFromJson(two).decided);
    CHECK_FALSE(lookFromJson(two).metricLevel);  // the verdict said no level: none is printed as if used
    const std::string levelled = R"({"benchmarks":[{"verdicts":[{"new":"B","interval_confidence":0.999,"tested":3,
        "rows":[{"metric":"us-iter","call":"no change"}]}]}]})";
    REQUIRE(lookFromJson(levelled).metricLevel);
    CHECK(*lookFromJson(levelled).metricLevel == Approx(0.001));
    CHECK(lookFromJson(levelled).tested == 3);
    CHECK(lookFromJson(two).summary == "2 of 2 metric rows called or no change");
    const std::string open = R"({"benchmarks":[{"verdicts":[{"new":"B","rows":[
        {"metric":"us-iter","call":"inconclusive"},{"metric":"iters","call":"small change"}]}]}]})";
    CHECK_FALSE(lookFromJson(open).decided);
    CHECK(lookFromJson(open).summary.find("inconclusive: B us-iter") != std::string::npos);
    CHECK_FALSE(lookFromJson(R"({"benchmarks":[]})").decided);  // nothing matched: never "decided"
    CHECK_FALSE(lookFromJson("not json").decided);
    const std::string broken = R"({"benchmarks":[{"error":"parse failed","verdicts":[{"new":"B","rows":[
        {"metric":"x","call":"no change"}]}]}]})";
    CHECK_FALSE(lookFromJson(broken).decided);
    // A row compare-kernels left out of the verdicts is never "decided".
    CHECK(lookFromJson(two, {"B"}).decided);
    const Look leftOut = lookFromJson(two, {"B", "C"});
    CHECK_FALSE(leftOut.decided);
    CHECK(leftOut.summary == "2 of 2 metric rows called or no change; left out of the verdict (settings differ or the "
                             "run is invalid): C");
}

TEST_CASE("until-decided reads a look whose verdict names no run without failing",
          "[mitigation-matrix][until-decided]") {
    // The look's JSON is read back from the work dir: a verdict without "new"
    // and an inconclusive row aborted the matrix (a const json's [] of an absent key).
    const std::string nameless = R"({"benchmarks":[{"verdicts":[{"rows":[
        {"metric":"us-iter","call":"inconclusive"},{"metric":"iters","call":"no change"}]}]}]})";
    const Look l = lookFromJson(nameless);
    CHECK_FALSE(l.decided);
    CHECK(l.summary.starts_with("1 of 2 metric rows called or no change; inconclusive:"));
}
