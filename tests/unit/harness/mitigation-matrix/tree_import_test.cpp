// A boot's files into the tree: iter-N whole, its boot-id, and nothing from
// a boot whose evidence is not what a kernel writes.
#include "mitigation-matrix/tree_import.hpp"
#include "base/errors.hpp"
#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>

namespace fs = std::filesystem;
using namespace mmtp;
using namespace mmtp::matrix;

namespace {
BootFiles bootFiles(const std::string& bootId) {
    return {{{"boot/boot-id", bootId + "\n"},
             {"boot/release", "6.1.0\n"},
             {"boot/cmdline", "console=ttyS0\n"},
             {"boot/vulnerabilities", "/sys/devices/system/cpu/vulnerabilities/retbleed:Vulnerable\n"},
             {"boot/dmesg", "[0.0] hello\n"},
             {"log/r/mmtests-activity", "1 run-mmtests: Start\n2 status :: 0\n"},
             {"log/r/iter-0/tests-timestamp", "start :: 1\n"}}};
}
const MatrixRow kRow{"r", "running", "", "", {}, {}, "config"};
}  // namespace

TEST_CASE("an accepted boot becomes iter-N with its boot-id, whole, once", "[mitigation-matrix]") {
    TempDir dir("matrix-import-test");
    const auto files = bootFiles("0b7c1f2e-5a6d-4c3b-9e8f-112233445566");
    CHECK(evidenceFrom(files).vulnerabilities.at("retbleed") == "Vulnerable");
    importIterations(dir.path(), kRow, 3, 1, files, "row: r\n");
    std::ifstream id(dir.path() / "log/r/iter-3/boot-id");
    std::string line;
    std::getline(id, line);
    CHECK(line == "0b7c1f2e-5a6d-4c3b-9e8f-112233445566");
    CHECK(fs::is_regular_file(dir.path() / "log/r/iter-3/tests-timestamp"));
    CHECK_FALSE(fs::exists(dir.path() / "matrix/staging"));
    CHECK_THROWS_WITH(importIterations(dir.path(), kRow, 3, 1, files, ""), Catch::Contains("exists already"));
}

TEST_CASE("a boot_id with anything but letters, digits and '-' is refused", "[mitigation-matrix]") {
    CHECK_THROWS_WITH(evidenceFrom(bootFiles("x\x1b]0;owned\x07")), Catch::Contains("not a boot_id"));
    CHECK_THROWS_WITH(evidenceFrom(bootFiles("../../x")), Catch::Contains("not a boot_id"));
    auto missing = bootFiles("abc");
    missing.files.erase(missing.files.begin() + 4);
    CHECK_THROWS_WITH(evidenceFrom(missing), "the boot sent no boot/dmesg");
}

TEST_CASE("a boot whose run-config wrote no iter-0 is refused, and nothing reaches the tree", "[mitigation-matrix]") {
    TempDir dir("matrix-import-test");
    auto files = bootFiles("abc");
    files.files.pop_back();
    CHECK_THROWS_WITH(importIterations(dir.path(), kRow, 0, 1, files, ""), Catch::Contains("wrote no log/r/iter-0/"));
    CHECK_FALSE(fs::exists(dir.path() / "log/r/iter-0"));
}

TEST_CASE("run-config's own iter-0/boot-id in the guest is kept when it is the boot's, refused when not",
          "[mitigation-matrix]") {
    TempDir dir("matrix-import-test");
    auto files = bootFiles("0b7c1f2e-5a6d-4c3b-9e8f-112233445566");
    files.files.push_back({"log/r/iter-0/boot-id", "0b7c1f2e-5a6d-4c3b-9e8f-112233445566\n"});
    importIterations(dir.path(), kRow, 0, 1, files, "row: r\n");
    std::ifstream id(dir.path() / "log/r/iter-0/boot-id");
    std::string line;
    std::getline(id, line);
    CHECK(line == "0b7c1f2e-5a6d-4c3b-9e8f-112233445566");
    auto other = bootFiles("0b7c1f2e-5a6d-4c3b-9e8f-112233445566");
    other.files.push_back({"log/r/iter-0/boot-id", "99999999-5a6d-4c3b-9e8f-112233445566\n"});
    CHECK_THROWS_WITH(importIterations(dir.path(), kRow, 1, 1, other, ""), Catch::Contains("another boot-id"));
    CHECK_FALSE(fs::exists(dir.path() / "log/r/iter-1"));
}

TEST_CASE("a failure while the row's activity is rewritten leaves no iter-N, so the row is not wedged",
          "[mitigation-matrix]") {
    // The activity was rewritten after the rename: iter-N stayed for a boot
    // the state called failed, and every later boot of the row failed on
    // "iter-N exists already". Now the rename is the last step.
    TempDir dir("matrix-import-test");
    const auto files = bootFiles("0b7c1f2e-5a6d-4c3b-9e8f-112233445566");
    fs::create_directories(dir.path() / "log/r/mmtests-activity");  // the rewrite fails (as on a full disk)
    CHECK_THROWS_WITH(importIterations(dir.path(), kRow, 0, 1, files, "row: r\n"),
                      Catch::Contains("mmtests-activity is not a regular file"));
    CHECK_FALSE(fs::exists(dir.path() / "log/r/iter-0"));  // the state's "failed" and the tree agree
    fs::remove(dir.path() / "log/r/mmtests-activity");
    importIterations(dir.path(), kRow, 0, 1, files, "row: r\n");  // the row's next boot takes iter-0
    CHECK(fs::is_regular_file(dir.path() / "log/r/iter-0/matrix-boot.txt"));
    std::ifstream activity(dir.path() / "log/r/mmtests-activity");
    std::string first, second;
    std::getline(activity, first);
    std::getline(activity, second);
    CHECK(first == "1 run-mmtests: Start");
    CHECK(second.find(" status :: ") != std::string::npos);  // this boot's, once
}
