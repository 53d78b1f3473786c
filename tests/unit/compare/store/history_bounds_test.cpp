// A history from an untrusted store: a stored iteration number past the
// bound (3000000000 looped past INT_MAX; 2000000000 made that many empty
// iterations) leaves its run out with a warning, not the history.
#include "../test_support.hpp"
#include "store/history.hpp"
#include "store/schema.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare::store;

namespace {

void addRun(Db& db, std::int64_t id, const std::string& name, std::int64_t iteration, const std::string& value) {
    Stmt(db,
         "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch) VALUES(?, 1, ?, 'x', ?, 0)")
        .bind(1, id)
        .bind(2, name)
        .bind(3, id)
        .run();
    Stmt(db,
         "INSERT INTO results(run_id, benchmark, iteration, label, metric, factor_a, factor_b, sample, value, extra) "
         "VALUES(?, 'redis', ?, 'GET', 'GET', '', '', '1', ?, '')")
        .bind(1, id)
        .bind(2, iteration)
        .bind(3, value)
        .run();
}

}  // namespace

TEST_CASE("a stored iteration past the bound leaves its run out, with a warning", "[store][history]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    Stmt(s.db, "INSERT INTO machines(id, name) VALUES(1, 'box')").run();
    Stmt(s.db, "INSERT INTO operations(benchmark, label) VALUES('redis', 'GET')").run();
    addRun(s.db, 1, "good", 0, "100");
    addRun(s.db, 2, "huge", 3000000000, "100");
    addRun(s.db, 3, "big", 2000000000, "100");
    addRun(s.db, 4, "past", kMaxStoredIterations, "100");
    addRun(s.db, 5, "negative", -1, "100");
    addRun(s.db, 6, "last", kMaxStoredIterations - 1, "100");
    HistoryRequest r;
    r.benchmark = "redis";
    r.metric = "GET";
    mmtp::compare::Warnings warnings;
    std::vector<Series> series = loadHistory(s.db, r, warnings);
    REQUIRE(series.size() == 1);
    std::vector<std::string> names;
    for (const HistoryRun& run : series[0].runs) names.push_back(run.run);
    CHECK(names == std::vector<std::string>{"good", "last"});
    REQUIRE(warnings.size() == 4);
    CHECK_THAT(warnings[0], Catch::Contains("run huge") && Catch::Contains("iteration 3000000000"));
}
