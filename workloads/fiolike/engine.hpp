// engine.hpp - the IO engine seam, modelled on fio's struct ioengine_ops:
// queue() one unit, commit() what was queued, getEvents() to reap. A sync
// engine (psync) completes the unit inside queue(); an async engine
// (io_uring) only prepares it. The job loop never asks which engine it runs.
// Engines are registered in one table (engines.cpp).
#pragma once
#include "fiolike/fio_stats.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace mmtp::fiolike {

struct IoUnit {
    char* buf = nullptr;
    uint64_t offset = 0;
    uint32_t len = 0;
    Dir dir = kRead;
    int64_t result = 0;      // bytes done, or -errno
    uint64_t startNs = 0;    // prepared (fio's start_time)
    uint64_t issueNs = 0;    // handed to the kernel (fio's issue_time)
};

class IoEngine {
public:
    virtual ~IoEngine() = default;
    // Returns true if the unit completed synchronously (result is set).
    virtual bool queue(IoUnit& u) = 0;
    // Hands queued units to the kernel; returns how many. Throws on failure.
    virtual unsigned commit() = 0;
    // Waits for at least minEvents completions (0: don't wait) and stores up
    // to out.size() completed units. Returns 0 early if interrupted by a signal.
    virtual unsigned getEvents(unsigned minEvents, std::span<IoUnit*> out) = 0;
};

struct EngineInfo {
    const char* name;
    bool sync;  // completes in queue(); depth is always 1
    std::unique_ptr<IoEngine> (*create)(int fd, unsigned depth);
};

const EngineInfo* findEngine(std::string_view name);
std::string engineNames();  // "psync, io_uring"

std::unique_ptr<IoEngine> createPsyncEngine(int fd, unsigned depth);
std::unique_ptr<IoEngine> createIoUringEngine(int fd, unsigned depth);

}  // namespace mmtp::fiolike
