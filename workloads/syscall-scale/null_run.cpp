#include "syscall-scale/null_run.hpp"

#include "base/atomic_file.hpp"
#include "base/clock.hpp"
#include "base/errors.hpp"
#include "base/text_format.hpp"
#include "common/metrics_brief.hpp"
#include "common/progress.hpp"
#include "common/signals.hpp"
#include "syscall-scale/task_group.hpp"

#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

namespace mmtp::syscallscale {
namespace {

// stress-ng's stress_time_now(): gettimeofday, in seconds.
double timeNow() {
    timeval tv;
    ::gettimeofday(&tv, nullptr);
    return double(tv.tv_sec) + double(tv.tv_usec) / 1e6;
}

// A small multiply-with-carry generator, as stress-ng's stress_mwc32/64.
struct Mwc {
    std::uint32_t z = 362436069, w = 521288629;
    std::uint32_t next32() {
        z = 36969 * (z & 65535) + (z >> 16);
        w = 18000 * (w & 65535) + (w >> 16);
        return (z << 16) + w;
    }
    std::uint64_t next64() { return (std::uint64_t(next32()) << 32) | next32(); }
};

void nullInstance(TaskContext& ctx) {
    const int fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (fd < 0) throw Error(errnoMessage("open /dev/null"));
    alignas(64) char buffer[4096];
    std::memset(buffer, 0xff, sizeof buffer);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    const int fcntlMask = O_APPEND | O_ASYNC | O_NONBLOCK;
    Mwc mwc;
    double duration = 0, bytes = 0;
    TaskSlot& slot = ctx.slot();
    ctx.readyThenWait();
    slot.start = monotonicSeconds();
    while (ctx.running()) {
        const double t = timeNow();
        const ssize_t ret = ::write(fd, buffer, sizeof buffer);
        if (ret <= 0) {
            if (errno == EAGAIN || errno == EINTR) continue;
            const int e = errno;
            ::close(fd);
            errno = e;
            throw Error(errnoMessage("write to /dev/null"));
        }
        duration += timeNow() - t;
        bytes += double(ret);
        (void)::lseek(fd, 0, SEEK_SET);
        (void)::lseek(fd, 0, SEEK_END);
        (void)::lseek(fd, off_t(mwc.next64()), SEEK_CUR);
        (void)::fallocate(fd, 0, 0, 4096);  // ENODEV
        (void)::fdatasync(fd);
        const int flag = ::fcntl(fd, F_GETFL, 0);
        if (flag >= 0) {
            (void)::fcntl(fd, F_SETFL, O_RDWR | (int(mwc.next32()) & fcntlMask));
            (void)::fcntl(fd, F_SETFL, flag);
        }
        int isz = 0;
        (void)::ioctl(fd, FIGETBSZ, &isz);
        isz = 0;
        (void)::ioctl(fd, FIONREAD, &isz);  // ENOTTY
        const off_t off = off_t(mwc.next64()) & ~off_t(pageSize - 1);
        void* p = ::mmap(nullptr, std::size_t(pageSize), PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, fd, off);
        if (p != MAP_FAILED) {
            std::memset(p, int(mwc.next32() & 0xff), std::size_t(pageSize));
            (void)::msync(p, std::size_t(pageSize), MS_SYNC);
            (void)::munmap(p, std::size_t(pageSize));
        }
        ctx.countOne();
    }
    slot.end = monotonicSeconds();
    ::close(fd);
    slot.ns = std::uint64_t(duration * 1e9);
    slot.bytes = std::uint64_t(bytes);
}

}  // namespace

std::string nullLogName(unsigned instances, unsigned iteration) {
    return "stressng-" + std::to_string(instances) + "-" + std::to_string(iteration) + ".log";
}

std::string nullExtraName(unsigned instances, unsigned iteration) {
    return "syscall-null-" + std::to_string(instances) + "-" + std::to_string(iteration) + ".extra";
}

void runNull(const NullConfig& c, std::ostream& out) {
    const auto sweep = powerTwoSweep(c.minThreads, c.maxThreads);
    Progress done("syscall-null", unsigned(sweep.size()) * c.iterations, out);
    for (unsigned n : sweep) {
        for (unsigned it = 1; it <= c.iterations; ++it) {
            out << "Running " << n << " syscall-null iteration " << it << "/" << c.iterations << std::endl;
            const double wall0 = monotonicSeconds();
            // stress-ng does not pin its instances.
            TaskGroup group(Model::Processes, std::vector<std::vector<int>>(n));
            group.start(nullInstance);
            rusage self0{};
            ::getrusage(RUSAGE_SELF, &self0);
            const std::uint64_t t0 = monotonicNs();
            group.go();
            // Wake once a second to notice a failed instance early.
            for (unsigned s = 1; s <= c.runtimeSec; ++s) {
                sleepUntilNs(t0 + std::uint64_t(s) * 1000000000u);
                group.checkHealthy();
            }
            group.stop();
            rusage self1{};
            ::getrusage(RUSAGE_SELF, &self1);

            MetricsBrief m;
            m.pid = int(::getpid());
            m.stressor = "null";
            m.instances = n;
            m.runtimeSec = c.runtimeSec;
            double real = 0, logRate = 0;
            unsigned rated = 0;
            for (unsigned i = 0; i < n; ++i) {
                const TaskSlot& s = group.slot(i);
                m.ops += s.count;
                real += s.end - s.start;
                m.usrTime += s.usr;
                m.sysTime += s.sys;
                if (s.ns > 0 && s.bytes > 0) {
                    logRate += std::log((double(s.bytes) / (double(s.ns) * 1e-9)) / (1024.0 * 1024.0));
                    ++rated;
                }
            }
            m.realTime = real / double(n);
            m.wallTime = monotonicSeconds() - wall0;
            const double perInstance = m.ops ? m.realTime * 1e9 * double(n) / double(m.ops) : 0.0;
            const double parentCpu = double(self1.ru_utime.tv_sec - self0.ru_utime.tv_sec + self1.ru_stime.tv_sec -
                                            self0.ru_stime.tv_sec) +
                                     double(self1.ru_utime.tv_usec - self0.ru_utime.tv_usec + self1.ru_stime.tv_usec -
                                            self0.ru_stime.tv_usec) * 1e-6;
            std::string extra = "# syscall-null: stress-ng --null's miscellaneous metric and the cost per bogo-op\n";
            extra += formatText("instances %u\n", n);
            extra += formatText("bogo-ops %" PRIu64 "\n", m.ops);
            extra += formatText("write-rate-mb-per-sec %.2f\n", rated ? std::exp(logRate / rated) : 0.0);
            extra += formatText("ns-per-op %.3f\n", perInstance);
            extra += formatText("parent-cpu-usecs-per-sec %.1f\n", m.realTime > 0 ? parentCpu * 1e6 / m.realTime : 0.0);
            writeFileAtomically(c.logdir / nullExtraName(n, it), extra);
            writeFileAtomically(c.logdir / nullLogName(n, it), formatMetricsBrief(m));
            out << "  " << m.ops << " bogo-ops, " << (m.realTime > 0 ? double(m.ops) / m.realTime : 0.0)
                << " ops/s, " << perInstance << " ns per op per instance" << std::endl;
            done.iterationDone("instances " + std::to_string(n));
        }
    }
}

}  // namespace mmtp::syscallscale
