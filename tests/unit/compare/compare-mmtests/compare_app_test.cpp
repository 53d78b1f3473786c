// compare-mmtests end to end on small trees: bad input gets one clear line
// and a non-zero status; odd but valid trees follow MMTests' behaviour.
#include "compare/test_support.hpp"

#include <catch2/catch.hpp>

using compare_test::runCompare;
using compare_test::ScratchTree;

namespace {

std::string perfLog(double usecs) {
    return "# Running 'sched/pipe' benchmark:\n       " + std::to_string(usecs) + " usecs/op\n";
}

void perfRun(const ScratchTree& t, const std::string& name, int iterDirs, int logs, double base) {
    for (int i = 0; i < iterDirs; ++i)
        for (int l = 1; l <= logs; ++l)
            t.write("log/" + name + "/iter-" + std::to_string(i) + "/perfpipe/logs/benchlog-_-_-" + std::to_string(l),
                    perfLog(base + l));
}

int countLines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST_CASE("a missing report directory is a one-line usage error naming it", "[compare][app]") {
    auto r = runCompare({"-d", "/nonexistent/log", "-b", "perfpipe", "-n", "a,b"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("/nonexistent/log") != std::string::npos);
    CHECK(countLines(r.err) == 1);
}

TEST_CASE("an unknown benchmark is named in the error", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "a", 1, 2, 5);
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "nosuchbench", "-n", "a"});
    CHECK(r.status != 0);
    CHECK(r.err.find("nosuchbench") != std::string::npos);
    CHECK(countLines(r.err) == 1);
}

TEST_CASE("a baseline with no iterations warns and fails instead of printing an empty table", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "b", 1, 2, 5);
    std::filesystem::create_directories(t.root() / "log/a");
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "a,b"});
    CHECK(r.status != 0);
    CHECK(r.out.empty());
    CHECK(r.err.find("no iter-* directories") != std::string::npos);
    CHECK(r.err.find("nothing to compare") != std::string::npos);
}

TEST_CASE("a later run without results prints zeros, as MMTests does", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "a", 1, 3, 5);
    std::filesystem::create_directories(t.root() / "log/b/iter-0/perfpipe/logs");
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "a,b"});
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Min       usecs-op            6.0000 (   0.00%)            0.0000 (   0.00%)") != std::string::npos);
}

TEST_CASE("runs with different numbers of iterations are compared over all their samples", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "a", 1, 3, 5);   // 6 7 8
    perfRun(t, "b", 2, 2, 10);  // 11 12 11 12
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "a,b"});
    REQUIRE(r.status == 0);
    // the change is significant: the difference exceeds both confidence intervals
    CHECK(r.out.find("Amean     usecs-op            7.0000 (   0.00%)           11.5000 * -64.29%*") != std::string::npos);
    CHECK(r.out.find("Max       usecs-op            8.0000 (   0.00%)           12.0000 ( -50.00%)") != std::string::npos);
}

TEST_CASE("a sub-heading that matches nothing is an error, not a crash", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "a", 1, 2, 5);
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "a", "--sub-heading", "zzz"});
    CHECK(r.status != 0);
    CHECK(r.err.find("--sub-heading zzz") != std::string::npos);
}

TEST_CASE("a bad option value is rejected with the option named", "[compare][app]") {
    auto r = runCompare({"--format", "pdf", "-d", "/", "-b", "perfpipe", "-n", "a"});
    CHECK(r.status == 2);
    CHECK(r.err.find("--format pdf") != std::string::npos);
    auto m = runCompare({"-d", "/", "-b", "perfpipe", "-n", "a", "--print-monitor", "nosuchmonitor"});
    CHECK(m.status == 2);
    CHECK(m.err.find("nosuchmonitor") != std::string::npos);
}

TEST_CASE("run names without a dash split oddly in the header, as in MMTests", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "nodash", 1, 2, 5);
    perfRun(t, "v6.2-rc3-missing", 1, 2, 5);
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "nodash,v6.2-rc3-missing"});
    REQUIRE(r.status == 0);
    std::string first = r.out.substr(0, r.out.find('\n'));
    std::string second = r.out.substr(first.size() + 1, r.out.find('\n', first.size() + 1) - first.size() - 1);
    CHECK(first.find("nodas ") != std::string::npos);
    CHECK(first.find("v6.2-rc3") != std::string::npos);
    CHECK(second.find("nodash") != std::string::npos);
    CHECK(second.find("missing") != std::string::npos);
}

TEST_CASE("--json-export writes a zstd file beside the logs and prints the plain table", "[compare][app]") {
    ScratchTree t;
    perfRun(t, "a", 1, 2, 5);
    auto plain = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "a"});
    auto exported = runCompare({"-d", (t.root() / "log").string(), "-b", "perfpipe", "-n", "a", "--json-export"});
    REQUIRE(exported.status == 0);
    CHECK(exported.out == plain.out);
    CHECK(std::filesystem::file_size(t.root() / "log/perfpipe.json.zst") > 0);
    // Like MMTests, the export is not a --from-json input.
    auto back = runCompare({"--from-json", (t.root() / "log/perfpipe.json.zst").string(), "-b", "perfpipe"});
    CHECK(back.status != 0);
    CHECK(back.err.find("not a JSON array") != std::string::npos);
}

TEST_CASE("compare's failures reach the error reporter as mmtp::Error with their message, usage errors keep exit 2",
          "[compare][app]") {
    using mmtp::compare::withFailuresAsErrors;
    try {
        withFailuresAsErrors([]() -> int { throw std::runtime_error("cannot read x/redis-1-1.log"); });
        FAIL("nothing thrown");
    } catch (const mmtp::Error& e) {
        CHECK(std::string(e.what()) == "cannot read x/redis-1-1.log");
        CHECK(e.code() == mmtp::kExitFailure);
    }
    CHECK_THROWS_AS(withFailuresAsErrors([]() -> int { throw mmtp::UsageError("--format pdf"); }), mmtp::UsageError);
    CHECK_THROWS_AS(withFailuresAsErrors([]() -> int { throw std::logic_error("bug"); }), std::logic_error);
}
