// Where a store is: a PostgreSQL location never shows its password, in our
// messages or in libpq's; SQLite's special names are refused; only import
// creates a store.
#include "../test_support.hpp"
#include "store/db.hpp"
#include "store/pg_location.hpp"
#include "store/schema.hpp"
#include "store/tree_import.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare::store;

namespace {

// The message openDb/OpenStore fails with ("" when it does not fail).
std::string openError(const std::string& location, Access access) {
    try {
        OpenStore s(location, access);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a PostgreSQL location is named without its password", "[store][location]") {
    PgLocation a = parsePgLocation("postgresql://ann:s3cret@dbhost:5433/results?sslmode=require&password=other");
    CHECK(a.display == "postgresql://ann:***@dbhost:5433/results");
    CHECK(a.redact("x s3cret y other z") == "x *** y *** z");
    // Percent-encoded: both forms are kept from messages.
    PgLocation b = parsePgLocation("postgres://ann:pa%2Fss@h/db");
    CHECK(b.display == "postgres://ann:***@h/db");
    CHECK(b.redact("pa/ss and pa%2Fss") == "*** and ***");
    // An '@' in the parameters is not the user information's end.
    CHECK(parsePgLocation("postgresql://h/db?user=a@b").display == "postgresql://h/db");
    CHECK(parsePgLocation("postgresql:").conninfo.empty());
}

TEST_CASE("a password holding '/', '?', '#' or '@' is refused without printing it", "[store][location]") {
    for (const char* uri : {"postgresql://u:pa/ssw0rd@h/db", "postgresql://u:pa?ssw0rd@h/db",
                            "postgresql://u:pa@ssw0rd@h/db", "postgres://u:pa#ssw0rd@h/db"}) {
        CAPTURE(uri);
        std::string e = openError(uri, Access::ExistingOnly);
        CHECK_THAT(e, Catch::Contains("percent-encode"));
        CHECK_THAT(e, !Catch::Contains("ssw0rd"));
    }
}

TEST_CASE("libpq's own error never echoes the password (a stray '%', no server needed)", "[store][location]") {
    std::string e = openError("postgresql://u:hunt%zzer2@/nosuchdb?host=/nonexistent", Access::ExistingOnly);
    CHECK_FALSE(e.empty());
    CHECK_THAT(e, !Catch::Contains("hunt"));
    CHECK_THAT(e, !Catch::Contains("zzer2"));
    std::string p = openError("postgresql:///nosuchdb?host=/nonexistent&password=hunt%zzer2", Access::ExistingOnly);
    CHECK_FALSE(p.empty());
    CHECK_THAT(p, !Catch::Contains("hunt"));
}

TEST_CASE("'postgresql:' alone is libpq's defaults, not a malformed URI", "[store][location]") {
    std::string e = openError("postgresql:", Access::ExistingOnly);
    // No server is expected here: what matters is that libpq was asked to connect.
    if (!e.empty()) {
        CHECK_THAT(e, !Catch::Contains("missing \"=\""));
        CHECK_THAT(e, Catch::Contains("store postgresql:"));
    }
    CHECK_THAT(openError("postgresql:host=x", Access::ExistingOnly), Catch::Contains("not a PostgreSQL URI"));
}

TEST_CASE("SQLite's special names are refused, not imported into nothing", "[store][location]") {
    compare_test::ScratchTree t;
    const auto here = std::filesystem::current_path();
    std::filesystem::current_path(t.root());
    CHECK_THAT(openError("", Access::CreateIfMissing), Catch::Contains("no store named"));
    CHECK_THAT(openError(":memory:", Access::CreateIfMissing), Catch::Contains("not a file name"));
    CHECK_THAT(openError("file:runs.db?mode=memory", Access::CreateIfMissing), Catch::Contains("not a file name"));
    std::filesystem::current_path(here);
    CHECK(std::filesystem::is_empty(t.root()));
}

TEST_CASE("only import creates a store: a reader fails on a missing file or an empty one", "[store][location]") {
    compare_test::ScratchTree t;
    const std::string typo = (t.root() / "typo.db").string();
    CHECK_THAT(openError(typo, Access::ExistingOnly), Catch::Contains("no such store"));
    CHECK_FALSE(std::filesystem::exists(typo));
    t.write("empty.db", "");
    CHECK_THAT(openError((t.root() / "empty.db").string(), Access::ExistingOnly), Catch::Contains("empty"));
    CHECK(std::filesystem::file_size(t.root() / "empty.db") == 0);
    CHECK(openError((t.root() / "new.db").string(), Access::CreateIfMissing).empty());
    CHECK(openError((t.root() / "new.db").string(), Access::ExistingOnly).empty());
}

TEST_CASE("a machine name is printable ASCII without ':', ',' or '/'", "[store][location]") {
    CHECK(machineNameProblem("box1").empty());
    CHECK(machineNameProblem("o'brien").empty());
    CHECK(machineNameProblem("build-07.lab_x").empty());
    CHECK_FALSE(machineNameProblem("").empty());
    CHECK_FALSE(machineNameProblem("box\x1b"
                                   "1")
                    .empty());
    CHECK_FALSE(machineNameProblem("box 1").empty());
    CHECK_FALSE(machineNameProblem("box\xc3\xa9").empty());
    CHECK_FALSE(machineNameProblem("a:b").empty());
    CHECK_FALSE(machineNameProblem(std::string(256, 'x')).empty());
    CHECK(machineNameProblem(std::string(255, 'x')).empty());
}
