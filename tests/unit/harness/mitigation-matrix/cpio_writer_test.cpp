// The guest's initramfs format: newc headers, names and data padded to 4.
#include "mitigation-matrix/cpio_writer.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::matrix;

TEST_CASE("a newc entry is its 110-byte header, the name, the data, each padded to 4 bytes", "[mitigation-matrix]") {
    CpioWriter cpio;
    cpio.file("init", "echo\n", true);
    const std::string a = cpio.finish();
    // magic, ino 1, mode 0100755, uid, gid, nlink 1, mtime, size 5, 4 dev fields, namesize 5, check
    CHECK(a.substr(0, 110) ==
          "070701"
          "00000001"
          "000081ED"
          "00000000"
          "00000000"
          "00000001"
          "00000000"
          "00000005"
          "00000000"
          "00000000"
          "00000000"
          "00000000"
          "00000005"
          "00000000");
    CHECK(a.substr(110, 6) == std::string("init\0\0", 6));  // 110 + 5 -> 116
    CHECK(a.substr(116, 8) == std::string("echo\n\0\0\0", 8));  // 5 -> 8
    CHECK(a.find("TRAILER!!!") == 124 + 110);
    CHECK(a.size() % 4 == 0);
}
