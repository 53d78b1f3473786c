// --from-json reads a file someone else wrote: bounded like every log, and
// its module names never become paths.
#include "compare/test_support.hpp"
#include "load/json_import.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using compare_test::FifoWithWriter;
using compare_test::ScratchTree;

namespace {

std::string refusal(const std::filesystem::path& file) {
    try {
        importJson(file);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("--from-json of a FIFO fails at once instead of waiting for a writer", "[compare][json]") {
    ScratchTree t;
    FifoWithWriter fifo(t.root() / "runs.json");
    std::string error;
    CHECK(compare_test::returnsPromptly(fifo, [&] { error = refusal(t.root() / "runs.json"); }));
    CHECK(error == (t.root() / "runs.json").string() + ": a FIFO, not a regular file; not read");
}

TEST_CASE("--from-json of a zstd header declaring 1.5 GB fails without allocating it", "[compare][json]") {
    ScratchTree t;
    t.write("runs.json.zst", std::string("\x28\xb5\x2f\xfd\xa4\x00\x00\x69\x59\x00\x00\x00\x00\x00\x00\x00", 16));
    CHECK(refusal(t.root() / "runs.json.zst") == (t.root() / "runs.json.zst").string() +
                                                     ": zstd frame declares 1500053504 bytes, more than 256 MiB (the read limit); not read");
}

TEST_CASE("a _ModuleName that names a path is refused", "[compare][json]") {
    ScratchTree t;
    t.write("runs.json", R"([{"_ModuleName":"Extract../../work/log/r1/iter-0/pwn","_TestName":"a",)"
                         R"("_ResultData":{"op":[{"Values":[1],"SampleNrs":[1]}]}}])");
    CHECK(refusal(t.root() / "runs.json") == (t.root() / "runs.json").string() +
                                                 ": module 0: _ModuleName gives benchmark '../../work/log/r1/iter-0/pwn', "
                                                 "not a plain name (letters, digits, _ - . +)");
}

TEST_CASE("--from-json with a number too large for a double is a one-line error naming the file", "[compare][json]") {
    ScratchTree t;
    t.write("runs.json", R"([{"_M]Nrs":1e44444400000000000153)");  // found by fuzz_json_import
    CHECK_THROWS_WITH(importJson(t.root() / "runs.json"),
                      Catch::Matchers::StartsWith((t.root() / "runs.json").string() + ": not valid JSON ("));
}

TEST_CASE("--from-json nested thousands deep is refused before the tree is built", "[compare][json]") {
    ScratchTree t;
    t.write("deep.json", std::string(100000, '['));
    CHECK(refusal(t.root() / "deep.json") ==
          (t.root() / "deep.json").string() + ": JSON nested deeper than 64 levels (the import limit); not read");
}

TEST_CASE("wrongly typed --from-json values are one line naming the file", "[compare][json]") {
    ScratchTree t;
    // Values a number, SampleNrs a string, an iteration a string: no samples, no internal error.
    t.write("typed.json", R"([{"_ModuleName":"ExtractRedis","_TestName":"a","_ResultData":{
        "op":[{"Values":5,"SampleNrs":"x"},"iter",{"Values":[1,2],"SampleNrs":[1,2]}]}}])");
    std::vector<ImportedRun> runs = importJson(t.root() / "typed.json");
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].extraction.allValues("op") == std::vector<double>{1, 2});
    t.write("bad.json", R"([{"_ModuleName":["x"],"_ResultData":{}}])");
    const std::string error = refusal(t.root() / "bad.json");
    CHECK(error.rfind((t.root() / "bad.json").string() + ": ", 0) == 0);
    CHECK(error.find("internal error") == std::string::npos);
}

TEST_CASE("--from-json samples land in their iterations, long and short arrays mixed", "[compare][json]") {
    ScratchTree t;
    t.write("mixed.json", R"([{"_ModuleName":"ExtractRedis","_TestName":"a\u001b[2Kb\nc","_ResultData":{
        "b":[{"Values":[1],"SampleNrs":[1]}],
        "a":[{"Values":[2],"SampleNrs":[1]},{"Values":[3],"SampleNrs":[1]},{"Values":[4],"SampleNrs":[1]}]}}])");
    std::vector<ImportedRun> runs = importJson(t.root() / "mixed.json");
    REQUIRE(runs.size() == 1);
    const Extraction& x = runs[0].extraction;
    CHECK(x.operations() == std::vector<std::string>{"a", "b"});
    CHECK(x.iterations() == 3);
    REQUIRE(x.samples("a"));
    CHECK(x.samples("a")->size() == 3);
    CHECK(x.samples("b")->size() == 1);
    CHECK(runs[0].testName == "a\\e[2Kb\\nc");  // a header, not a forged row
}
