// compare-kernels' command line end to end on small trees: the verdict
// first, --bisect's git bisect codes, --format mail's width, usage errors.
#include "compare/test_support.hpp"
#include "kernels/app.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using compare_test::ScratchTree;

namespace {

compare_test::RunResult runKernels(std::vector<std::string> args) {
    args.insert(args.begin(), "compare-kernels");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    int status = mmtp::compare::runWithBisectExits(static_cast<int>(argv.size()), argv.data(), err, [&] {
        return mmtp::compare::withFailuresAsErrors([&] {
            return mmtp::compare::compareKernels(static_cast<int>(argv.size()), argv.data(), out, err);
        });
    });
    return {status, out.str(), err.str()};
}

// A redis-zpopmin run: one iteration directory per element of zpopmin
// (requests/s of its three samples' level), each iteration its own boot
// (iter-N/boot-id, as the mitigation matrix writes); GET the same in every run.
void zpopminRun(const ScratchTree& t, const std::string& run, int order, const std::vector<double>& zpopmin) {
    for (std::size_t it = 0; it < zpopmin.size(); ++it) {
        std::string dir = "log/" + run + "/iter-" + std::to_string(it) + "/";
        t.write(dir + "boot-id", "0000000" + std::to_string(order) + "-0000-4000-8000-00000000000" + std::to_string(it) + "\n");
        long t0 = 1764460000 + order * 1000 + static_cast<long>(it) * 100;
        t.write(dir + "tests-timestamp", "start :: " + std::to_string(t0) + "\ntest begin :: redis-zpopmin " +
                                             std::to_string(t0 + 1) + "\ntest end :: redis-zpopmin " +
                                             std::to_string(t0 + 11) + " 0\nfinish :: " + std::to_string(t0 + 12) + "\n");
        for (int rep = 1; rep <= 3; ++rep)
            t.write(dir + "redis-zpopmin/logs/redis-1-" + std::to_string(rep) + ".log",
                    "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\","
                    "\"p99_latency_ms\",\"max_latency_ms\"\n\"GET\",\"" +
                        std::to_string(2000000 + 1000 * static_cast<int>(it) + 100 * rep) +
                        "\",\"0.091\",\"0.080\",\"0.089\",\"0.109\",\"0.159\",\"0.289\"\n\"ZPOPMIN\",\"" +
                        std::to_string(zpopmin[it] + 100 * rep) + "\",\"0.2\",\"0.08\",\"0.1\",\"0.4\",\"0.5\",\"0.6\"\n");
    }
}

void abaTree(const ScratchTree& t, double bLevel) {
    zpopminRun(t, "base-first", 0, {1000000, 1003000, 998000, 1001000});
    zpopminRun(t, "cand", 1, {bLevel, bLevel * 1.002, bLevel * 0.998, bLevel * 1.001});
    zpopminRun(t, "base-return", 2, {1002000, 999000, 1000500, 1001500});
}

}  // namespace

TEST_CASE("compare-kernels prints the implied A/B/A verdict first, then compare-kernels.sh's report",
          "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    auto r = runKernels({"-C", (t.root() / "log").string(), "--metric", "RPS"});
    INFO(r.err);
    CHECK(r.status == 0);
    // the answer (each verdict's counts) before the roles and the per-metric table (issue 29)
    CHECK(r.out.rfind("=== compare-kernels verdict (mmtests-plugins) ===\nAnswer (the verdicts below are the evidence)\n"
                      "  redis-zpopmin: A/B/A: A1 base-first, B cand, A2 base-return\n"
                      "    1 regression, 0 improvements, 1 no change, 0 inconclusive (of 2 metrics)\n\n",
                      0) == 0);
    std::size_t sh = r.out.find("=== MMTests compare-kernels.sh report ===\n");
    REQUIRE(sh != std::string::npos);
    CHECK(r.out.find("\nRoles: A1 base-first, B cand, A2 base-return") < sh);
    CHECK(r.out.find("ZPOPMIN-RPS-1") < sh);
    CHECK(r.out.find("1 regression, 0 improvements, 1 no change, 0 inconclusive (of 2 metrics)") < sh);
    // --verdict none: the report is compare-kernels.sh's from its first line
    auto none = runKernels({"-C", (t.root() / "log").string(), "--verdict", "none"});
    CHECK(none.out.find("=== compare-kernels verdict") == std::string::npos);
    CHECK(none.out.substr(0, 20) == r.out.substr(sh + 42, 20));
}

TEST_CASE("--bisect exits 1 for a regression, 0 for no change, 125 when it cannot tell", "[compare][kernels][app]") {
    ScratchTree bad, good, single;
    abaTree(bad, 850000);
    abaTree(good, 1000500);
    zpopminRun(single, "base-first", 0, {1000000});
    zpopminRun(single, "cand", 1, {900000});
    auto args = [](const ScratchTree& t) {
        return std::vector<std::string>{"-C", (t.root() / "log").string(), "--metric", "RPS", "--bisect"};
    };
    CHECK(runKernels(args(bad)).status == 1);
    CHECK(runKernels(args(good)).status == 0);
    // one boot a run, each against the first: no interval, inconclusive
    CHECK(runKernels(args(single)).status == 125);
    // an error under --bisect is a skip, never "bad"; a wrong command line stops git bisect run
    CHECK(runKernels({"-C", (bad.root() / "nosuch").string(), "--bisect"}).status == 125);
    CHECK(runKernels({"-C", (bad.root() / "log").string(), "--bisect", "--baseline", "nosuch"}).status == 125);
    CHECK(runKernels({"-C", (bad.root() / "log").string(), "--bisect", "--threshold", "abc"}).status == 128);
    CHECK(runKernels({"-C", (bad.root() / "log").string(), "--threshold", "abc"}).status == 2);
}

