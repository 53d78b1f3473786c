// Benchmarks read through an MMTests checkout: the parse-results that runs is
// always the checkout's own, never one a log tree supplies (issue 14, item 1).
#include "compare/test_support.hpp"
#include "parsers/parse_external.hpp"

#include <catch2/catch.hpp>

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
