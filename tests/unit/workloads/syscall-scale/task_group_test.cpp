// will-it-scale's harness as TaskGroup runs it, with real processes and
// threads: each task counts into its own slot, nothing counts before the
// gate opens, a task that fails or dies is named, and no task outlives the
// group.
#include "syscall-scale/task_group.hpp"

#include "base/errors.hpp"

#include <catch2/catch.hpp>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::syscallscale;

namespace {

using Clock = std::chrono::steady_clock;

// Waits (generously: the machine may be loaded) until every task has counted.
bool allCounted(const TaskGroup& g) {
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    for (;;) {
        bool all = true;
        for (unsigned i = 0; i < g.size(); ++i) all = all && g.count(i) > 0;
        if (all) return true;
        if (Clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

bool gone(pid_t pid) { return ::kill(pid, 0) < 0 && errno == ESRCH; }

// The body of a will-it-scale testcase: setup, the gate, then count. The
// task leaves its pid in the slot's `bytes` (a field this test has free).
void countingTask(TaskContext& ctx) {
    ctx.slot().bytes = std::uint64_t(::getpid());
    ctx.readyThenWait();
    while (ctx.running()) ctx.countOne();
}

}  // namespace

TEST_CASE("each task counts into its own slot, and only once the gate opens", "[syscall-scale]") {
    const Model model = GENERATE(Model::Processes, Model::Threads);
    INFO(modelName(model));
    TaskGroup g(model, {{}, {}, {}});
    g.start(countingTask);
    // Every task is ready and waits at the gate: nothing has counted yet.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (unsigned i = 0; i < g.size(); ++i) CHECK(g.count(i) == 0);
    g.go();
    REQUIRE(allCounted(g));
    g.stop();
    // Stopped: the counts no longer move.
    std::vector<std::uint64_t> after;
    for (unsigned i = 0; i < g.size(); ++i) after.push_back(g.count(i));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    for (unsigned i = 0; i < g.size(); ++i) CHECK(g.count(i) == after[i]);
    // Processes are their own; threads share the test's pid.
    if (model == Model::Processes) {
        CHECK(g.slot(0).bytes != std::uint64_t(::getpid()));
        CHECK(g.slot(0).bytes != g.slot(1).bytes);
    } else {
        CHECK(g.slot(0).bytes == std::uint64_t(::getpid()));
    }
}

TEST_CASE("a task that fails in its setup fails start(), naming the task and why", "[syscall-scale]") {
    const Model model = GENERATE(Model::Processes, Model::Threads);
    INFO(modelName(model));
    TaskGroup g(model, {{}, {}});
    auto body = [](TaskContext& ctx) {
        if (ctx.index() == 1) throw Error("no such file: /nonexistent");
        countingTask(ctx);
    };
    CHECK_THROWS_WITH(g.start(body), "task 1: no such file: /nonexistent");
}

TEST_CASE("a task process that dies before it is ready is named with its pid and signal", "[syscall-scale]") {
    TaskGroup g(Model::Processes, {{}});
    try {
        g.start([](TaskContext&) { ::raise(SIGKILL); });
        FAIL("start() returned");
    } catch (const Error& e) {
        const std::string what = e.what();
        CHECK(what.rfind("task 0 (pid ", 0) == 0);
        CHECK(what.find("SIGKILL") != std::string::npos);
    }
}

TEST_CASE("no task process outlives its group, even left running", "[syscall-scale]") {
    std::vector<pid_t> pids;
    {
        TaskGroup g(Model::Processes, {{}, {}});
        g.start(countingTask);
        g.go();
        REQUIRE(allCounted(g));
        for (unsigned i = 0; i < g.size(); ++i) pids.push_back(pid_t(g.slot(i).bytes));
        for (pid_t p : pids) REQUIRE_FALSE(gone(p));
    }  // no stop(): the destructor stops and reaps them
    for (pid_t p : pids) CHECK(gone(p));
}

TEST_CASE("tasks go where placement says", "[syscall-scale]") {
    std::vector<int> allowed;
    cpu_set_t set;
    REQUIRE(::sched_getaffinity(0, sizeof set, &set) == 0);
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) allowed.push_back(c);
    const int cpu = allowed.back();
    TaskGroup g(Model::Threads, {{cpu}});
    g.start([](TaskContext& ctx) {
        ctx.slot().bytes = std::uint64_t(::sched_getcpu());
        ctx.readyThenWait();
    });
    g.stop();
    CHECK(g.slot(0).bytes == std::uint64_t(cpu));
}
