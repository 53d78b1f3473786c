#include "fiolike/job_runner.hpp"

#include "base/clock.hpp"
#include "base/errors.hpp"
#include "fiolike/engine.hpp"
#include "fiolike/offsets.hpp"
#include "fiolike/stop_flag.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sys/resource.h>

namespace mmtp::fiolike {

namespace {

constexpr uint64_t kBwAvgNs = 500'000'000;  // fio's bw_avg_time=500ms
constexpr uint64_t kLogSlackNs = 1'000'000; // LOG_MSEC_SLACK

struct FreeDeleter {
    void operator()(char* p) const { std::free(p); }
};

// fio's mtime_since_tv: whole ms, usec part truncated.
uint64_t msSince(const timeval& s, const timeval& e) {
    int64_t sec = e.tv_sec - s.tv_sec, usec = e.tv_usec - s.tv_usec;
    if (sec > 0 && usec < 0) {
        --sec;
        usec += 1000000;
    }
    const int64_t ms = sec * 1000 + usec / 1000;
    return ms > 0 ? static_cast<uint64_t>(ms) : 0;
}
uint64_t usOf(const timeval& t) { return static_cast<uint64_t>(t.tv_sec) * 1000000u + static_cast<uint64_t>(t.tv_usec); }

class JobLoop {
public:
    JobLoop(const JobSpec& spec, const JobTarget& target, unsigned jobIndex)
        : spec_(spec), target_(target), info_(*findEngine(spec.ioengine)),
          depth_(info_.sync ? 1 : spec.iodepth),
          gen_(target.size / spec.bs, spec.isRandom(), spec.randommap, spec.readPercent(),
               spec.seed + 0x9e3779b97f4a7c15ULL * jobIndex) {
        const std::size_t align = 4096;
        const std::size_t bytes = ((depth_ * spec.bs + align - 1) / align) * align;
        buffers_.reset(static_cast<char*>(std::aligned_alloc(align, bytes)));
        if (!buffers_) throw Error("cannot allocate " + std::to_string(bytes) + " bytes of IO buffers");
        Rng rng(spec.seed ^ jobIndex);
        for (std::size_t i = 0; i + 8 <= bytes; i += 8) {
            const uint64_t v = rng.next();
            std::memcpy(buffers_.get() + i, &v, 8);
        }
        units_.resize(depth_);
        freeList_.resize(depth_);
        events_.resize(depth_);
        pending_.resize(depth_);
        for (unsigned i = 0; i < depth_; ++i) {
            units_[i].buf = buffers_.get() + static_cast<std::size_t>(i) * spec.bs;
            units_[i].len = static_cast<uint32_t>(spec.bs);
            freeList_[i] = &units_[i];
        }
        nfree_ = depth_;
        engine_ = info_.create(target.fd, depth_);
    }

    JobStats run(void (*onMeasuring)(void*), void* ctx) {
        now_ = monotonicNs();
        const uint64_t rampEnd = now_ + spec_.rampNs;
        ramping_ = spec_.rampNs > 0;
        if (!ramping_) startMeasuring(now_, onMeasuring, ctx);
        for (;;) {
            if (ramping_ && now_ >= rampEnd) {
                ramping_ = false;
                issued_ = 0;
                startMeasuring(now_, onMeasuring, ctx);
            }
            const bool issuing = mayIssue();
            if (!issuing && inflight_ == 0) break;
            if (issuing) issueUpToDepth();
            // Reap when the queue is full, or while draining (fio's do_io).
            if (inflight_ && (inflight_ >= depth_ || !issuing || !wantsMoreIos())) reap();
            else if (inflight_) now_ = monotonicNs();
        }
        if (!error_.empty()) throw Error(error_);
        finish(now_);
        return stats_;
    }

private:
    // The ramp is not bounded by size; measured IOs stop at size (fio's
    // io_size defaults to size) unless time_based.
    bool wantsMoreIos() const { return ramping_ || spec_.timeBased || issued_ < target_.size; }

    bool mayIssue() const {
        return error_.empty() && !stopRequested() && (ramping_ || (now_ < runEnd_ && wantsMoreIos()));
    }

    // Queues IOs until the depth is reached or an engine completes one
    // synchronously (the clock is read again before the next).
    void issueUpToDepth() {
        unsigned queued = 0;
        while (inflight_ < depth_ && wantsMoreIos()) {
            IoUnit& u = nextUnit();
            if (engine_->queue(u)) {
                completeSynchronously(u);
                break;
            }
            ++inflight_;
            if (measuring_) stats_.markDepth(inflight_);
            pending_[queued++] = &u;
            if (queued >= batch_) {
                commit(queued);
                queued = 0;
            }
        }
        if (queued) commit(queued);
    }

    // A free unit, pointed at the next block.
    IoUnit& nextUnit() {
        IoUnit& u = *freeList_[--nfree_];
        u.dir = gen_.nextDir();
        u.offset = gen_.nextBlock(u.dir) * spec_.bs;
        u.startNs = now_;
        issued_ += spec_.bs;
        return u;
    }

    void completeSynchronously(IoUnit& u) {
        now_ = monotonicNs();
        if (measuring_) stats_.markDepth(1);
        complete(u, now_);
        freeList_[nfree_++] = &u;
    }

    // Waits for at least one completion and takes every one the engine has.
    void reap() {
        const unsigned n = engine_->getEvents(1, events_);
        now_ = monotonicNs();
        for (unsigned i = 0; i < n; ++i) {
            complete(*events_[i], now_);
            freeList_[nfree_++] = events_[i];
        }
        inflight_ -= n;
    }

