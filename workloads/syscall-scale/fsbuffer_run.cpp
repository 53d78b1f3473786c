#include "syscall-scale/fsbuffer_run.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/fd.hpp"
#include "base/text_format.hpp"
#include "common/progress.hpp"
#include "common/signals.hpp"
#include "common/temp_dir.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/time.h>
#include <unistd.h>

namespace mmtp::syscallscale {
namespace {

constexpr unsigned kCountSize = 256;              // fstime's COUNTSIZE
constexpr unsigned kHalfCount = kCountSize / 2;
constexpr unsigned kMaxBufsize = 8192;

volatile sig_atomic_t alarmFired = 0;
void onAlarm(int) { alarmFired = 1; }

// fstime's alarm(timeSecs) with signal() (BSD semantics: SA_RESTART), so a
// read or write in progress completes and the loop sees the flag.
class PassAlarm {
public:
    explicit PassAlarm(unsigned seconds) {
        alarmFired = 0;
        struct sigaction sa;
        std::memset(&sa, 0, sizeof sa);
        sa.sa_handler = onAlarm;
        sa.sa_flags = SA_RESTART;
        ::sigaction(SIGALRM, &sa, &old_);
        ::alarm(seconds);
    }
    ~PassAlarm() {
        ::alarm(0);
        ::sigaction(SIGALRM, &old_, nullptr);
    }
    PassAlarm(const PassAlarm&) = delete;
    PassAlarm& operator=(const PassAlarm&) = delete;

private:
    struct sigaction old_;
};

// fstime's getFloatTime(): gettimeofday.
double floatTime() {
    timeval t;
    ::gettimeofday(&t, nullptr);
    return double(t.tv_sec) + double(t.tv_usec) / 1e6;
}

// sync(); sleep(a); sync(); sleep(b) - the sleeps wake for Ctrl-C.
void settle(bool sleeps, unsigned a, unsigned b) {
    ::sync();
    if (sleeps) ::sleep(a);
    throwIfInterrupted();
    ::sync();
    if (sleeps) ::sleep(b);
    throwIfInterrupted();
}

struct Files {
    UniqueFd f, g;
    // fstime's buffer is a static array, which GCC aligns to 32 bytes; a
    // buffer at an odd offset makes every copy_to/from_user an unaligned
    // one, and the copy pass measurably slower than the tool we stand in for.
    alignas(64) char buf[kMaxBufsize];
};

struct Fstime {
    const FsbufferConfig& c;
    Files& files;
    unsigned maxBuffs, countPerBuf, countPerK;
    FstimeScores s;

    long score(unsigned long counted, double secs) const {
        return long(double(counted) / (secs * double(countPerK)));
    }

    void writePass(unsigned secs) {
        settle(c.settle, 2, 2);
        unsigned long counted = 0;
        PassAlarm alarm(secs);
        const double start = floatTime();
        while (!alarmFired) {
            for (unsigned b = 0; b < maxBuffs; ++b) {
                const ssize_t n = ::write(files.f.get(), files.buf, c.bufsize);
                if (n != ssize_t(c.bufsize)) {
                    if (errno != EINTR) throw Error(errnoMessage("fsbuffer: write"));
                    alarmFired = 1;
                    counted += (std::size_t(std::max<ssize_t>(n, 0)) + kHalfCount) / kCountSize;
                } else {
                    counted += countPerBuf;
                }
            }
            ::lseek(files.f.get(), 0, SEEK_SET);
            throwIfInterrupted();
        }
        s.writeSecs = floatTime() - start;
        s.writeCounted = counted;
        s.write = score(counted, s.writeSecs);
    }

    void readPass(unsigned secs) {
        settle(c.settle, 2, 2);
        ::lseek(files.f.get(), 0, SEEK_SET);
        unsigned long counted = 0;
        PassAlarm alarm(secs);
        const double start = floatTime();
        for (unsigned k = 1; !alarmFired; ++k) {
            if (k % 1024 == 0 && interruptRequested()) break;  // a page-cache read does not return EINTR
            errno = 0;
            const ssize_t n = ::read(files.f.get(), files.buf, c.bufsize);
            if (n != ssize_t(c.bufsize)) {
                const std::size_t got = std::size_t(std::max<ssize_t>(n, 0));
                if (errno == 0 || errno == EINVAL) {
                    ::lseek(files.f.get(), 0, SEEK_SET);  // end of file: rewind
                    counted += (got + kHalfCount) / kCountSize;
                    continue;
                }
                if (errno != EINTR) throw Error(errnoMessage("fsbuffer: read"));
                counted += (got + kHalfCount) / kCountSize;
                break;
            }
            counted += countPerBuf;
        }
        throwIfInterrupted();
        s.readSecs = floatTime() - start;
        s.readCounted = counted;
        s.read = score(counted, s.readSecs);
    }

