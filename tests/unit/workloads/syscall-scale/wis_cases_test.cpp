// Every will-it-scale testcase, run for real in a task group as runWis runs
// it: its prepare makes what the tasks share inside the run's temp dir, and
// two tasks of it loop and count its system call.
#include "syscall-scale/wis_cases.hpp"

#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <thread>

using namespace mmtp;
using namespace mmtp::syscallscale;

namespace {

bool allCounted(const TaskGroup& g) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (;;) {
        bool all = true;
        for (unsigned i = 0; i < g.size(); ++i) all = all && g.count(i) > 0;
        if (all || std::chrono::steady_clock::now() > deadline) return all;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

}  // namespace

TEST_CASE("every testcase's tasks count their call, in their own files under the run's dir", "[syscall-scale]") {
    for (const WisCase& wc : wisCases()) {
        INFO(wc.name);
        TempDir dir("wis-case-test");
        CaseShared shared{dir.path(), {}};
        if (wc.prepare) wc.prepare(shared, 2);
        if (!shared.file.empty()) CHECK(shared.file.parent_path() == dir.path());
        // Processes, so that signal1's handler stays out of the test binary.
        TaskGroup g(Model::Processes, {{}, {}});
        g.start([&wc, &shared](TaskContext& ctx) { wc.task(ctx, shared); });
        g.go();
        CHECK(allCounted(g));
        g.stop();
        CHECK(std::string(wc.description) != "");
    }
}

TEST_CASE("testcases are found by exact name only, and listed in order", "[syscall-scale]") {
    CHECK(findWisCase("futex") == nullptr);
    CHECK(findWisCase("FUTEX1") == nullptr);
    CHECK(findWisCase("") == nullptr);
    REQUIRE(findWisCase("pread2") != nullptr);
    CHECK(std::string(findWisCase("pread2")->name) == "pread2");
    std::string names;
    for (const WisCase& wc : wisCases()) names += (names.empty() ? "" : ",") + std::string(wc.name);
    CHECK(wisCaseNames() == names);
    CHECK(names.rfind("futex1,futex2,", 0) == 0);
}
