// Schema version 4: a superseded run's own name moves to runs.replaced_name
// and the name it is stored under becomes one no tree's run can hold; a
// version 3 store's NAME~replaced-ID runs move when it is opened.
// Schema version 5: a version 4 store's rows fill the series table a
// history reads (iteration means, the run's name, settings, superseded).
// Schema version 6: a version 5 store's text means are packed.
#include "../test_support.hpp"
#include "store/schema.hpp"
#include "history/history.hpp"
#include "store/series_summary.hpp"
#include "store/tree_export.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare::store;

namespace {

// A new store at file, then changed by sql into what an older version left
// (every test's version is older than 7: version 7's columns go first).
void storeLeftAs(const std::string& file, const std::string& sql) {
    OpenStore s(file, Access::CreateIfMissing);
    s.db.exec("ALTER TABLE run_benchmarks DROP COLUMN rows_source; ALTER TABLE run_benchmarks DROP COLUMN rows_last;"
              "ALTER TABLE run_benchmarks DROP COLUMN rows_count;");
    s.db.exec(sql);
}

}  // namespace

TEST_CASE("a version 3 store's superseded runs move out of the run names when it is opened", "[store][schema]") {
    compare_test::ScratchTree t;
    const std::string file = (t.root() / "s.db").string();
    // As version 3 left it: a run superseded under a name, and its rerun.
    storeLeftAs(file,
        "DROP TABLE series; CREATE INDEX results_by_label ON results(benchmark, label, run_id, iteration, sample, value);"
        "ALTER TABLE runs DROP COLUMN replaced_name; UPDATE meta SET value = '3' WHERE key = 'schema_version';"
        "INSERT INTO machines(id, name) VALUES(1, 'box');"
        "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch, replaced_epoch) "
        "VALUES(1, 1, 'k-0~replaced-1', 'h1', 10, 10, 20), (2, 1, 'k-0', 'h2', 30, 30, NULL);");
    OpenStore s(file, Access::ExistingOnly);
    CHECK(schemaVersion(s.db) == kSchemaVersion);
    Stmt q(s.db, "SELECT name, replaced_name FROM runs WHERE id = 1");
    REQUIRE(q.step());
    CHECK(q.text(0) == supersededRunName(1));
    CHECK(q.text(1) == "k-0");
    CHECK(supersededRunName(1).find('/') != std::string::npos);  // a run name (a directory name) never holds one
    // Shown as NAME/replaced-ID, which no run can be named; the current run is untouched.
    const auto all = storedRuns(s.db, "", true);
    REQUIRE(all.size() == 2);
    CHECK(all[0].name == "k-0/replaced-1");
    CHECK(all[1].name == "k-0");
    CHECK(storedRuns(s.db).size() == 1);
}

