#include <catch2/catch.hpp>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "dead_pid.hpp"

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using namespace mmtp;

namespace {

struct ScratchDir {
    fs::path path = fs::temp_directory_path() / ("atomic-file-ut-" + std::to_string(::getpid()));
    ScratchDir() { fs::create_directories(path); }
    ~ScratchDir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

}  // namespace

TEST_CASE("an atomic file appears under its name only when committed") {
    ScratchDir d;
    const fs::path target = d.path / "result.log";
    {
        AtomicFile f(target);
        f.stream() << "line 1\n";
        CHECK_FALSE(fs::exists(target));
        CHECK(fs::exists(f.tempPath()));
        CHECK(f.tempPath().parent_path() == d.path);
        f.stream() << "line 2\n";
        f.commit();
    }
    CHECK(slurp(target) == "line 1\nline 2\n");
    CHECK(entries(d.path) == 1);
}

TEST_CASE("an atomic file that is never committed leaves nothing behind") {
    ScratchDir d;
    const fs::path target = d.path / "result.log";
    std::ofstream(target) << "previous result\n";
    {
        AtomicFile f(target);
        f.stream() << "half a result";
    }
    CHECK(slurp(target) == "previous result\n");
    CHECK(entries(d.path) == 1);
}

TEST_CASE("an atomic file names what it could not create or rename") {
    ScratchDir d;
    CHECK_THROWS_WITH(AtomicFile(d.path / "no-such-dir" / "x.log"),
                      Catch::Contains("cannot create " + (d.path / "no-such-dir" / "x.log").string() + ".tmp.") &&
                          Catch::Contains("No such file or directory"));
    fs::create_directory(d.path / "a-directory");
    fs::create_directory(d.path / "a-directory" / "not-empty");
    {
        AtomicFile f(d.path / "a-directory");
        f.stream() << "x";
        CHECK_THROWS_WITH(f.commit(), Catch::Contains("cannot rename"));
    }
    CHECK(entries(d.path) == 1);  // the temp file went with the failed commit
}

TEST_CASE("an atomic file never writes through a name planted in its directory") {
    // Issue 14 (3): the temp name used to be TARGET.tmp.PID, opened with
    // O_TRUNC: a symlink planted there made root overwrite what it points to.
    ScratchDir d;
    const fs::path victim = d.path / "victim";
    std::ofstream(victim) << "precious\n";
    const fs::path target = d.path / "export.json";
    fs::create_symlink(victim, target.string() + ".tmp." + std::to_string(::getpid()));
    writeFileAtomically(target, "result\n");
    CHECK(slurp(victim) == "precious\n");
    CHECK(slurp(target) == "result\n");
    CHECK_FALSE(fs::is_symlink(target));
}

TEST_CASE("an atomic file's temp file gets the usual mode, not mkstemp's 0600") {
    ScratchDir d;
    const mode_t old = ::umask(022);
    writeFileAtomically(d.path / "r.log", "x");
    ::umask(old);
    struct stat st;
    REQUIRE(::stat((d.path / "r.log").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0644);
}

TEST_CASE("an atomic file removes what a killed run left for the same name") {
    ScratchDir d;
    const std::string dead = std::to_string(deadPid());
    const fs::path target = d.path / "redis-1-1.log";
    std::ofstream(target.string() + ".tmp." + dead + ".Ab12Cd") << "half";
    std::ofstream(target.string() + ".tmp." + dead) << "half, older style";
    const fs::path alive = target.string() + ".tmp." + std::to_string(::getppid()) + ".Zz99Zz";
    const fs::path other = d.path / ("replies-1-1.log.tmp." + dead + ".Ab12Cd");
    const fs::path notOurs = target.string() + ".tmp.notapid";
    for (const auto& p : {alive, other, notOurs}) std::ofstream(p) << "keep";
    writeFileAtomically(target, "result\n");
    CHECK_FALSE(fs::exists(target.string() + ".tmp." + dead + ".Ab12Cd"));
    CHECK_FALSE(fs::exists(target.string() + ".tmp." + dead));
    CHECK(fs::exists(alive));
    CHECK(fs::exists(other));
    CHECK(fs::exists(notOurs));
}

TEST_CASE("appendFileAtomically keeps every line when processes append to one file at once") {
    ScratchDir d;
    const fs::path log = d.path / "fio.log";
    writeFileAtomically(log, "first line, no newline");
    constexpr int kProcs = 6, kLines = 40;
    std::vector<pid_t> kids;
    for (int p = 0; p < kProcs; ++p) {
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            int rc = 0;
            try {
                for (int i = 0; i < kLines; ++i)
                    appendFileAtomically(log, "proc " + std::to_string(p) + " line " + std::to_string(i) + "\n");
            } catch (...) {
                rc = 1;
            }
            ::_exit(rc);
        }
        kids.push_back(pid);
    }
    for (pid_t k : kids) {
        int st = 0;
        REQUIRE(::waitpid(k, &st, 0) == k);
        CHECK((WIFEXITED(st) && WEXITSTATUS(st) == 0));
    }
    std::istringstream in(slurp(log));
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    REQUIRE(lines.size() == 1 + kProcs * kLines);
    CHECK(lines[0] == "first line, no newline");
    for (int p = 0; p < kProcs; ++p)
        for (int i = 0; i < kLines; ++i)
            CHECK(std::count(lines.begin(), lines.end(),
                             "proc " + std::to_string(p) + " line " + std::to_string(i)) == 1);
    for (const auto& e : fs::directory_iterator(d.path)) CHECK(e.path().filename() == "fio.log");
}

TEST_CASE("appendFileAtomically and openAppendNoFollow never write through a planted symlink or into a FIFO") {
    ScratchDir d;
    const fs::path secret = d.path / "secret", link = d.path / "log";
    { std::ofstream(secret) << "keep\n"; }
    fs::create_symlink(secret, link);
    CHECK_THROWS_WITH(appendFileAtomically(link, "x\n"), Catch::Contains("symlink") && Catch::Contains(link.string()));
    CHECK_THROWS_WITH(openAppendNoFollow(link, false), Catch::Contains("symlink") && Catch::Contains(link.string()));
    CHECK_THROWS_WITH(openAppendNoFollow(link, true), Catch::Contains(link.string()));
    CHECK(slurp(secret) == "keep\n");
    CHECK(fs::is_symlink(link));

    const fs::path fifo = d.path / "fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH(openAppendNoFollow(fifo, false), Catch::Contains("not a regular file"));
    CHECK_THROWS_WITH(appendFileAtomically(fifo, "x\n"), Catch::Contains("not a regular file"));

    // New: O_EXCL; append: to what is there.
    const fs::path log = d.path / "new.log";
    { UniqueFd fd = openAppendNoFollow(log, true); appendTo(fd, "a\n", log); }
    CHECK_THROWS(openAppendNoFollow(log, true));
    { UniqueFd fd = openAppendNoFollow(log, false); appendTo(fd, "b\n", log); }
    CHECK(slurp(log) == "a\nb\n");
}

// Issue 31, W1: whoever can read the log dir can flock it for ever.
TEST_CASE("appendFileAtomically waits for a held lock only so long, and lets its check end the wait") {
    ScratchDir d;
    const fs::path log = d.path / "fio.log";
    writeFileAtomically(log, "earlier\n");
    UniqueFd holder(::open(d.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    REQUIRE(::flock(holder.get(), LOCK_EX) == 0);  // another open file: it conflicts, even in this process

    const auto t0 = std::chrono::steady_clock::now();
    CHECK_THROWS_WITH(appendFileAtomically(log, "new\n", {.timeout = std::chrono::milliseconds(300)}),
                      "cannot append to " + log.string() + ": another process has held the lock on " +
                          d.path.string() + " for over 300 ms");
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3));

    static int checks = 0;
    struct Stop {};
    CHECK_THROWS_AS(appendFileAtomically(log, "new\n", {.check = [] {
                                                             if (++checks == 3) throw Stop{};
                                                         }}),
                    Stop);
    CHECK(checks == 3);
    CHECK(slurp(log) == "earlier\n");
    CHECK(entries(d.path) == 1);  // no temp file

    holder.reset();
    appendFileAtomically(log, "new\n", {.timeout = std::chrono::milliseconds(300)});
    CHECK(slurp(log) == "earlier\nnew\n");
}

// Issue 31, W2: the old log is copied, not read whole into memory, and one
// past kAppendMaxExisting is refused before any of it is read.
TEST_CASE("appendFileAtomically refuses an existing log past kAppendMaxExisting without reading it") {
    ScratchDir d;
    const fs::path log = d.path / "fio.log";
    { std::ofstream(log) << "x"; }
    fs::resize_file(log, std::uintmax_t(3) << 30);  // sparse: 3 GiB of nothing
    const auto t0 = std::chrono::steady_clock::now();
    CHECK_THROWS_WITH(appendFileAtomically(log, "new\n"),
                      "refusing to append to " + log.string() +
                          ": it holds 3221225472 bytes, more than a log may (64 MiB)");
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
    CHECK(fs::file_size(log) == std::uintmax_t(3) << 30);
    CHECK(entries(d.path) == 1);

    fs::resize_file(log, kAppendMaxExisting);  // at the bound: still a log
    appendFileAtomically(log, "last\n");
    CHECK(fs::file_size(log) == kAppendMaxExisting + 6);  // a newline before it: the old text had none
}
