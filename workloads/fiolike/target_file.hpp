// target_file.hpp - the file (or block device) a job does IO on, as an RAII
// owner: opening creates and lays out a regular file when needed, and the
// destructor closes it and removes what we created. Every refusal is an
// exception whose message says what to change:
//   O_DIRECT refused  -> names the filesystem, suggests direct=0
//   ENOSPC on layout  -> names the filesystem and how far we got
//   mounted device    -> names the mount point
//   an existing regular file we did not create -> only read, never written
//     or laid out (it may be someone's results); none in the log directory
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>

namespace mmtp::fiolike {

struct TargetRequest {
    std::string path;
    uint64_t size = 0;  // bytes wanted (a multiple of bs)
    uint64_t bs = 4096;
    bool direct = false;
    bool writes = false;
    std::string logdir = {};  // never a job file in it
};

// Called after each chunk laid out (bytes written so far, bytes to write),
// so a long layout can say how far it is.
using LayoutProgressFn = std::function<void(uint64_t, uint64_t)>;

// Bytes a layout of `path` to `size` would still write: 0 for a block
// device or a file already that large.
uint64_t layoutBytesNeeded(const std::string& path, uint64_t size);
// Before any layout: throws Error naming --size when `bytes` more would not
// fit in the free space (statvfs f_bavail) of the filesystem that would hold
// `file`, so an impossible size never starts filling a filesystem.
void requireFreeSpace(const std::string& file, uint64_t bytes);

class TargetFile {
public:
    explicit TargetFile(const TargetRequest& req, const LayoutProgressFn& onLayout = {});
    ~TargetFile();
    TargetFile(const TargetFile&) = delete;
    TargetFile& operator=(const TargetFile&) = delete;

    int fd() const { return fd_; }
    const std::string& path() const { return path_; }
    uint64_t size() const { return size_; }  // usable bytes, multiple of bs
    bool created() const { return created_; }
    dev_t device() const { return device_; }  // for disk util

private:
    void finishOpen(const TargetRequest& req, const struct stat& st, bool blockDev, const LayoutProgressFn& onLayout);
    void layOut(uint64_t from, uint64_t to, const LayoutProgressFn& onLayout);
    void cleanup() noexcept;

    std::string path_;
    int fd_ = -1;
    uint64_t size_ = 0;
    bool created_ = false;
    dev_t device_ = 0;
};

}  // namespace mmtp::fiolike
