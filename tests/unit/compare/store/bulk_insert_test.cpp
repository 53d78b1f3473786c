// BulkInsert on SQLite: the prepared INSERT a row it replaced, so its rows
// are stored as Stmt stored them (text as TEXT, blob() as a BLOB, NULLs),
// and a row with a value too few or too many is refused, naming the store.
// (PostgreSQL's COPY: tests/scripts/store/results-store-pg-rows.sh.)
#include "../test_support.hpp"
#include "store/db.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare::store;

TEST_CASE("SQLite's bulk rows are its INSERT's: text, blob, integer and NULL, in order", "[store][bulk]") {
    compare_test::ScratchTree t;
    auto db = openDb((t.root() / "b.db").string(), Access::CreateIfMissing);
    db->exec("CREATE TABLE t(a TEXT, b INTEGER, c BLOB, d TEXT)");
    {
        BulkInsert rows(*db, "t", {"a", "b", "c", "d"});
        const std::string bytes("x\0y", 3);
        rows.text("one").integer(-7).blob(bytes).null().endRow();
        rows.text("").integer(1LL << 40).blob("").text("two").endRow();
    }
    Stmt q(*db, "SELECT a, b, hex(c), typeof(c), d IS NULL, d FROM t ORDER BY rowid");
    REQUIRE(q.step());
    CHECK(q.text(0) == "one");
    CHECK(q.integer(1) == -7);
    CHECK(q.text(2) == "780079");
    CHECK(q.text(3) == "blob");
    CHECK(q.integer(4) == 1);
    REQUIRE(q.step());
    CHECK(q.text(0).empty());
    CHECK(q.integer(1) == (1LL << 40));
    CHECK(q.text(3) == "blob");
    CHECK(q.text(5) == "two");
    CHECK_FALSE(q.step());
}

TEST_CASE("a bulk row of too few or too many values is refused, naming the store", "[store][bulk]") {
    compare_test::ScratchTree t;
    const std::string file = (t.root() / "b.db").string();
    auto db = openDb(file, Access::CreateIfMissing);
    db->exec("CREATE TABLE t(a TEXT, b INTEGER)");
    BulkInsert rows(*db, "t", {"a", "b"});
    rows.text("short");
    CHECK_THROWS_WITH(rows.endRow(), Catch::Contains("store " + file) && Catch::Contains("1 values for 2 columns"));
    BulkInsert more(*db, "t", {"a", "b"});
    more.text("x").integer(1);
    CHECK_THROWS_WITH(more.integer(2), Catch::Contains("more values than its columns"));
    Stmt q(*db, "SELECT count(*) FROM t");
    REQUIRE(q.step());
    CHECK(q.integer(0) == 0);
}
