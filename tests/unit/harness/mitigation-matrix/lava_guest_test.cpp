// A LAVA boot's ramdisk is one cpio archive (LAVA's unpacking stops at the
// first trailer) and its /init tail ends at the jobs' prompt, not poweroff.
#include "mitigation-matrix/lava_guest.hpp"
#include "mitigation-matrix/guest_image.hpp"

#include "base/errors.hpp"
#include "mitigation-matrix/cpio_writer.hpp"

#include <catch2/catch.hpp>

using namespace mmtp;
using namespace mmtp::matrix;

namespace {
std::string archiveOf(const std::string& path, const std::string& bytes) {
    CpioWriter cpio;
    cpio.file(path, bytes, false);
    return cpio.finish();
}
}  // namespace

TEST_CASE("a row's LAVA ramdisk merges the parts under one trailer", "[mitigation-matrix][lava]") {
    const std::string shared = archiveOf("init", "#!/bin/sh\n"), row = archiveOf("matrix/row", "off\n");
    const std::string merged = lavaRowRamdisk(shared, row);
    CHECK(merged.find("TRAILER!!!") == merged.rfind("TRAILER!!!"));
    CHECK(merged.substr(0, shared.size() - 124) == shared.substr(0, shared.size() - 124));
    CHECK(merged.find(std::string("matrix/row\0", 11)) != std::string::npos);
    CHECK(merged.find(std::string("matrix/backend\0", 15)) != std::string::npos);
    CHECK(merged.find(lavaInitTail()) != std::string::npos);
    CHECK(merged.size() % 4 == 0);
}

TEST_CASE("an archive without CpioWriter's trailer is refused", "[mitigation-matrix][lava]") {
    CHECK_THROWS_AS(withoutTrailer("070701"), Error);
    CHECK_THROWS_AS(withoutTrailer(std::string(200, 'x')), Error);
    CHECK(withoutTrailer(CpioWriter().finish()).empty());
}

TEST_CASE("the LAVA tail sends the files on the console and ends at the prompt", "[mitigation-matrix][lava]") {
    const std::string tail = lavaInitTail();
    // /init's send_files, on the console (stdout), not on ttyS1.
    CHECK(tail.find("\nsend_files  #") != std::string::npos);
    CHECK(tail.find("/dev/ttyS1") == std::string::npos);
    CHECK(tail.find("poweroff") == std::string::npos);
    CHECK(tail.find("dmesg -n 1") < tail.find("send_files"));
    const std::string init = guestInitScript();
    CHECK(init.find("send_files() {\n\techo MATRIX-BEGIN") < init.find(". /matrix/tail"));
    CHECK(tail.find(std::string("PS1='") + kLavaPrompt + "'") != std::string::npos);
}
