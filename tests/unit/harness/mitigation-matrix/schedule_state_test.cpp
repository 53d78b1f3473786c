// The state file: read back as written, never half-written, never followed.
#include "mitigation-matrix/schedule_state.hpp"
#include "base/errors.hpp"
#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp;
using namespace mmtp::matrix;

namespace {
ScheduleState stateWith(int boots) {
    ScheduleState st;
    st.digest = "0123abcd";
    st.started = 1700000000;
    for (int i = 0; i < boots; ++i) {
        BootRecord b;
        b.number = i;
        b.row = i % 2 ? "off" : "default";
        b.status = i % 3 ? BootStatus::Accepted : BootStatus::Rejected;
        b.iteration = i / 2;
        b.bootIdBefore = i % 2 ? "" : "5b3c-id";
        b.reason = i % 3 ? "" : "dmesg \"RETBleed: Ignoring unknown retbleed option (ibrs).\"\nsecond line";
        st.boots.push_back(b);
    }
    return st;
}
}  // namespace

TEST_CASE("the state file reads back what was saved, reasons on one line", "[mitigation-matrix]") {
    TempDir dir("matrix-state-test");
    const fs::path file = dir.path() / "state";
    CHECK_FALSE(loadState(file));
    const auto st = stateWith(5);
    saveState(file, st);
    const auto back = loadState(file);
    REQUIRE(back);
    CHECK(formatState(*back) == formatState(st));
    CHECK(back->boots[0].reason == "dmesg \"RETBleed: Ignoring unknown retbleed option (ibrs).\" second line");
    CHECK(back->boots[1].bootIdBefore.empty());
    CHECK(back->boots[3].status == BootStatus::Rejected);
}

TEST_CASE("the state keeps each row's iterations per boot; a count out of range is refused", "[mitigation-matrix]") {
    auto st = stateWith(2);
    st.iterations["off"] = 3;
    const std::string text = formatState(st);
    CHECK_THAT(text, Catch::Contains("\niterations off 3\n"));
    CHECK(parseState(text, "s").iterations == std::map<std::string, int>{{"off", 3}});
    std::string bad = text;
    bad.replace(bad.find("off 3"), 5, "off 0");
    CHECK_THROWS_WITH(parseState(bad, "s"), Catch::Contains("bad iterations line"));
}

TEST_CASE("a state file that is a symlink, or not ours, is refused naming it", "[mitigation-matrix]") {
    TempDir dir("matrix-state-test");
    const fs::path file = dir.path() / "state";
    fs::create_symlink("/etc/passwd", file);
    CHECK_THROWS_WITH(loadState(file), Catch::Contains(file.string()) && Catch::Contains("symlink"));
    fs::remove(file);
    saveState(dir.path() / "other", stateWith(1));
    fs::rename(dir.path() / "other", file);
    CHECK(loadState(file));
    std::FILE* f = std::fopen(file.c_str(), "w");
    std::fputs("hello\n", f);
    std::fclose(f);
    CHECK_THROWS_WITH(loadState(file), "state " + file.string() + ":1: not a mitigation-matrix state file");
}

TEST_CASE("a writer SIGKILLed at any moment leaves a whole state file, old or new", "[mitigation-matrix]") {
    TempDir dir("matrix-state-test");
    const fs::path file = dir.path() / "state";
    saveState(file, stateWith(1));
    for (int round = 0; round < 20; ++round) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            for (int n = 1;; n = n % 400 + 1) saveState(file, stateWith(n));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(3 + round * 2));
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        const auto st = loadState(file);
        REQUIRE(st);
        CHECK(formatState(*st) == formatState(stateWith(int(st->boots.size()))));
    }
}
