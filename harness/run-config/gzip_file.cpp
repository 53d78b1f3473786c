#include "run-config/gzip_file.hpp"

#include "base/errors.hpp"
#include "common/child_process.hpp"

#include <algorithm>
#include <sys/statvfs.h>

namespace mmtp::runconfig {

namespace {

// A full disk makes gzip fail: say so, rather than only that gzip failed.
// (gzip removes its partial .gz, so the space it had is free again: less
// room than the file itself, or 64 KiB, counts as full.)
bool noSpaceLeft(const std::filesystem::path& file, const std::filesystem::path& dir) {
    struct statvfs fs {};
    if (::statvfs(dir.c_str(), &fs) != 0) return false;
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    const std::uintmax_t wanted = std::max<std::uintmax_t>(ec ? 0 : size, 64 * 1024);
    return static_cast<std::uintmax_t>(fs.f_bavail) * fs.f_frsize < wanted;
}

}  // namespace

void gzipFile(const std::filesystem::path& file) {
    SpawnOptions o;
    o.argv = {"gzip", "-f", file.string()};
    o.stdinPath = "/dev/null";
    ExitStatus st = ChildProcess::spawn(o).wait();
    if (st.success()) return;
    const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
    if (noSpaceLeft(file, dir))
        throw Error("cannot compress " + file.string() + ": no space left on the file system of " + dir.string() +
                    " (gzip -f " + st.describe() + ")");
    throw Error("gzip -f " + file.string() + " " + st.describe());
}

}  // namespace mmtp::runconfig
