// The stored runs as the tree held in memory: every directory listed, every
// file's bytes, names in listDirectory's order; and nothing (the report then
// writes the tree to disk) where the export would fail or the bound is past.
#include "store/memory_tree.hpp"
#include "../test_support.hpp"
#include "store/schema.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using namespace mmtp::compare::store;
namespace fs = std::filesystem;

namespace {

// One run of machine box whose files are paths -> blob contents.
StoredRun storedRun(Db& db, const std::vector<std::pair<std::string, std::string>>& files) {
    Stmt(db, "INSERT INTO machines(id, name) VALUES(1, 'box')").run();
    Stmt(db, "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch) "
             "VALUES(1, 1, 'r', 'x', 0, 0)")
        .run();
    Stmt blob(db, "INSERT INTO blobs(hash, size, data) VALUES(?, ?, ?) ON CONFLICT DO NOTHING");
    Stmt file(db, "INSERT INTO files(run_id, path, hash) VALUES(1, ?, ?)");
    for (const auto& [path, data] : files) {
        const std::string hash = "h-" + data;
        blob.bind(1, hash).bind(2, static_cast<std::int64_t>(data.size())).bindBlob(3, data).run();
        file.bind(1, path).bind(2, hash).run();
    }
    return StoredRun{1, "box", "r", 0};
}

}  // namespace

TEST_CASE("a stored run in memory: its directories listed and its files' bytes", "[store][memory-tree]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    const StoredRun run = storedRun(s.db, {{"iter-0/redis/logs/b.log", "two"},
                                           {"iter-0/redis/logs/a.log", "one"},
                                           {"iter-0/tests-timestamp", "two"}});
    std::optional<MemoryTree> tree = memoryTree(s.db, {run}, {"label"});
    REQUIRE(tree);
    const fs::path runDir = tree->logDir / "label";
    CHECK(tree->logDir.string().rfind("/dev/null/", 0) == 0);  // below no directory
    CHECK(*tree->snapshot->names(tree->logDir) == std::vector<std::string>{"label"});
    CHECK(*tree->snapshot->names(runDir) == std::vector<std::string>{"iter-0"});
    CHECK(*tree->snapshot->names(runDir / "iter-0") == std::vector<std::string>{"redis", "tests-timestamp"});
    CHECK(*tree->snapshot->names(runDir / "iter-0/redis/logs") == std::vector<std::string>{"a.log", "b.log"});
    CHECK(tree->snapshot->kind(runDir / "iter-0/redis") == EntryKind::Directory);
    CHECK(tree->snapshot->kind(runDir / "iter-0/tests-timestamp") == EntryKind::Regular);
    CHECK(tree->snapshot->kind(runDir / "iter-1") == EntryKind::Missing);
    CHECK(*tree->snapshot->bytes(runDir / "iter-0/redis/logs/a.log") == "one");
    CHECK(*tree->snapshot->bytes(runDir / "iter-0/tests-timestamp") == "two");  // one blob, two paths
}

TEST_CASE("what the export would fail on is not held in memory", "[store][memory-tree]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    SECTION("a file that is also another's directory") {
        const StoredRun run = storedRun(s.db, {{"iter-0/a", "file"}, {"iter-0/a/b", "below it"}});
        CHECK_FALSE(memoryTree(s.db, {run}, {"r"}));
    }
    SECTION("a path that leaves the run") {
        const StoredRun run = storedRun(s.db, {{"iter-0/../../x", "out"}});
        CHECK_FALSE(memoryTree(s.db, {run}, {"r"}));
    }
    SECTION("a file whose blob is missing") {
        const StoredRun run = storedRun(s.db, {{"iter-0/a", "kept"}});
        Stmt(s.db, "INSERT INTO files(run_id, path, hash) VALUES(1, 'iter-0/b', 'no such blob')").run();
        CHECK_FALSE(memoryTree(s.db, {run}, {"r"}));
    }
    SECTION("a label that is no directory name") {
        const StoredRun run = storedRun(s.db, {{"iter-0/a", "kept"}});
        CHECK_FALSE(memoryTree(s.db, {run}, {"a/b"}));
    }
    SECTION("more files than the bound") {
        std::vector<std::pair<std::string, std::string>> files;
        for (std::size_t i = 0; i <= kMaxMemoryTreeFiles; ++i) files.emplace_back("iter-0/f" + std::to_string(i), "x");
        const StoredRun run = storedRun(s.db, files);
        CHECK_FALSE(memoryTree(s.db, {run}, {"r"}));
    }
}