    void commit(unsigned queued) {
        engine_->commit();
        const uint64_t t = monotonicNs();
        for (unsigned i = 0; i < queued; ++i) pending_[i]->issueNs = t;
    }

    void startMeasuring(uint64_t now, void (*onMeasuring)(void*), void* ctx) {
        stats_ = JobStats{};
        measuring_ = true;
        epochNs_ = now;
        runEnd_ = spec_.runtimeNs ? now + spec_.runtimeNs : UINT64_MAX;
        lastBwNs_ = now;
        bwBytes_[0] = bwBytes_[1] = 0;
        getrusage(RUSAGE_THREAD, &ruStart_);
        if (onMeasuring) onMeasuring(ctx);
    }

    void complete(IoUnit& u, uint64_t ct) {
        if (u.result != static_cast<int64_t>(u.len)) {
            recordError(u);
            return;
        }
        if (!measuring_) return;
        DirStats& ds = stats_.dir[u.dir];
        ++ds.totalIos;
        ds.ioBytes += u.len;
        const uint64_t clat = ct - u.issueNs;
        ds.clat.add(clat);
        ds.clatHist.add(clat);
        ds.lat.add(ct - u.startNs);
        if (!info_.sync) ds.slat.add(u.issueNs - u.startNs);
        stats_.markLatency(clat);
        if (ct - lastBwNs_ + kLogSlackNs >= kBwAvgNs) sampleBw(ct);
    }

    // fio's __add_samples for bandwidth: KiB/s over the interval, per direction
    // that moved data.
    void sampleBw(uint64_t ct) {
        const uint64_t spentMs = (ct - lastBwNs_) / 1000000;
        for (unsigned d = 0; d < kDirs; ++d) {
            const uint64_t delta = stats_.dir[d].ioBytes - bwBytes_[d];
            if (!delta) continue;
            stats_.dir[d].bw.add(spentMs ? delta * 1000 / spentMs / 1024 : 0);
            bwBytes_[d] = stats_.dir[d].ioBytes;
        }
        lastBwNs_ = ct;
    }

    void recordError(const IoUnit& u) {
        if (!error_.empty()) return;
        const char* what = u.dir == kRead ? "read" : "write";
        if (u.result < 0) {
            const int err = static_cast<int>(-u.result);
            error_ = std::string(what) + " of " + std::to_string(u.len) + " bytes at offset " +
                     std::to_string(u.offset) + " of " + target_.path + ": " + std::strerror(err);
            if (err == EINVAL && target_.direct)
                error_ += " (O_DIRECT needs bs and offsets aligned to the device's logical block size)";
        } else {
            error_ = std::string("short ") + what + " at offset " + std::to_string(u.offset) + " of " +
                     target_.path + ": " + std::to_string(u.result) + " of " + std::to_string(u.len) +
                     " bytes (did the file shrink or the device end?)";
        }
    }

    void finish(uint64_t endNs) {
        if (!measuring_) return;
        rusage ru{};
        getrusage(RUSAGE_THREAD, &ru);
        stats_.totalRunTimeMs = (endNs - epochNs_) / 1000000;
        for (auto& ds : stats_.dir) {
            if (!ds.ioBytes) continue;
            ds.runtimeMs = stats_.totalRunTimeMs;
            ds.runtimeNs = endNs - epochNs_;
        }
        stats_.usrMs = msSince(ruStart_.ru_utime, ru.ru_utime);
        stats_.sysMs = msSince(ruStart_.ru_stime, ru.ru_stime);
        stats_.usrUs = usOf(ru.ru_utime) - usOf(ruStart_.ru_utime);
        stats_.sysUs = usOf(ru.ru_stime) - usOf(ruStart_.ru_stime);
        stats_.ctx = static_cast<uint64_t>(ru.ru_nvcsw + ru.ru_nivcsw - ruStart_.ru_nvcsw - ruStart_.ru_nivcsw);
        stats_.minf = static_cast<uint64_t>(ru.ru_minflt - ruStart_.ru_minflt);
        stats_.majf = static_cast<uint64_t>(ru.ru_majflt - ruStart_.ru_majflt);
    }

    const JobSpec& spec_;
    const JobTarget& target_;
    const EngineInfo& info_;
    const unsigned depth_;
    const unsigned batch_ = 1;  // fio's iodepth_batch_submit default
    OffsetGenerator gen_;
    std::unique_ptr<char, FreeDeleter> buffers_;
    std::vector<IoUnit> units_;
    std::vector<IoUnit*> freeList_, events_, pending_;
    unsigned nfree_ = 0;
    std::unique_ptr<IoEngine> engine_;

    // The loop's state: the clock as last read, bytes issued (the ramp's
    // are forgotten when measuring starts), IOs queued and not completed.
    uint64_t now_ = 0, issued_ = 0;
    unsigned inflight_ = 0;
    bool ramping_ = false;

    JobStats stats_;
    bool measuring_ = false;
    uint64_t epochNs_ = 0, runEnd_ = UINT64_MAX, lastBwNs_ = 0;
    uint64_t bwBytes_[kDirs] = {0, 0};
    rusage ruStart_{};
    std::string error_;
};

}  // namespace

JobStats runJob(const JobSpec& spec, const JobTarget& target, unsigned jobIndex,
                void (*onMeasuring)(void*), void* ctx) {
    JobLoop loop(spec, target, jobIndex);
    return loop.run(onMeasuring, ctx);
}

}  // namespace mmtp::fiolike