    void copyPass(unsigned secs) {
        settle(c.settle, 2, 1);
        ::lseek(files.f.get(), 0, SEEK_SET);
        unsigned long counted = 0;
        const double w = double(s.write), r = double(s.read);
        PassAlarm alarm(secs);
        const double start = floatTime();
        for (unsigned k = 1; !alarmFired; ++k) {
            if (k % 1024 == 0 && interruptRequested()) break;  // a page-cache read does not return EINTR
            errno = 0;
            const ssize_t n = ::read(files.f.get(), files.buf, c.bufsize);
            if (n != ssize_t(c.bufsize)) {
                const double got = double(std::max<ssize_t>(n, 0));
                if (errno == 0 || errno == EINVAL) {
                    ::lseek(files.f.get(), 0, SEEK_SET);  // rewind both at the end of the input
                    ::lseek(files.g.get(), 0, SEEK_SET);
                    continue;
                }
                if (errno != EINTR) throw Error(errnoMessage("fsbuffer: copy read"));
                counted += (unsigned long)((got * w / (r + w) + kHalfCount) / kCountSize);  // part credit
                break;
            }
            const ssize_t m = ::write(files.g.get(), files.buf, c.bufsize);
            if (m != ssize_t(c.bufsize)) {
                if (errno != EINTR) throw Error(errnoMessage("fsbuffer: copy write"));
                const double put = double(std::max<ssize_t>(m, 0));
                counted += (unsigned long)((put + (double(c.bufsize) - put) * w / (r + w) + kHalfCount) / kCountSize);
                break;
            }
            counted += countPerBuf;
        }
        throwIfInterrupted();
        s.copySecs = floatTime() - start;
        s.copyCounted = counted;
        s.copy = score(counted, s.copySecs);
    }
};

UniqueFd createFile(const std::filesystem::path& p) {
    UniqueFd fd(::open(p.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd) throw Error(errnoMessage("fsbuffer: create " + p.string()));
    return fd;
}

}  // namespace

std::string fsbufferExtraName(unsigned iteration) { return "syscall-fsbuffer-" + std::to_string(iteration) + ".extra"; }

std::string fstimeLogText(const FstimeScores& s) {
    std::string out;
    out += formatText("COUNT|%ld|0|KBps\nTIME|%.1f\n", s.write, s.writeSecs);
    out += formatText("COUNT|%ld|0|KBps\nTIME|%.1f\n", s.read, s.readSecs);
    out += formatText("COUNT|%ld|0|KBps\nTIME|%.1f\n", s.copy, s.copySecs);
    out += formatText("Write done: %lu in %.4f, score %ld\n", s.writeCounted, s.writeSecs, s.write);
    out += formatText("Read done: %lu in %.4f, score %ld\n", s.readCounted, s.readSecs, s.read);
    out += formatText("Copy done: %lu in %.4f, score %ld\n", s.copyCounted, s.copySecs, s.copy);
    return out;
}

void runFsbuffer(const FsbufferConfig& c, std::ostream& out) {
    Progress done("syscall-fsbuffer", c.iterations, out);
    for (unsigned it = 1; it <= c.iterations; ++it) {
        out << "Running test fsbuffer iteration " << it << "/" << c.iterations << std::endl;
        TempDir dir("syscall-fsbuffer", c.testdir);
        Files files;
        const std::string pid = std::to_string(::getpid());
        files.f = createFile(dir.path() / ("dummy0-" + pid));
        files.g = createFile(dir.path() / ("dummy1-" + pid));
        for (unsigned i = 0; i < c.bufsize; ++i) files.buf[i] = char(i & 0xff);
        Fstime t{c, files, unsigned(std::uint64_t(c.maxBlocks) * 1024 / c.bufsize), c.bufsize / kCountSize,
                 1024 / kCountSize, {}};
        t.writePass(2);
        t.readPass(2);
        t.copyPass(c.runtimeSec);

        const double nsPerCopy = t.s.copyCounted ? t.s.copySecs * 1e9 / (double(t.s.copyCounted) / t.countPerBuf) : 0.0;
        std::string extra = "# syscall-fsbuffer: fstime -c's three scores (KBps) and the copy's cost per buffer\n";
        extra += formatText("bufsize %u\nmax-blocks %u\nsettle %s\n", c.bufsize, c.maxBlocks, c.settle ? "yes" : "no");
        extra += formatText("write-kbps %ld\nread-kbps %ld\ncopy-kbps %ld\n", t.s.write, t.s.read, t.s.copy);
        extra += formatText("copy-seconds %.4f\n", t.s.copySecs);
        extra += formatText("ns-per-copy %.3f\n", nsPerCopy);
        writeFileAtomically(c.logdir / fsbufferExtraName(it), extra);
        appendFileAtomically(c.logdir / kFsbufferLog, fstimeLogText(t.s), {.check = throwIfInterrupted});
        out << "  copy " << t.s.copy << " KBps, " << nsPerCopy << " ns per " << c.bufsize
            << "-byte read+write (write " << t.s.write << ", read " << t.s.read << " KBps)" << std::endl;
        done.iterationDone("fsbuffer");
    }
}

}  // namespace mmtp::syscallscale