TEST_CASE("a version 4 store's rows fill the series a history reads when it is opened", "[store][schema]") {
    compare_test::ScratchTree t;
    const std::string file = (t.root() / "s.db").string();
    // As version 4 left it: rows, read through results_by_label; a run
    // superseded by its rerun; settings recorded for one run.
    storeLeftAs(file,
        "DROP TABLE series; CREATE INDEX results_by_label ON results(benchmark, label, run_id, iteration, sample, value);"
        "UPDATE meta SET value = '4' WHERE key = 'schema_version';"
        "INSERT INTO machines(id, name) VALUES(1, 'box');"
        "INSERT INTO operations(benchmark, label) VALUES('redis', 'GET');"
        "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch, replaced_epoch, replaced_name) "
        "VALUES(1, 1, '/replaced/1', 'h1', 10, 10, 20, 'k'), (2, 1, 'k', 'h2', 30, 30, NULL, NULL), "
        "(3, 1, 'm', 'h3', 40, 40, NULL, NULL);"
        "INSERT INTO run_benchmarks(run_id, benchmark, iterations, problem, reason, settings) "
        "VALUES(2, 'redis', 2, 'none', '', 'A=1'), (3, 'redis', 2, 'none', '', NULL);"
        "INSERT INTO results(run_id, benchmark, iteration, label, metric, factor_a, factor_b, sample, value, extra) VALUES"
        "(1, 'redis', 0, 'GET', 'GET', '', '', '1', '7', ''),"
        "(2, 'redis', 0, 'GET', 'GET', '', '', '1', '10', ''), (2, 'redis', 0, 'GET', 'GET', '', '', '2', '20', ''),"
        "(2, 'redis', 1, 'GET', 'GET', '', '', '1', 'n/a', ''), (2, 'redis', 2, 'GET', 'GET', '', '', '1', '40', ''),"
        "(3, 'redis', 0, 'GET', 'GET', '', '', '1', '50', '');");
    OpenStore s(file, Access::ExistingOnly);
    CHECK(schemaVersion(s.db) == kSchemaVersion);
    HistoryRequest r;
    r.benchmark = "redis";
    r.metric = "GET";
    mmtp::compare::Warnings warnings;
    const std::vector<Series> series = loadHistory(s.db, r, warnings);
    CHECK(warnings.empty());
    REQUIRE(series.size() == 1);
    REQUIRE(series[0].runs.size() == 2);
    CHECK(series[0].runs[0].run == "k");
    CHECK(series[0].runs[0].means == std::vector<double>{15, 40});  // iteration 1 holds no number
    CHECK(series[0].runs[0].settings == std::optional<std::string>("A=1"));
    CHECK(series[0].runs[1].run == "m");
    CHECK(!series[0].runs[1].settings);
    REQUIRE(series[0].replaced.size() == 1);
    CHECK(series[0].replaced[0].run == "k/replaced-1");
    CHECK(series[0].replaced[0].replacedEpoch == 20);
    CHECK(series[0].replaced[0].means == std::vector<double>{7});
}

TEST_CASE("a version 5 store's text means are packed when it is opened, and read back the same", "[store][schema]") {
    compare_test::ScratchTree t;
    const std::string file = (t.root() / "s.db").string();
    // As version 5 left it: "ITER:MEAN;..." text, an iteration without a
    // number kept empty; one value that is no such text.
    storeLeftAs(file,
        "UPDATE meta SET value = '5' WHERE key = 'schema_version';"
        "INSERT INTO machines(id, name) VALUES(1, 'box');"
        "INSERT INTO operations(benchmark, label) VALUES('redis', 'GET');"
        "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch) "
        "VALUES(1, 1, 'a', 'h1', 10, 10), (2, 1, 'b', 'h2', 20, 20), (3, 1, 'c', 'h3', 30, 30);"
        "INSERT INTO series(benchmark, label, machine_id, start_epoch, run_id, run_name, means) VALUES"
        "('redis', 'GET', 1, 10, 1, 'a', '0:15;1:;2:0.1'), ('redis', 'GET', 1, 20, 2, 'b', '0:-2.5e-300'),"
        "('redis', 'GET', 1, 30, 3, 'c', '0:many');");
    OpenStore s(file, Access::ExistingOnly);
    CHECK(schemaVersion(s.db) == kSchemaVersion);
    Stmt q(s.db, "SELECT means FROM series WHERE run_id = 1");
    REQUIRE(q.step());
    CHECK(q.text(0) == encodeMeans({{0, 15}, {1, std::nullopt}, {2, 0.1}}));
    q.reset();
    HistoryRequest r;
    r.benchmark = "redis";
    r.metric = "GET";
    mmtp::compare::Warnings warnings;
    const std::vector<Series> series = loadHistory(s.db, r, warnings);
    REQUIRE(series.size() == 1);
    REQUIRE(series[0].runs.size() == 2);
    CHECK(series[0].runs[0].means == std::vector<double>{15, 0.1});
    CHECK(series[0].runs[1].means == std::vector<double>{-2.5e-300});
    REQUIRE(warnings.size() == 1);  // c's means were never text import wrote: left out, as before
    CHECK_THAT(warnings[0], Catch::Contains("run c") && Catch::Contains("cannot be read"));
}
