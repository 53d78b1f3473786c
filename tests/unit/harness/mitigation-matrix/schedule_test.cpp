// The matrix's state machine: order, outcomes, crash recovery and budget.
#include "mitigation-matrix/schedule.hpp"
#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>

using namespace mmtp::matrix;

namespace {
MatrixSpec threeRows(BootOrder order) {
    MatrixSpec s;
    s.order = order;
    s.bootsPerRow = 2;
    s.budgetBoots = 20;
    s.budgetSeconds = 1000;
    for (const char* n : {"A", "B", "C"}) s.rows.push_back({n, "running", "", "", {}, {}, "config"});
    return s;
}

std::string order(const ScheduleState& st) {
    std::string out;
    for (const auto& b : st.boots) out += b.row;
    return out;
}
}  // namespace

TEST_CASE("rows are interleaved A B C A B C, or mirrored A B C C B A", "[mitigation-matrix]") {
    CHECK(order(initialState(threeRows(BootOrder::Interleaved), "d", 0)) == "ABCABC");
    CHECK(order(initialState(threeRows(BootOrder::Mirrored), "d", 0)) == "ABCCBA");
}

TEST_CASE("each accepted boot becomes the row's next iteration", "[mitigation-matrix]") {
    const auto spec = threeRows(BootOrder::Interleaved);
    auto st = initialState(spec, "d", 0);
    for (int i = 0; i < 6; ++i) {
        auto next = nextBoot(st, spec, 1);
        REQUIRE(next == std::size_t(i));
        markAccepted(st, *next);
    }
    CHECK(st.boots[3].iteration == 1);  // A's second
    CHECK(st.boots[2].iteration == 0);  // C's first
    CHECK_FALSE(nextBoot(st, spec, 1));
}

TEST_CASE("a boot of K iterations takes the row's next K iter-Ns; the plan says how many", "[mitigation-matrix]") {
    auto spec = threeRows(BootOrder::Interleaved);
    auto st = initialState(spec, "d", 0);
    st.iterations["A"] = 3;
    markAccepted(st, 0);  // A's first boot: iter-0..2
    CHECK(nextIteration(st, "A") == 3);
    markAccepted(st, 3);
    CHECK(st.boots[3].iteration == 3);
    CHECK(nextIteration(st, "B") == 0);
    mmtp::TempDir dir("matrix-plan-test");
    std::ofstream(dir.path() / "config") << "export MMTESTS=pipe-pingpong\nexport MMTEST_ITERATIONS=2\n";
    for (auto& r : spec.rows) r.config = dir.path() / "config";
    CHECK_THAT(planText(spec), Catch::Contains("each boot runs its config 2 times (its MMTEST_ITERATIONS)"));
    spec.iterationsPerBoot = 4;
    CHECK_THAT(planText(spec), Catch::Contains("each boot runs its config 4 times (iterations-per-boot): the boot is "
                                               "the verdict's unit, its iterations are its samples"));
}

TEST_CASE("a rejected boot drops its row; a failed one is redone at the end", "[mitigation-matrix]") {
    const auto spec = threeRows(BootOrder::Interleaved);
    auto st = initialState(spec, "d", 0);
    markAccepted(st, 0);
    markRejected(st, 1, "the kernel ignored a boot parameter");
    markFailed(st, 2, "the guest did not power off");
    CHECK(st.boots[4].status == BootStatus::Skipped);  // B's second
    CHECK(st.boots[4].reason == "row B rejected at boot 1");
    CHECK(order(st) == "ABCABCC");
    CHECK(countWith(st, "B", BootStatus::Rejected) == 1);
    CHECK(*nextBoot(st, spec, 1) == 3);
}

TEST_CASE("the same failure twice in a row ends the row instead of spending the budget", "[mitigation-matrix]") {
    const auto spec = threeRows(BootOrder::Interleaved);
    auto st = initialState(spec, "d", 0);
    markFailed(st, 0, "run-config exited 1 (see matrix/boots/boot-0/run-config.out)");
    CHECK(order(st) == "ABCABCA");  // redone once
    markFailed(st, 3, "the guest did not power off within 240 s");
    CHECK(order(st) == "ABCABCAA");  // another reason: redone again
    markFailed(st, 6, "the guest did not power off within 240 s");
    CHECK(st.boots.size() == 8);  // not redone
    CHECK(st.boots[7].status == BootStatus::Skipped);
    CHECK(st.boots[7].reason == "row A failed twice the same way: the guest did not power off within 240 s");
    // The boot a reason names is not part of the failure.
    auto named = initialState(spec, "d", 0);
    markFailed(named, 1, "run-config exited 1 (see matrix/boots/boot-1/run-config.out)");
    markFailed(named, 4, "run-config exited 1 (see matrix/boots/boot-4/run-config.out)");
    CHECK(order(named) == "ABCABCB");
    CHECK(named.boots[6].status == BootStatus::Skipped);
    // An interrupted run is not the boot's fault: always redone.
    auto again = initialState(spec, "d", 0);
    markFailed(again, 0, "interrupted: mitigation-matrix stopped while this guest ran");
    markFailed(again, 3, "interrupted: mitigation-matrix stopped while this guest ran");
    CHECK(order(again) == "ABCABCAA");
}

TEST_CASE("a boot in flight when the process died is failed and redone", "[mitigation-matrix]") {
    const auto spec = threeRows(BootOrder::Interleaved);
    auto st = initialState(spec, "d", 0);
    st.boots[0].status = BootStatus::Started;
    CHECK(failInterrupted(st, BootStatus::Started, "interrupted") == 1);
    CHECK(st.boots[0].status == BootStatus::Failed);
    CHECK(order(st) == "ABCABCA");
    CHECK(*nextBoot(st, spec, 1) == 1);
}

TEST_CASE("the budget in boots and in time ends the schedule, skipping what is left", "[mitigation-matrix]") {
    auto spec = threeRows(BootOrder::Interleaved);
    spec.budgetBoots = 2;
    auto st = initialState(spec, "d", 0);
    markAccepted(st, *nextBoot(st, spec, 1));
    markFailed(st, *nextBoot(st, spec, 1), "x");
    CHECK_FALSE(nextBoot(st, spec, 1));
    CHECK(st.boots[2].status == BootStatus::Skipped);
    CHECK(st.boots[2].reason == "budget spent: 2 boots");

    spec.budgetBoots = 20;
    auto late = initialState(spec, "d", 0);
    CHECK_FALSE(nextBoot(late, spec, 1000));
    CHECK(late.boots[0].reason == "budget spent: 16 minutes");
}

TEST_CASE("matrix-rows.txt says what became of every row asked", "[mitigation-matrix]") {
    const auto spec = threeRows(BootOrder::Interleaved);
    auto st = initialState(spec, "d", 0);
    for (std::size_t i : {0, 3}) markAccepted(st, i);
    markRejected(st, 1, "the kernel did not take retbleed=ibrs");
    markFailed(st, 2, "the guest did not power off");
    CHECK(rowsFileText(st, spec) ==
          "row A accepted 2\nrow B rejected the kernel did not take retbleed=ibrs\n"
          "row C short 0 of 2: the guest did not power off\n");
}
