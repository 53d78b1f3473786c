// job_runner.hpp - one job's measured loop (runJob); run.hpp runs them all.
#pragma once
#include "fiolike/fio_stats.hpp"
#include "fiolike/settings.hpp"

#include <optional>
#include <ostream>
#include <vector>

namespace mmtp::fiolike {

struct JobTarget {
    int fd = -1;
    uint64_t size = 0;      // bytes of the file the job addresses
    std::string path;
    bool direct = false;
};

// Runs one job to completion on the calling thread (the measured loop).
// onMeasuring() is called once when the ramp is over (or at once). Throws
// Error on an IO error or a short read/write, after draining in-flight IO.
JobStats runJob(const JobSpec& spec, const JobTarget& target, unsigned jobIndex,
                void (*onMeasuring)(void*), void* ctx);

}  // namespace mmtp::fiolike
