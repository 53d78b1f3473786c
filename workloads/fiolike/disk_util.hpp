// disk_util.hpp - fio's terse disk-util tail (name;read_ios;write_ios;
// read_merges;write_merges;read_ticks;write_ticks;in_queue;util%) from
// /sys/block/<disk>/stat deltas over the run. Devices without a sysfs block
// entry (tmpfs, ramfs) give none, as in fio.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>

namespace mmtp::fiolike {

struct DiskCounters {
    uint64_t ios[2] = {0, 0}, merges[2] = {0, 0}, ticks[2] = {0, 0};
    uint64_t ioTicks = 0, timeInQueue = 0;
};

struct DiskUtil {
    std::string name;
    DiskCounters delta;
    uint64_t msec = 0;
    double utilPct() const;
};

class DiskUtilProbe {
public:
    explicit DiskUtilProbe(dev_t dev);  // silently inactive when unknown
    void start();
    std::optional<DiskUtil> finish() const;

private:
    std::optional<DiskCounters> read() const;
    std::string name_, statPath_;
    DiskCounters start_;
    uint64_t startNs_ = 0;
    bool started_ = false;
};

}  // namespace mmtp::fiolike
