// Real runs: each preset attaches its filters in forked children, ops are
// counted per reaped child, latencies are recorded, and nothing is left
// behind (no child, no zombie, no filter on the test process).
#include <catch2/catch.hpp>

#include "base/errors.hpp"
#include "seccomp-churn/recipe.hpp"
#include "seccomp-churn/workers.hpp"

#include <cerrno>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

using namespace mmtp::seccompchurn;

namespace {

bool noChildrenLeft() {
    int st;
    return waitpid(-1, &st, WNOHANG) == -1 && errno == ECHILD;
}

SeccompStatus selfStatus() {
    std::ifstream in("/proc/self/status");
    std::stringstream ss;
    ss << in.rdbuf();
    return parseSeccompStatus(ss.str());
}

RunResult run(RecipeOptions o, unsigned workers, std::uint64_t ops) {
    o.verify = true;  // every child checks Seccomp: 2 / Seccomp_filters itself
    const Recipe r(o);
    RunOptions ro;
    ro.workers = workers;
    ro.runtimeSec = 60;
    ro.totalOps = ops;
    return runWorkers(r, ro);
}

}  // namespace

// [no-sanitizer]: the stress-ng final filter allows only the syscalls stress-ng's child
// makes, so ASan's exit path in the child gets SIGSYS.
TEST_CASE("the stress-ng preset attaches 9 filters per op and counts one op per reaped child", "[no-sanitizer]") {
    const RunResult r = run(RecipeOptions{}, 2, 21);
    CHECK(r.ops == 21);
    CHECK(r.filtersAttached == 21 * 9);          // 32..4096 allow-all, then the final filter
    CHECK(r.attachUsecs.size() == r.filtersAttached);
    CHECK(r.attachCalls >= 21 * 34);             // 21 size-search tries, 13 of them twice
    CHECK(r.realTime > 0);
    CHECK(r.usrTime + r.sysTime > 0);
    for (double us : r.attachUsecs) REQUIRE(us > 0);
    CHECK_FALSE(r.childIbSpeculation.empty());  // the verifying children read it
    CHECK(noChildrenLeft());
    CHECK(selfStatus().mode == 0);  // the filters never touched the test process
}

TEST_CASE("the raw preset attaches K-instruction filters, and the trapped getppid() traps") {
    RecipeOptions o;
    o.preset = Preset::RawBpf;
    o.insns = 100;
    o.filters = 3;
    o.trap = true;  // workers fail the run unless every child died in the SIGSYS handler
    const RunResult r = run(o, 1, 10);
    CHECK(r.ops == 10);
    CHECK(r.filtersAttached == 30);
    CHECK(r.attachCalls == 30);
    CHECK(r.attachUsecs.size() == 30);
    CHECK(noChildrenLeft());
}

TEST_CASE("the libseccomp preset loads one filter of K rules per child, with and without SPEC_ALLOW") {
    RecipeOptions o;
    o.preset = Preset::Libseccomp;
    o.rules = 40;
    o.trap = true;
    o.specAllow = GENERATE(false, true);
    const RunResult r = run(o, 2, 6);
    CHECK(r.ops == 6);
    CHECK(r.filtersAttached == 6);
    CHECK(noChildrenLeft());
}

TEST_CASE("a child that cannot attach fails the run with the kernel's reason, and is reaped") {
    RecipeOptions o;
    o.preset = Preset::RawBpf;
    o.insns = 4096;
    o.filters = 7;  // more stacked instructions than the kernel allows one process
    std::string msg;
    try {
        run(o, 1, 5);
    } catch (const mmtp::Error& e) {
        msg = e.what();
    }
    CHECK(msg.find("seccomp(SECCOMP_SET_MODE_FILTER): Cannot allocate memory") != std::string::npos);
    CHECK(noChildrenLeft());
}

TEST_CASE("a time-limited run stops on time and reports a mean worker wall time near it", "[no-sanitizer]") {
    const Recipe r(RecipeOptions{});
    RunOptions ro;
    ro.workers = 1;
    ro.runtimeSec = 1;
    const RunResult res = runWorkers(r, ro);
    CHECK(res.ops > 0);
    CHECK(res.realTime > 0.9);
    CHECK(res.realTime < 5.0);
    CHECK(noChildrenLeft());
}
