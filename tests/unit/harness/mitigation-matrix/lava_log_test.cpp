// lava-run's log: the console from its "target" lines, LAVA's verdict on the
// job from the job result line, and an untrusted log's junk skipped.
#include "mitigation-matrix/lava_log.hpp"

#include "mitigation-matrix/boot_files.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::matrix;

namespace {
const char* kLog =
    R"({"dt": "2026-12-05T17:50:58.259739", "lvl": "info", "msg": "start: 2 boot-image-retry"}
{"dt": "2026-12-05T17:50:58.259739", "lvl": "target", "msg": "hello\u001b[6n"}
{"dt": "2026-12-05T17:50:58.483347", "lvl": "target", "msg": "MATRIX-BEGIN"}
{"dt": "2026-12-05T17:50:58.483682", "lvl": "target", "msg": "F boot/boot-id"}
{"dt": "2026-12-05T17:50:58.483746", "lvl": "target", "msg": "aGVsbG8K"}
{"dt": "2026-12-05T17:50:58.483786", "lvl": "target", "msg": "E"}
{"dt": "2026-12-05T17:50:58.483870", "lvl": "target", "msg": "MATRIX-END"}
not yaml: [
{"dt": "2026-12-05T17:50:58.566780", "lvl": "results", "msg": {"case": "kernel-messages", "definition": "lava", "result": "pass"}}
{"dt": "2026-12-05T17:50:59.824657", "lvl": "results", "msg": {"case": "job", "definition": "lava", "error_msg": "boom", "result": "fail"}}
)";
}  // namespace

TEST_CASE("the console of a lava-run log carries the guest's files", "[mitigation-matrix][lava]") {
    const LavaLog log = parseLavaLog(kLog);
    CHECK(log.console.rfind("hello\x1b[6n\nMATRIX-BEGIN\n", 0) == 0);
    CHECK(log.finished);
    CHECK_FALSE(log.passed);  // LAVA's job health: kept for the record, never the verdict
    CHECK(log.error == "boom");
    CHECK(log.skipped == 1);
    const BootFiles files = parseSerialArchive(log.console);
    REQUIRE(files.find("boot/boot-id"));
    CHECK(*files.find("boot/boot-id") == "hello\n");
}

TEST_CASE("a log cut short has no result and no archive end", "[mitigation-matrix][lava]") {
    const std::string log = kLog;
    const LavaLog cut = parseLavaLog(log.substr(0, log.find("MATRIX-END")));
    CHECK_FALSE(cut.finished);
    CHECK_THROWS_WITH(parseSerialArchive(cut.console), Catch::Contains("stops before MATRIX-END"));
}

TEST_CASE("a server's log lines (YAML list items) read the same", "[mitigation-matrix][lava]") {
    const LavaLog log = parseLavaLog(
        "- {dt: 'x', lvl: target, msg: 'a b'}\n- {dt: 'x', lvl: results, msg: "
        "{definition: lava, case: job, result: pass}}\n");
    CHECK(log.console == "a b\n");
    CHECK(log.passed);
}

TEST_CASE("an over-long log line is skipped, not read", "[mitigation-matrix][lava]") {
    const std::string huge = "{\"lvl\": \"target\", \"msg\": \"" + std::string(kMaxLavaLogLine, 'A') + "\"}\n";
    const LavaLog log = parseLavaLog(huge + "{\"lvl\": \"target\", \"msg\": \"ok\"}\n");
    CHECK(log.console == "ok\n");
    CHECK(log.skipped == 1);
}
