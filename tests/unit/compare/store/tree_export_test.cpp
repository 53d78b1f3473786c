// Writing stored runs back from an untrusted store: each blob once (other
// paths naming it are links), bounded by real bytes and file counts, never
// by the declared size; and the private tree's removal never touches a
// directory it did not make.
#include "store/tree_export.hpp"
#include "../test_support.hpp"
#include "skip.hpp"
#include "store/schema.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <fstream>
#include <set>

using namespace mmtp::compare::store;
namespace fs = std::filesystem;

namespace {

// A store of one run whose `paths` all name blob `hash` of `bytes` bytes,
// declared `declared` bytes big (a hostile store: nothing checks it).
StoredRun hostileRun(Db& db, const std::vector<std::string>& paths, const std::string& hash, std::size_t bytes,
                     std::int64_t declared) {
    Stmt(db, "INSERT INTO machines(id, name) VALUES(1, 'box')").run();
    Stmt(db,
         "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch) "
         "VALUES(1, 1, 'r', 'x', 0, 0)")
        .run();
    Stmt(db, "INSERT INTO blobs(hash, size, data) VALUES(?, ?, ?)")
        .bind(1, hash)
        .bind(2, declared)
        .bindBlob(3, std::string(bytes, 'x'))
        .run();
    Stmt f(db, "INSERT INTO files(run_id, path, hash) VALUES(1, ?, ?)");
    for (const std::string& p : paths) f.bind(1, p).bind(2, hash).run();
    return StoredRun{1, "box", "r", 0};
}

std::vector<std::string> manyPaths(int n) {
    std::vector<std::string> p;
    for (int i = 0; i < n; ++i) p.push_back("iter-0/f" + std::to_string(i));
    return p;
}

// Bytes the files below dir take, each inode once.
std::uintmax_t distinctBytes(const fs::path& dir) {
    std::set<ino_t> seen;
    std::uintmax_t total = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        struct stat st {};
        if (e.is_regular_file() && ::lstat(e.path().c_str(), &st) == 0 && seen.insert(st.st_ino).second)
            total += static_cast<std::uintmax_t>(st.st_size);
    }
    return total;
}

// The process's children (from /proc, with no help from the code under test).
std::set<pid_t> children() {
    std::set<pid_t> out;
    for (const auto& task : fs::directory_iterator("/proc/self/task")) {
        std::ifstream in(task.path() / "children");
        for (pid_t p; in >> p;) out.insert(p);
    }
    return out;
}

}  // namespace

TEST_CASE("a blob named by many paths is written once, its declared size ignored", "[store][export]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    StoredRun run = hostileRun(s.db, manyPaths(500), "h1", 64 * 1024, std::int64_t{1} << 40);
    CHECK(storedBytes(s.db, {run}) == 64 * 1024);  // the real length, once
    fs::create_directory(t.root() / "out");
    TreeExport(s.db, t.root() / "out").add(run, "r");
    CHECK(distinctBytes(t.root() / "out") == 64 * 1024);  // not 500 copies
    struct stat st {};
    REQUIRE(::stat((t.root() / "out/r/iter-0/f499").c_str(), &st) == 0);
    CHECK(st.st_nlink == 500);
}

TEST_CASE("an export past its byte or file bounds is refused", "[store][export]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    StoredRun run = hostileRun(s.db, manyPaths(20), "h1", 1000, 1);
    Stmt(s.db, "INSERT INTO blobs(hash, size, data) VALUES('h2', 1, ?)").bindBlob(1, std::string(1000, 'y')).run();
    Stmt(s.db, "INSERT INTO files(run_id, path, hash) VALUES(1, 'iter-0/other', 'h2')").run();
    fs::create_directories(t.root() / "a");
    ExportLimits bytes;
    bytes.bytes = 1500;  // two distinct blobs of 1000 bytes: past it
    CHECK_THROWS_WITH(TreeExport(s.db, t.root() / "a", bytes).add(run, "r"), Catch::Contains("MiB of files"));
    fs::create_directories(t.root() / "b");
    ExportLimits files;
    files.filesPerRun = 10;
    CHECK_THROWS_WITH(TreeExport(s.db, t.root() / "b", files).add(run, "r"), Catch::Contains("passes 10 files"));
    fs::create_directories(t.root() / "c");
    CHECK_NOTHROW(TreeExport(s.db, t.root() / "c").add(run, "r"));
}

