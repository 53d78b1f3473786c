// mounts.hpp - what /proc/self/mountinfo says about a path or a device:
// the filesystem type (for "ramfs refuses O_DIRECT") and whether a block
// device (or one of its partitions) is mounted.
#pragma once
#include <optional>
#include <string>
#include <sys/types.h>

namespace mmtp::fiolike {

struct MountInfo {
    std::string mountPoint;
    std::string fsType;
    std::string source;
};

// The mount whose device is the one holding `path` (st_dev match, longest
// mount point when several share it).
std::optional<MountInfo> mountOf(const std::string& path);
// The first mount of block device `rdev` or of a partition on it.
std::optional<MountInfo> mountOfBlockDevice(dev_t rdev);
// "ext4 filesystem at /tmp" or "filesystem at /tmp" when unknown.
std::string describeFilesystem(const std::string& path);

}  // namespace mmtp::fiolike
