// What a boot sends back: decoded, bounded, and names that cannot leave the tree.
#include "mitigation-matrix/boot_files.hpp"
#include "base/errors.hpp"

#include <catch2/catch.hpp>

using namespace mmtp;
using namespace mmtp::matrix;

TEST_CASE("the serial archive gives each file's bytes, carriage returns and console noise aside",
          "[mitigation-matrix]") {
    const std::string stream =
        "noise\r\nMATRIX-BEGIN\r\nF boot/boot-id\r\nYWJjLTEyMwo=\r\nE\r\n"
        "F log/r/iter-0/x.gz\r\nAAEC/w==\r\nE\r\nMATRIX-END\r\n";
    const BootFiles f = parseSerialArchive(stream);
    REQUIRE(f.files.size() == 2);
    CHECK(*f.find("boot/boot-id") == "abc-123\n");
    CHECK(*f.find("log/r/iter-0/x.gz") == std::string("\x00\x01\x02\xff", 4));
}

TEST_CASE("a name that could leave the tree, a cut stream or junk is refused", "[mitigation-matrix]") {
    auto parse = [](const std::string& name) {
        return parseSerialArchive("MATRIX-BEGIN\nF " + name + "\nYQ==\nE\nMATRIX-END\n");
    };
    CHECK_THROWS_WITH(parse("../etc/passwd"), Catch::Contains("a file name this program does not write"));
    CHECK_THROWS_WITH(parse("/etc/passwd"), Catch::Contains("does not write"));
    CHECK_THROWS_WITH(parse("a/./b"), Catch::Contains("does not write"));
    CHECK_THROWS_WITH(parse("a\x1b]0;x/b"), Catch::Contains("does not write"));
    CHECK_THROWS_WITH(parse("1/2/3/4/5/6/7/8/9"), Catch::Contains("does not write"));
    CHECK_NOTHROW(parse("1/2/3/4/5/6/7/8"));
    CHECK_THROWS_WITH(parseSerialArchive("MATRIX-BEGIN\nF a\nYQ==\n"), Catch::Contains("stops before MATRIX-END"));
    CHECK_THROWS_WITH(parseSerialArchive("boot messages only\n"), Catch::Contains("no MATRIX-BEGIN"));
    CHECK_THROWS_WITH(parseSerialArchive("MATRIX-BEGIN\nF a\n*\nE\nMATRIX-END\n"), Catch::Contains("not base64"));
    CHECK_THROWS_WITH(parseSerialArchive("MATRIX-BEGIN\nF a\nE\nF a\nE\nMATRIX-END\n"), Catch::Contains("twice"));
}
