// The run snapshot results-store import takes while it stores a run: what it
// saw whole is answered from memory (the disk is not read again), and what it
// did not see (links, directories it did not list) is read from the disk with
// every check of the bounded reader.
#include "compare/test_support.hpp"
#include "input/bounded_read.hpp"
#include "input/log_files.hpp"
#include "input/run_settings.hpp"
#include "input/run_snapshot.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace mmtp::compare;
using compare_test::ScratchTree;
namespace fs = std::filesystem;

namespace {

// The snapshot of dir as the importer takes it: every entry, files' bytes.
void snapshotOf(const fs::path& dir, RunSnapshot& s) {
    std::vector<std::pair<std::string, EntryKind>> entries;
    for (const std::string& name : listDirectory(dir)) {
        const fs::file_status st = fs::symlink_status(dir / name);
        EntryKind kind = fs::is_directory(st) ? EntryKind::Directory
                         : fs::is_regular_file(st) ? EntryKind::Regular : EntryKind::Other;
        entries.emplace_back(name, kind);
        if (kind == EntryKind::Directory) snapshotOf(dir / name, s);
        if (kind == EntryKind::Regular) s.addFile(dir / name, *readRegularFile(dir / name));
    }
    s.addDirectory(dir, std::move(entries));
}

}  // namespace

TEST_CASE("a run snapshot answers from memory what it saw, and only while in force", "[compare][input][store]") {
    ScratchTree t;
    const fs::path log = t.write("run/iter-0/redis/logs/redis-1-1.log", "as imported\n");
    RunSnapshot s;
    snapshotOf(t.root() / "run", s);
    std::ofstream(log) << "changed on disk\n";
    t.write("run/iter-0/dmesg", "appeared later\n");
    {
        const SnapshotInForce inForce(s);
        CHECK(readLog(log) == "as imported\n");
        CHECK_FALSE(readLog(t.root() / "run/iter-0/dmesg").has_value());  // not there when it was taken
        CHECK(listDirectory(t.root() / "run/iter-0") == std::vector<std::string>{"redis"});
        CHECK(knownKind(t.root() / "run/iter-0/redis") == EntryKind::Directory);
        CHECK(knownKind(t.root() / "run/iter-0/none.gz") == EntryKind::Missing);
        CHECK_FALSE(knownKind(t.root() / "run/iter-0/..").has_value());  // the disk answers
        CHECK_FALSE(knownKind(t.root() / "elsewhere/x").has_value());
    }
    CHECK(snapshotInForce() == nullptr);
    CHECK(readLog(log) == "changed on disk\n");
    CHECK(readLog(t.root() / "run/iter-0/dmesg") == "appeared later\n");
}

TEST_CASE("a run snapshot keeps a caller's smaller read limit", "[compare][input][store]") {
    ScratchTree t;
    const fs::path f = t.write("run/iter-0/runtime.opts", "Run: A=1 /bin/redis\n");
    RunSnapshot s;
    snapshotOf(t.root() / "run", s);
    const SnapshotInForce inForce(s);
    ReadLimits small;
    small.fileBytes = 4;
    CHECK_THROWS_AS(readRegularFile(f, small), InputError);
    CHECK(readRegularFile(f) == "Run: A=1 /bin/redis\n");
}

TEST_CASE("a link in a run snapshot is read from the disk, refused out of the tree", "[compare][input][store]") {
    ScratchTree t, outside;
    const fs::path secret = outside.write("secret", "not for the report\n");
    t.write("run/iter-0/tests-timestamp", "x\n");
    fs::create_symlink(secret, t.root() / "run/iter-0/provenance.txt");
    RunSnapshot s;
    snapshotOf(t.root() / "run", s);
    const TreeBoundary confined({t.root()});
    const SnapshotInForce inForce(s);
    CHECK(knownKind(t.root() / "run/iter-0/provenance.txt") == EntryKind::Other);
    CHECK_THROWS_WITH(readRegularFile(t.root() / "run/iter-0/provenance.txt"),
                      Catch::Contains("a link out of the tree"));
}

TEST_CASE("findInRun from a run snapshot is findInRun from the disk", "[compare][input][store]") {
    ScratchTree t;
    for (const char* p : {"run/iter-0/storageioqueue.txt", "run/iter-1/a/storageioqueue.txt",
                          "run/iter-1/a/b/c/storageioqueue.txt", "run/iter-0/other.txt"})
        t.write(p, "scheduler: [none]\n");
    fs::create_directory_symlink(t.root() / "run/iter-1", t.root() / "run/iter-2");  // not walked, as find
    const std::vector<std::string> fromDisk = findInRun(t.root(), "run", "storageioqueue.txt", 16);
    const std::vector<std::string> shallow = findInRun(t.root(), "run", "storageioqueue.txt", 3);
    REQUIRE(fromDisk.size() == 3);
    REQUIRE(shallow.size() == 2);
    RunSnapshot s;
    snapshotOf(t.root() / "run", s);
    const SnapshotInForce inForce(s);
    fs::remove_all(t.root() / "run");  // every answer below is the snapshot's
    CHECK(findInRun(t.root(), "run", "storageioqueue.txt", 16) == fromDisk);
    CHECK(findInRun(t.root(), "run", "storageioqueue.txt", 3) == shallow);
}

TEST_CASE("listEntriesFromDisk gives listDirectory's names with lstat's kinds", "[compare][input][store]") {
    ScratchTree t;
    t.write("run/b.log", "x\n");
    t.write("run/iter-0/tests-timestamp", "x\n");
    fs::create_symlink("b.log", t.root() / "run/a-link");
    fs::create_directory_symlink(t.root() / "run/iter-0", t.root() / "run/iter-1");
    compare_test::FifoWithWriter fifo(t.root() / "run/fifo");
    std::vector<std::pair<std::string, EntryKind>> entries;
    REQUIRE(listEntriesFromDisk(t.root() / "run", entries));
    const std::vector<std::pair<std::string, EntryKind>> expected{{"a-link", EntryKind::Other},
                                                                  {"b.log", EntryKind::Regular},
                                                                  {"fifo", EntryKind::Other},
                                                                  {"iter-0", EntryKind::Directory},
                                                                  {"iter-1", EntryKind::Other}};
    CHECK(entries == expected);
    std::vector<std::string> names;
    for (const auto& e : expected) names.push_back(e.first);
    CHECK(listDirectory(t.root() / "run") == names);
    entries.clear();
    CHECK_FALSE(listEntriesFromDisk(t.root() / "none", entries));
    CHECK(entries.empty());
}
