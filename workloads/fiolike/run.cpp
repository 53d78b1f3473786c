// run.cpp - the whole run: files first (laid out before any clock
// starts), then numjobs threads released together; the process CPU window
// opens when every job has finished its ramp and closes when all are done.
// Progress lines (layout, ramp) go out before the threads start, never
// while a job measures.
#include "base/clock.hpp"
#include "base/errors.hpp"
#include "common/signals.hpp"
#include "common/temp_dir.hpp"
#include "fiolike/job_runner.hpp"
#include "fiolike/run.hpp"
#include "fiolike/stop_flag.hpp"
#include "fiolike/target_file.hpp"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <latch>
#include <memory>
#include <optional>
#include <ostream>
#include <sys/resource.h>
#include <system_error>
#include <thread>

namespace mmtp::fiolike {

namespace {

uint64_t usOf(const timeval& t) { return static_cast<uint64_t>(t.tv_sec) * 1000000u + static_cast<uint64_t>(t.tv_usec); }

struct MeasuringLatch {
    std::latch started;
    explicit MeasuringLatch(unsigned n) : started(n) {}
};

void countDown(void* ctx) { static_cast<MeasuringLatch*>(ctx)->started.count_down(); }

std::string mib(uint64_t bytes) { return std::to_string(bytes >> 20); }

// "job NAME: laying out FILE: X/Y MiB" when a file's layout starts, every
// couple of seconds while it runs, and when it is done.
class LayoutProgress {
public:
    LayoutProgress(std::ostream& out, const std::string& job, const std::string& path)
        : out_(out), prefix_("job " + job + ": laying out " + path + ": ") {}
    void operator()(uint64_t done, uint64_t total) {
        const uint64_t now = monotonicNs();
        if (done < total && lastNs_ != 0 && now - lastNs_ < kEveryNs) return;
        if (lastNs_ == 0 && done < total) print(0, total);  // the first chunk: say it started
        else print(done, total);
        lastNs_ = now;
    }

private:
    static constexpr uint64_t kEveryNs = 2'000'000'000u;
    void print(uint64_t done, uint64_t total) {
        out_ << prefix_ << mib(done) << "/" << mib(total) << " MiB" << std::endl;
    }
    std::ostream& out_;
    std::string prefix_;
    uint64_t lastNs_ = 0;
};

std::string seconds(uint64_t ns) { return std::to_string((ns + 500'000'000u) / 1'000'000'000u) + "s"; }

// What happens once the threads start: "ramping 5s, then measuring 30s".
std::string measuringPlan(const JobSpec& spec) {
    std::string plan = "job " + spec.name + ": ";
    if (spec.rampNs > 0) plan += "ramping " + seconds(spec.rampNs) + ", then ";
    plan += "measuring ";
    if (spec.timeBased) plan += seconds(spec.runtimeNs);
    else if (spec.runtimeNs > 0) plan += mib(spec.size) + " MiB per job or " + seconds(spec.runtimeNs);
    else plan += mib(spec.size) + " MiB per job";
    return plan;
}

}  // namespace

RunResult runAll(const JobSpec& spec, std::ostream* progress) {
    std::optional<TempDir> scratch;  // /tmp/fiolike-PID-XXXXXX
    std::string dir = spec.directory;
    if (spec.filename.empty() && dir.empty()) {
        scratch.emplace("fiolike", "/tmp");
        dir = scratch->path().string();
    }
    const bool writes = spec.readPercent() < 100;
    // What the layouts will write, checked against free space before any starts.
    const auto pathOf = [&](unsigned j) {
        return spec.filename.empty() ? dir + "/" + spec.name + "." + std::to_string(j) + ".0" : spec.filename;
    };
    uint64_t layoutNeed = 0;
    for (unsigned j = 0; j < (spec.filename.empty() ? spec.numjobs : 1u); ++j)
        layoutNeed = std::min(UINT64_MAX - layoutNeed, layoutBytesNeeded(pathOf(j), spec.size)) + layoutNeed;
    if (layoutNeed) requireFreeSpace(pathOf(0), layoutNeed);
    std::vector<std::unique_ptr<TargetFile>> files;
    std::vector<JobTarget> targets;
    for (unsigned j = 0; j < spec.numjobs; ++j) {
        if (!spec.filename.empty() && j > 0) {
            targets.push_back(targets.front());
            continue;
        }
        TargetRequest req;
        // fio's file name for a job: NAME.JOBINDEX.FILEINDEX
        req.path = pathOf(j);
        req.size = spec.size;
        req.bs = spec.bs;
        req.direct = spec.direct;
        req.writes = writes;
        req.logdir = spec.logdir;
        LayoutProgressFn onLayout;
        if (progress) onLayout = LayoutProgress(*progress, spec.name, req.path);
        files.push_back(std::make_unique<TargetFile>(req, onLayout));
        targets.push_back({files.back()->fd(), files.back()->size(), files.back()->path(), spec.direct});
    }

    RunResult res;
    for (auto& f : files) res.files.push_back(f->path());
    DiskUtilProbe disk(files.front()->device());
    disk.start();

    if (progress) *progress << measuringPlan(spec) << std::endl;
    MeasuringLatch latch(spec.numjobs);
    std::vector<JobStats> stats(spec.numjobs);
    std::vector<std::exception_ptr> errors(spec.numjobs);
    std::vector<std::thread> threads;
    threads.reserve(spec.numjobs);
    // A job thread that cannot start (EAGAIN: RLIMIT_NPROC, threads-max, a
    // pids cgroup) stops the jobs already running and ends the run with one
    // line; the files are removed on the way out.
    const auto stopStarted = [&](const std::system_error& e, unsigned j) {
        requestStop();
        for (auto& t : threads) t.join();
        throw Error("cannot start the thread of job " + std::to_string(j + 1) + " of " +
                    std::to_string(spec.numjobs) + ": " + e.code().message() + " (fewer --numjobs, or raise ulimit -u)");
    };
    for (unsigned j = 0; j < spec.numjobs; ++j) try {
        threads.emplace_back([&, j] {
            bool counted = false;
            auto onMeasuring = [](void* c) {
                auto* p = static_cast<std::pair<MeasuringLatch*, bool*>*>(c);
                *p->second = true;
                countDown(p->first);
            };
            std::pair<MeasuringLatch*, bool*> ctx{&latch, &counted};
            try {
                stats[j] = runJob(spec, targets[j], j, onMeasuring, &ctx);
            } catch (...) {
                errors[j] = std::current_exception();
                requestStop();  // the other jobs drain and stop
            }
            if (!counted) latch.started.count_down();
        });
    } catch (const std::system_error& e) {
        stopStarted(e, j);
    }
    latch.started.wait();
    rusage ruStart{};
    getrusage(RUSAGE_SELF, &ruStart);
    for (auto& t : threads) t.join();
    rusage ruEnd{};
    getrusage(RUSAGE_SELF, &ruEnd);

    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
    throwIfInterrupted();  // "interrupted by SIGHUP, cleaned up", as every workload says it

    res.disk = disk.finish();
    res.processUsrUs = usOf(ruEnd.ru_utime) - usOf(ruStart.ru_utime);
    res.processSysUs = usOf(ruEnd.ru_stime) - usOf(ruStart.ru_stime);
    res.processCpuUs = res.processUsrUs + res.processSysUs;
    res.jobs = std::move(stats);
    for (const auto& s : res.jobs) res.group.merge(s);
    return res;
}

}  // namespace mmtp::fiolike