TEST_CASE("without boot records a run is one boot: A/B/A borrows A's variance, each-against-first cannot call",
          "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    for (const char* run : {"base-first", "cand", "base-return"})
        for (int it = 0; it < 4; ++it)
            std::filesystem::remove(t.root() / "log" / run / ("iter-" + std::to_string(it)) / "boot-id");
    auto aba = runKernels({"-C", (t.root() / "log").string(), "--metric", "RPS"});
    INFO(aba.out);
    CHECK(aba.out.find("unit: the run (no boot records: one boot per run") != std::string::npos);
    CHECK(aba.out.find("B: mean of 1 runs; A: mean of 2") != std::string::npos);
    auto first = runKernels({"-C", (t.root() / "log").string(), "--metric", "RPS", "--verdict", "first"});
    INFO(first.out);
    CHECK(first.out.find("0 regressions, 0 improvements, 0 no change, 2 inconclusive") != std::string::npos);
    CHECK(first.out.find("one boot per run; run the baseline again in another boot") != std::string::npos);
    // --iterations-are-boots: each iteration counted as a boot again
    auto asBoots = runKernels({"-C", (t.root() / "log").string(), "--metric", "RPS", "--iterations-are-boots"});
    CHECK(asBoots.out.find("B: mean of 4 iterations; A: mean of 8") != std::string::npos);
    CHECK(asBoots.out.find("1 regression") != std::string::npos);
}

TEST_CASE("--format mail is at most 80 columns of ASCII and names the statistic", "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    auto r = runKernels({"-C", (t.root() / "log").string(), "--format", "mail"});
    INFO(r.out);
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        CHECK(line.size() <= 80);
        for (char c : line) CHECK((c >= ' ' && c <= '~'));
    }
    CHECK(r.out.find("the mean over boots of each one's 20% trimmed mean (base 8, new 4)") != std::string::npos);
    CHECK(r.out.find(" regression\n") != std::string::npos);
}

TEST_CASE("compare-kernels' bad options are one usage line, exit 2", "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    std::string log = (t.root() / "log").string();
    for (std::vector<std::string> bad : {std::vector<std::string>{"--format", "pdf"}, {"--threshold", "abc"},
                                         {"--threshold", "(=5"}, {"--threshold", "-1"}, {"--verdict", "none", "--verdict", "aba"},
                                         {"--verdict", "maybe"}, {"--lkp-layout", "round"}}) {
        bad.insert(bad.begin(), {"-C", log});
        auto r = runKernels(bad);
        INFO(bad[2] << " " << bad[3]);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}

TEST_CASE("--threshold REGEX=PCT narrows no change for the matching metrics only", "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    std::string log = (t.root() / "log").string();
    auto wide = runKernels({"-C", log, "--metric", "RPS"});
    CHECK(wide.out.find("1 regression, 0 improvements, 1 no change, 0 inconclusive") != std::string::npos);
    // GET's interval around 0 is a few hundredths of a percent wide: not within +-0.001 %
    auto narrow = runKernels({"-C", log, "--metric", "RPS", "--threshold", "GET=0.001"});
    INFO(narrow.out);
    CHECK(narrow.out.find("1 regression, 0 improvements, 0 no change, 1 inconclusive") != std::string::npos);
    CHECK(narrow.out.find(" 0.001%") != std::string::npos);  // what would settle it names the threshold
    CHECK(
        narrow.out.find("no change: the metric's 90% interval lies within +-5% (--threshold: per metric where set)") !=
        std::string::npos);
}

TEST_CASE("--threshold takes a plain decimal number, one line naming the option otherwise", "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    std::string log = (t.root() / "log").string();
    for (const char* bad : {" 5", "5 ", "0x10", "1e1", "inf", "nan", "+5", "5%", "GET= 5", "GET=0x10", "0", "1001"}) {
        auto r = runKernels({"-C", log, "--threshold", bad});
        INFO(bad << ": " << r.err);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find("--threshold '" + std::string(bad) +
                         "': use PCT or REGEX=PCT with PCT a plain decimal number") != std::string::npos);
    }
    for (const char* good : {"5", "2.5", ".5", "10.", "GET=0.001"}) {
        INFO(good);
        CHECK(runKernels({"-C", log, "--metric", "RPS", "--threshold", good}).status == 0);
    }
}

TEST_CASE("--metric and --threshold REGEX past the regular expression bounds are usage errors",
          "[compare][kernels][app]") {
    ScratchTree t;
    abaTree(t, 850000);
    std::string log = (t.root() / "log").string();
    auto metric = runKernels({"-C", log, "--metric", "(a)\\1"});
    CHECK(metric.status == 2);
    CHECK(metric.err.find("--metric '(a)\\1' holds a back-reference (\\1), which is not supported here") !=
          std::string::npos);
    auto threshold = runKernels({"-C", log, "--threshold", std::string(300, 'a') + "=5"});
    CHECK(threshold.status == 2);
    CHECK(threshold.err.find("is longer than 256 bytes (the regular expression limit)") != std::string::npos);
    // A backtracking pattern is not refused: it runs in polynomial time.
    auto slow = runKernels({"-C", log, "--metric", "(.*)*RPS"});
    CHECK(slow.status == 0);
    CHECK(slow.out.find("RPS") != std::string::npos);
}
