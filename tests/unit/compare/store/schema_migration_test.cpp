// Schema version 4: a superseded run's own name moves to runs.replaced_name
// and the name it is stored under becomes one no tree's run can hold; a
// version 3 store's NAME~replaced-ID runs move when it is opened.
#include "../test_support.hpp"
#include "store/schema.hpp"
#include "store/tree_export.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare::store;

TEST_CASE("a version 3 store's superseded runs move out of the run names when it is opened", "[store][schema]") {
    compare_test::ScratchTree t;
    const std::string file = (t.root() / "s.db").string();
    {
        OpenStore s(file, Access::CreateIfMissing);
        // As version 3 left it: a run superseded under a name, and its rerun.
        s.db.exec(
            "ALTER TABLE runs DROP COLUMN replaced_name; UPDATE meta SET value = '3' WHERE key = 'schema_version';"
            "INSERT INTO machines(id, name) VALUES(1, 'box');"
            "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch, replaced_epoch) "
            "VALUES(1, 1, 'k-0~replaced-1', 'h1', 10, 10, 20), (2, 1, 'k-0', 'h2', 30, 30, NULL);");
    }
    OpenStore s(file, Access::ExistingOnly);
    CHECK(schemaVersion(s.db) == 4);
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
