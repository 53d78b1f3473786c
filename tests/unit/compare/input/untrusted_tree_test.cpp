// What compare-kernels reads first from a colleague's tree (runs, the
// benchmarks they ran, the mitigation snapshot): anything it cannot use is
// skipped with a warning, never a crash, a hang or a path out of the tree.
#include "compare/test_support.hpp"
#include "input/benchmark_name.hpp"
#include "input/machine_state.hpp"
#include "input/run_discovery.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using compare_test::FifoWithWriter;
using compare_test::ScratchTree;

TEST_CASE("only plain benchmark names are accepted", "[compare][input]") {
    for (const char* ok : {"redis", "redis-zpopmin", "dbench4", "sysbench_cpu", "a.b", "c++"}) CHECK(isPlainBenchmarkName(ok));
    for (const char* bad : {"", "..", "../x", "a/b", ".hidden", "-x", "a b", "a;b", "$(x)", "a\xe9"})
        CHECK_FALSE(isPlainBenchmarkName(bad));
    CHECK_FALSE(isPlainBenchmarkName(std::string(65, 'a')));
}

TEST_CASE("a benchmark name that climbs out of the tree is skipped with a warning", "[compare][input]") {
    ScratchTree t;
    t.write("r1/iter-0/tests-activity",
            "1 run-mmtests: Start\n"
            "2 run-mmtests: test start :: ../../work/log/r1/iter-0/pwn 2\n"
            "3 run-mmtests: test start :: redis 3\n");
    Warnings w;
    CHECK(benchmarksOfRun(t.root() / "r1", w) == std::vector<std::string>{"redis"});
    REQUIRE(w.size() == 1);
    CHECK(w[0] == (t.root() / "r1/iter-0/tests-activity").string() +
                      ": benchmark name '../../work/log/r1/iter-0/pwn' is not a plain name (letters, digits, _ - . +); skipped");
}

TEST_CASE("a symlink loop in the log directory is skipped with a warning", "[compare][input]") {
    ScratchTree t;
    t.write("good/iter-0/tests-activity", "7 run-mmtests: Start\n");
    std::filesystem::create_symlink("loop", t.root() / "loop");
    Warnings w;
    std::vector<DiscoveredRun> runs = discoverRuns(t.root(), w);
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].name == "good");
    REQUIRE(w.size() == 1);
    CHECK(w[0] == (t.root() / "loop").string() + ": Too many levels of symbolic links; skipped");
}

TEST_CASE("a FIFO as tests-activity is skipped with a warning instead of hanging", "[compare][input]") {
    ScratchTree t;
    FifoWithWriter fifo(t.root() / "r1/iter-0/tests-activity");
    t.write("r1/iter-0/tests-timestamp", "start :: 42\ntest begin :: redis 42\n");
    Warnings w;
    std::vector<DiscoveredRun> runs;
    std::vector<std::string> benches;
    CHECK(compare_test::returnsPromptly(fifo, [&] {
        runs = discoverRuns(t.root(), w);
        benches = benchmarksOfRun(t.root() / "r1", w);
    }));
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].startEpoch == 42);
    CHECK(benches == std::vector<std::string>{"redis"});
    REQUIRE_FALSE(w.empty());
    CHECK(w[0] == (t.root() / "r1/iter-0/tests-activity").string() + ": a FIFO, not a regular file; not read");
}

TEST_CASE("an unreadable cpu-vulnerabilities.txt is left out with a warning, the rest is read", "[compare][input]") {
    ScratchTree t;
    std::filesystem::create_directories(t.root() / "r1/iter-0/cpu-vulnerabilities.txt");  // root reads any file, not a directory
    std::filesystem::create_symlink("microcode.txt", t.root() / "r1/iter-0/microcode.txt");
    t.write("r1/iter-0/cmdline.txt", "BOOT_IMAGE=/vmlinuz mitigations=auto\n");
    RunMachineState s = readMachineState(t.root(), "r1");
    CHECK(s.entries.size() == 1);
    CHECK(s.entries["cmdline"] == "BOOT_IMAGE=/vmlinuz mitigations=auto");
    REQUIRE(s.warnings.size() == 2);
    CHECK(s.warnings[0] == (t.root() / "r1/iter-0/cpu-vulnerabilities.txt").string() + ": a directory, not a regular file; not read");
    CHECK(s.warnings[1] == (t.root() / "r1/iter-0/microcode.txt").string() + ": Too many levels of symbolic links; not read");
}
