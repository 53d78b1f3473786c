// Benchmarks read through an MMTests checkout: the parse-results that runs is
// always the checkout's own, never one a log tree supplies (issue 14, item 1).
#include "compare/test_support.hpp"
#include "parsers/parse_external.hpp"

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace mmtp::compare;
using compare_test::ScratchTree;

namespace {

// A checkout with its work/log inside (as MMTests keeps it) holding a
// hostile run whose benchmark directory carries its own parse-results.
void writeCheckout(const ScratchTree& t) {
    t.write("mmtests/shellpack_src/parsers/legacy-parse-results", "#!/bin/sh\n");
    t.write("mmtests/shellpack_src/src/good/shellpack.yaml", "summary: Summarise\n");
    std::filesystem::create_symlink("../../parsers/legacy-parse-results", t.root() / "mmtests/shellpack_src/src/good/parse-results");
    t.write("mmtests/work/log/r1/iter-0/pwn/shellpack.yaml", "summary: Summarise\n");
    t.write("mmtests/work/log/r1/iter-0/pwn/parse-results", "#!/bin/sh\ntouch /tmp/pwned\n");
    std::filesystem::permissions(t.root() / "mmtests/work/log/r1/iter-0/pwn/parse-results", std::filesystem::perms::owner_all);
    std::filesystem::permissions(t.root() / "mmtests/shellpack_src/parsers/legacy-parse-results", std::filesystem::perms::owner_all);
}

std::string refusal(const std::filesystem::path& checkout, const std::string& bench, const std::string& alt = "") {
    try {
        findExternalShellpack(checkout, bench, alt);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a parse-results linked into shellpack_src/parsers is used, as MMTests links them", "[compare][parsers]") {
    ScratchTree t;
    writeCheckout(t);
    auto sp = findExternalShellpack(t.root() / "mmtests", "good", "");
    REQUIRE(sp);
    CHECK(sp->parser == t.root() / "mmtests/shellpack_src/src/good/parse-results");
}

TEST_CASE("a benchmark name climbing out of shellpack_src/src never names a parser", "[compare][parsers]") {
    ScratchTree t;
    writeCheckout(t);
    CHECK(refusal(t.root() / "mmtests", "../../work/log/r1/iter-0/pwn") ==
          "benchmark '../../work/log/r1/iter-0/pwn' (alt report '') is not a plain name; no shellpack looked up");
    CHECK(refusal(t.root() / "mmtests", "good", "../../../work/log/r1/iter-0/pwn/x") ==
          "benchmark 'good' (alt report '../../../work/log/r1/iter-0/pwn/x') is not a plain name; no shellpack looked up");
}

TEST_CASE("a shellpack whose parse-results resolves outside shellpack_src is refused", "[compare][parsers]") {
    ScratchTree t;
    writeCheckout(t);
    t.write("mmtests/shellpack_src/src/evil/shellpack.yaml", "summary: Summarise\n");
    std::filesystem::create_symlink(t.root() / "mmtests/work/log/r1/iter-0/pwn/parse-results",
                                    t.root() / "mmtests/shellpack_src/src/evil/parse-results");
    CHECK(refusal(t.root() / "mmtests", "evil") ==
          (t.root() / "mmtests/shellpack_src/src/evil/parse-results").string() + " resolves to " +
              (t.root() / "mmtests/work/log/r1/iter-0/pwn/parse-results").string() + ", outside " +
              (t.root() / "mmtests/shellpack_src").string() + "; not used");
}

TEST_CASE("a parse-results blocked on a FIFO in the logs is killed at the time limit", "[compare][parsers]") {
    ScratchTree t;
    t.write("logs/x", "");
    ::mkfifo((t.root() / "logs/fifo").c_str(), 0644);
    // Reads the FIFO (blocks: no writer) from a child, as a pipeline would.
    t.write("parse-results", "#!/bin/sh\necho $$ > \"$1/../pid\"\ncat \"$1/fifo\" | cat\n");
    std::filesystem::permissions(t.root() / "parse-results", std::filesystem::perms::owner_all);
    ExternalShellpack sp{t.root() / "parse-results", t.root() / "shellpack.yaml"};
    auto start = std::chrono::steady_clock::now();
    Warnings w;
    CHECK_THROWS_WITH(runExternalParser(sp, t.root() / "logs", "", w, std::chrono::milliseconds(1000)),
                      (t.root() / "parse-results").string() + " " + (t.root() / "logs").string() +
                          " did not finish within 1 s (the parser time limit); killed");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    // The whole process group is gone: kill(-pgid, 0) soon finds no one (the
    // killed cats are reaped by init, not by us).
    std::ifstream pidFile(t.root() / "pid");
    pid_t pid = 0;
    pidFile >> pid;
    REQUIRE(pid > 0);
    for (int i = 0; i < 200 && ::kill(-pid, 0) == 0; ++i) ::usleep(10000);
    CHECK(::kill(-pid, 0) == -1);
}

TEST_CASE("a parse-results' rows are read without a shell, arguments passed as they are", "[compare][parsers]") {
    ScratchTree t;
    t.write("logs dir/x", "");
    t.write("parse-results", "#!/bin/sh\nprintf 'op\\t%s\\t_\\t1\\t5\\t_\\n' \"$2\"\n");
    std::filesystem::permissions(t.root() / "parse-results", std::filesystem::perms::owner_all);
    ExternalShellpack sp{t.root() / "parse-results", t.root() / "shellpack.yaml"};
    Warnings w;
    RowTable rows = runExternalParser(sp, t.root() / "logs dir", "a'b $(x)", w);
    REQUIRE(rows.size() == 1);
    CHECK(w.empty());
    CHECK(rows[0].factorA == "a'b $(x)");
    CHECK(rows[0].value == "5");
}

TEST_CASE("a parse-results' stderr is reported bounded, on one line, control characters as '?'", "[compare][parsers]") {
    ScratchTree t;
    t.write("logs/x", "");
    // An escape sequence from a hostile file name, then far more than is kept.
    t.write("parse-results", "#!/bin/sh\nprintf 'bad \\033[2J name\\n' >&2\nyes 'more noise' | head -c 1000000 >&2\nexit 3\n");
    std::filesystem::permissions(t.root() / "parse-results", std::filesystem::perms::owner_all);
    ExternalShellpack sp{t.root() / "parse-results", t.root() / "shellpack.yaml"};
    Warnings w;
    RowTable rows = runExternalParser(sp, t.root() / "logs", "", w);
    CHECK(rows.empty());
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind((t.root() / "parse-results").string() + " " + (t.root() / "logs").string() +
                         " exited with status 3 (0 rows); its stderr: bad ?[2J name | more noise | more noise (and ",
                     0) == 0);
    CHECK(w[0].find('\n') == std::string::npos);
    CHECK(w[0].size() < 1000);
}
