#include "fiolike/target_file.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"
#include "common/signals.hpp"
#include "fiolike/mounts.hpp"
#include "fiolike/offsets.hpp"
#include "fiolike/stop_flag.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <linux/fs.h>
#include <memory>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace mmtp::fiolike {

namespace {

std::string dirOf(const std::string& path) {
    auto p = std::filesystem::path(path).parent_path();
    return p.empty() ? "." : p.string();
}

std::string mib(uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// An existing regular file is not ours: it may hold results (fio.log) or
// anyone's data. A job may read it, as fio does, but never write or lay it
// out, and never use a file in the log directory at all. (An unmounted block
// device is the way to write to storage that already exists.)
void refuseForeignFile(const TargetRequest& req, const struct stat& st) {
    struct stat logdir {};
    struct stat parent {};
    if (!req.logdir.empty() && ::stat(req.logdir.c_str(), &logdir) == 0 && ::stat(dirOf(req.path).c_str(), &parent) == 0 &&
        logdir.st_dev == parent.st_dev && logdir.st_ino == parent.st_ino)
        throw UsageError("--filename: " + req.path + " is in the log directory " + req.logdir +
                         "; refusing to do IO on a log (give a new file name or another directory)");
    const bool grows = static_cast<uint64_t>(st.st_size) < req.size;
    if (req.writes || grows)
        throw UsageError("--filename: " + req.path + " exists and fiolike did not create it; refusing to " +
                         (req.writes ? "write to it" : "lay it out to " + mib(req.size)) +
                         " (remove it, name a file that does not exist: fiolike creates and removes it, "
                         "or use an unmounted block device)");
}

}  // namespace

uint64_t layoutBytesNeeded(const std::string& path, uint64_t size) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return size;
    if (!S_ISREG(st.st_mode)) return 0;
    const auto have = static_cast<uint64_t>(st.st_size);
    return have < size ? size - have : 0;
}

void requireFreeSpace(const std::string& file, uint64_t bytes) {
    const std::string dir = dirOf(file);
    struct statvfs vfs {};
    if (::statvfs(dir.c_str(), &vfs) != 0) throw Error(errnoMessage("statvfs " + dir));
    if (vfs.f_blocks == 0) return;  // no size accounting (ramfs): nothing to check against
    const uint64_t unit = vfs.f_frsize ? vfs.f_frsize : vfs.f_bsize;
    const uint64_t blocks = static_cast<uint64_t>(vfs.f_bavail);
    const uint64_t free = blocks > UINT64_MAX / unit ? UINT64_MAX : blocks * unit;
    if (bytes > free)
        throw Error("--size: laying out the job files needs " + mib(bytes) + " more on the " +
                    describeFilesystem(dir) + ", which has " + mib(free) +
                    " free; reduce --size (FIO_SIZE) or --numjobs, or free space");
}

TargetFile::TargetFile(const TargetRequest& req, const LayoutProgressFn& onLayout) : path_(req.path) {
    struct stat st {};
    const bool exists = ::stat(path_.c_str(), &st) == 0;
    const bool blockDev = exists && S_ISBLK(st.st_mode);
    if (exists && !blockDev && !S_ISREG(st.st_mode))
        throw UsageError("--filename: " + path_ + " is neither a regular file nor a block device");
    if (exists && S_ISREG(st.st_mode)) refuseForeignFile(req, st);
    if (blockDev) {
        if (auto m = mountOfBlockDevice(st.st_rdev))
            throw Error(path_ + " is mounted (" + m->source + " on " + m->mountPoint + ", " + m->fsType +
                        "); fiolike only does IO on an unmounted block device: unmount it or use a file");
    }

    int flags = (req.writes ? O_RDWR : O_RDONLY) | O_CLOEXEC;
    if (req.direct) flags |= O_DIRECT;
    if (!exists) flags |= O_CREAT | O_EXCL | O_RDWR;
    created_ = !exists;
    fd_ = ::open(path_.c_str(), flags, 0644);
    if (fd_ < 0) {
        const int err = errno;
        if (created_) ::unlink(path_.c_str());  // open(O_CREAT|O_DIRECT) creates before refusing
        if (req.direct && err == EINVAL)
            throw UnsupportedError("direct=1: the " + describeFilesystem(dirOf(path_)) +
                                   " refuses O_DIRECT (open " + path_ + ": " + std::strerror(err) +
                                   "); run with --direct=0 (FIO_DIRECT=0) or use another directory");
        throw Error("open " + path_ + ": " + std::strerror(err));
    }

    try {
        finishOpen(req, st, blockDev, onLayout);
    } catch (...) {
        cleanup();  // a throwing constructor runs no destructor
        throw;
    }
}

void TargetFile::finishOpen(const TargetRequest& req, const struct stat& st, bool blockDev,
                            const LayoutProgressFn& onLayout) {
    if (blockDev) {
        uint64_t devSize = 0;
        if (::ioctl(fd_, BLKGETSIZE64, &devSize) != 0) throw Error(errnoMessage("BLKGETSIZE64 " + path_));
        size_ = std::min(req.size, devSize);
        size_ -= size_ % req.bs;
        if (size_ == 0) throw Error(path_ + ": device is smaller than bs");
        device_ = st.st_rdev;
        return;
    }

    struct stat fst {};
    if (::fstat(fd_, &fst) != 0) throw Error(errnoMessage("fstat " + path_));
    device_ = fst.st_dev;
    size_ = req.size;
    if (static_cast<uint64_t>(fst.st_size) < req.size) layOut(static_cast<uint64_t>(fst.st_size), req.size, onLayout);
    // fio's invalidate=1: start from a cold page cache for this file.
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_DONTNEED);
}

void TargetFile::layOut(uint64_t from, uint64_t to, const LayoutProgressFn& onLayout) {
    UniqueFd w(::open(path_.c_str(), O_WRONLY | O_CLOEXEC));
    if (!w) throw Error(errnoMessage("open " + path_ + " to lay it out"));
    constexpr std::size_t kChunk = 1 << 20;
    std::unique_ptr<uint64_t[]> buf(new uint64_t[kChunk / 8]);
    Rng rng(0x6c62272e07bb0142ULL);
    for (std::size_t i = 0; i < kChunk / 8; ++i) buf[i] = rng.next();  // incompressible, as fio
    uint64_t off = from;
    while (off < to) {
        throwIfInterrupted();
        if (stopRequested()) throw Error("interrupted while laying out " + path_, kExitInterrupted);
        const std::size_t n = static_cast<std::size_t>(std::min<uint64_t>(kChunk, to - off));
        const ssize_t r = ::pwrite(w.get(), buf.get(), n, static_cast<off_t>(off));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && (errno == ENOSPC || errno == EDQUOT)) {
            const int err = errno;
            throw Error(std::string(std::strerror(err)) + " while laying out " + path_ + " on the " +
                        describeFilesystem(dirOf(path_)) + ": wrote " + mib(off - from) + " of " +
                        mib(to - from) + "; reduce --size (FIO_SIZE) or free space");
        }
        if (r < 0) throw Error(errnoMessage("laying out " + path_));
        off += static_cast<uint64_t>(r);
        if (onLayout) onLayout(off - from, to - from);
    }
    if (::fsync(w.get()) != 0) {
        const int err = errno;
        throw Error("fsync " + path_ + " after laying it out: " + std::strerror(err) +
                    (err == ENOSPC ? " (reduce --size or free space)" : ""));
    }
}

void TargetFile::cleanup() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (created_) ::unlink(path_.c_str());
    created_ = false;
}

TargetFile::~TargetFile() { cleanup(); }

}  // namespace mmtp::fiolike
