// lava_guest.cpp - the LAVA boot's /init tail and one-archive ramdisk (lava_guest.hpp).
#include "mitigation-matrix/lava_guest.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/temp_dir.hpp"
#include "mitigation-matrix/cpio_writer.hpp"
#include "mitigation-matrix/guest_modules.hpp"
#include "mitigation-matrix/qemu_backend.hpp"

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// CpioWriter's trailer: a 110-byte newc header, "TRAILER!!!\0", padded to 4.
constexpr std::size_t kTrailerBytes = 124;

}  // namespace

std::string lavaInitTail() {
    return R"SH(# /matrix/tail (lava_guest.cpp): sourced by /init after run-config.
# The console is the only port: console loglevel 1 first, so no kernel line
# lands inside a base64 line; then the files between the markers, then the
# shell whose prompt ends LAVA's boot action (nothing powers off: LAVA does).
dmesg -n 1
echo "mitigation-matrix guest: sending the boot's files on the console"
send_files  # /init's (guest_init.cpp)
sync
cd /
export PS1='matrix-guest# '
exec setsid cttyhack sh
)SH";
}

std::string withoutTrailer(const std::string& archive) {
    const std::size_t at = archive.size() >= kTrailerBytes ? archive.size() - kTrailerBytes : std::string::npos;
    if (at == std::string::npos || archive.compare(at, 6, "070701") != 0 ||
        archive.compare(at + 110, 11, std::string("TRAILER!!!\0", 11)) != 0)
        throw Error("the guest's archive does not end with a cpio trailer");
    return archive.substr(0, at);
}

std::string lavaRowRamdisk(const std::string& sharedArchive, const std::string& rowArchiveBytes) {
    CpioWriter tail;  // /matrix exists: the shared archive made it
    tail.file("matrix/backend", "lava\n", false);
    tail.file("matrix/tail", lavaInitTail(), false);
    // newc entries with nlink 1 may share inode numbers across the parts:
    // cpio and the kernel link only entries with nlink > 1.
    return withoutTrailer(sharedArchive) + withoutTrailer(rowArchiveBytes) + tail.finish();
}

std::map<std::string, fs::path> writeRowRamdisks(const MatrixSpec& spec,
                                                 const std::map<std::string, KernelIdentity>& kernels,
                                                 const fs::path& binDir, const fs::path& outDir) {
    std::vector<fs::path> configs;
    for (const auto& row : spec.rows) configs.push_back(row.config);
    TempDir scratch("mitigation-matrix-lava");
    const std::string shared = buildGuestArchive(findGuestPayload(binDir, configs), scratch.path());
    fs::create_directories(outDir);
    std::map<std::string, fs::path> out;
    for (const auto& row : spec.rows) {
        const fs::path file = outDir / (row.name + ".cpio");
        const KernelIdentity& kernel = kernels.at(row.name);
        writeFileAtomically(file, lavaRowRamdisk(shared, rowArchive(row, bootIterations(spec, row), kernel,
                                                                    scratchDiskModules(kernel.image))));
        out[row.name] = file;
    }
    return out;
}

}  // namespace mmtp::matrix