TEST_CASE("the watcher never removes a directory of the same name made after ours was removed", "[store][export]") {
    if (!fs::exists("/proc/self/task/" + std::to_string(::getpid()) + "/children"))
        SKIP_TEST("no /proc/PID/task/TID/children (CONFIG_PROC_CHILDREN) to find the watcher by");
    compare_test::ScratchTree t;
    setenv("TMPDIR", t.root().c_str(), 1);
    const std::set<pid_t> before = children();
    auto dir = std::make_unique<PrivateTempDir>();
    unsetenv("TMPDIR");
    const fs::path path = dir->path();
    pid_t watcher = -1;
    for (pid_t p : children())
        if (!before.count(p)) watcher = p;
    REQUIRE(watcher > 0);
    // The watcher held still while the program removes its tree and ends,
    // and another user makes the same name in the gap.
    REQUIRE(::kill(watcher, SIGSTOP) == 0);
    dir.reset();
    CHECK_FALSE(fs::exists(path));
    fs::create_directory(path);
    std::ofstream(path / "theirs") << "not ours\n";
    REQUIRE(::kill(watcher, SIGCONT) == 0);
    int status = 0;
    REQUIRE(::waitpid(watcher, &status, 0) == watcher);
    CHECK(fs::exists(path / "theirs"));
}

TEST_CASE("the private tree goes whole: the export's names first, then what else is in it", "[store][export]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    StoredRun run = hostileRun(s.db, {"iter-0/a/f", "iter-0/a/g", "iter-1/f"}, "h1", 10, 10);
    setenv("TMPDIR", t.root().c_str(), 1);
    auto dir = std::make_unique<PrivateTempDir>();
    unsetenv("TMPDIR");
    const fs::path path = dir->path();
    TreeExport exporter(s.db, path);
    exporter.add(run, "r");
    std::vector<std::string> made;
    for (const MadeName& m : exporter.made()) made.push_back(m.path + (m.directory ? "/" : ""));
    CHECK(made == std::vector<std::string>{"r/", "r/iter-0/", "r/iter-0/a/", "r/iter-0/a/f", "r/iter-0/a/g",
                                           "r/iter-1/", "r/iter-1/f"});
    dir->removeFirst(exporter.made());
    std::ofstream(path / "r/iter-0/a/not-made") << "x";  // a name the list lacks: its directory stays for the walk
    dir.reset();
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("a watcher started before its directory was made exits alone when none is made", "[store][export]") {
    if (!fs::exists("/proc/self/task/" + std::to_string(::getpid()) + "/children"))
        SKIP_TEST("no /proc/PID/task/TID/children (CONFIG_PROC_CHILDREN) to find the watcher by");
    compare_test::ScratchTree t;
    setenv("TMPDIR", t.root().c_str(), 1);
    const std::set<pid_t> before = children();
    auto dir = std::make_unique<PrivateTempDir>(PrivateTempDir::Deferred{});
    unsetenv("TMPDIR");
    CHECK(dir->path().empty());
    pid_t watcher = -1;
    for (pid_t p : children())
        if (!before.count(p)) watcher = p;
    REQUIRE(watcher > 0);
    dir.reset();  // the program ends before it made the directory (a store that does not open)
    int status = -1;
    for (int i = 0; i < 3000 && ::waitpid(watcher, &status, WNOHANG) == 0; ++i) ::usleep(10000);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    if (!WIFEXITED(status)) ::kill(watcher, SIGKILL), ::waitpid(watcher, nullptr, 0);
    CHECK(fs::is_empty(t.root()));
}

TEST_CASE("the watcher removes the tree when the program dies without removing it", "[store][export]") {
    compare_test::ScratchTree t;
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    pid_t child = ::fork();
    if (child == 0) {  // a program killed with its private tree still there
        setenv("TMPDIR", t.root().c_str(), 1);
        PrivateTempDir d;
        fs::create_directories(d.path() / "log/run/iter-0");
        std::ofstream(d.path() / "log/run/iter-0/f") << "x";
        std::string p = d.path().string() + "\n";
        (void)!::write(fds[1], p.data(), p.size());
        ::pause();
        ::_exit(0);
    }
    ::close(fds[1]);
    char buf[4096];
    ssize_t n = ::read(fds[0], buf, sizeof buf);
    ::close(fds[0]);
    REQUIRE(n > 1);
    const fs::path path(std::string(buf, static_cast<std::size_t>(n - 1)));
    CHECK(fs::exists(path / "log/run/iter-0/f"));
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    // The watcher is not our child: wait (without a tight deadline) for its work.
    for (int i = 0; i < 3000 && fs::exists(path); ++i) ::usleep(10000);
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("a stored file that cannot be written back is named by its run and path, not the private tree",
          "[store][export]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    // "iter-0" is a file, and "iter-0/x" needs it to be a directory.
    StoredRun run = hostileRun(s.db, {"iter-0", "iter-0/x"}, "h1", 10, 10);
    const fs::path out = t.root() / "private-tree";
    fs::create_directory(out);
    try {
        TreeExport(s.db, out).add(run, "r");
        FAIL("exported a file below a file");
    } catch (const std::exception& e) {
        CHECK_THAT(e.what(), Catch::Contains("run r file iter-0/x"));
        CHECK_THAT(e.what(), !Catch::Contains("private-tree"));
    }
}
