// job_runner.hpp - one job's measured loop (runJob) and the whole run:
// open/lay out the files, start numjobs threads together, collect their
// fio-style statistics plus the process-wide CPU time of the measured window.
#pragma once
#include "fiolike/disk_util.hpp"
#include "fiolike/fio_stats.hpp"
#include "fiolike/job_spec.hpp"

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

struct RunResult {
    std::vector<JobStats> jobs;
    JobStats group;  // fio's group_reporting sum
    std::optional<DiskUtil> disk;
    uint64_t processCpuUs = 0;  // RUSAGE_SELF usr+sys over the measured window
    uint64_t processUsrUs = 0, processSysUs = 0;
    std::vector<std::string> files;
};

// progress: where layout and ramp lines go (nullptr: nowhere).
RunResult runAll(const JobSpec& spec, std::ostream* progress = nullptr);

}  // namespace mmtp::fiolike
