// What a boot sends back: decoded, bounded, and names that cannot leave the tree.
#include "mitigation-matrix/boot_files.hpp"
#include "base/errors.hpp"
#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

namespace {
// A data port file of one file, `lines` base64 lines of 76 characters.
std::filesystem::path writeStream(const std::filesystem::path& file, std::size_t lines) {
    std::ofstream out(file, std::ios::binary);
    out << "console noise\nMATRIX-BEGIN\nF log/r/iter-0/big\n";
    const std::string line(76, 'Q');
    for (std::size_t i = 0; i < lines; ++i) out << line << '\n';
    out << "E\nMATRIX-END\n";
    return file;
}

long residentKiB() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * (::sysconf(_SC_PAGESIZE) / 1024);
}
}  // namespace

TEST_CASE("the data port is parsed as it is read: the peak is the files, not the bound", "[mitigation-matrix]") {
    // The reader allocated and zero-filled its whole limit (342 MiB) per
    // boot; a 30 MiB stream peaked at 554 MiB. Measured in a child, whose
    // peak (wait4's ru_maxrss) starts at what it inherits.
    mmtp::TempDir dir("boot-files-test");
    const auto file = writeStream(dir.path() / "data", (30u << 20) / 77);  // 30 MiB: 22.5 MiB decoded
    const long before = residentKiB();
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        try {
            const BootFiles f = readSerialArchive(file);
            ::_exit(f.files.size() == 1 && f.files[0].bytes.size() == (30u << 20) / 77 * 57 ? 0 : 2);
        } catch (...) {
            ::_exit(3);
        }
    }
    int status = 0;
    struct rusage usage {};
    REQUIRE(::wait4(child, &status, 0, &usage) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    const long grewMiB = (usage.ru_maxrss - before) / 1024;
    INFO("the child's peak grew by " << grewMiB << " MiB over " << before / 1024 << " MiB");
    CHECK(grewMiB < 32);  // 22.2 MiB decoded, each file made its size at once; never the stream or its bound
}

TEST_CASE("the data port file must be a regular file, and its bound holds as it is read", "[mitigation-matrix]") {
    mmtp::TempDir dir("boot-files-test");
    std::filesystem::create_symlink(writeStream(dir.path() / "data", 1), dir.path() / "link");
    CHECK(readSerialArchive(dir.path() / "data").files.size() == 1);
    CHECK_THROWS_WITH(readSerialArchive(dir.path() / "link"), Catch::Contains("cannot be read"));
    REQUIRE(::mkfifo((dir.path() / "fifo").c_str(), 0600) == 0);
    CHECK_THROWS_WITH(readSerialArchive(dir.path() / "fifo"), Catch::Contains("is not a regular file"));
    std::ofstream(dir.path() / "long") << "MATRIX-BEGIN\n" << std::string(kMaxSerialLineBytes + 1, 'x') << "\n";
    CHECK_THROWS_WITH(readSerialArchive(dir.path() / "long"), Catch::Contains("a line longer than 1 MiB"));
}
