#include "syscall-scale/wis_cases.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace mmtp::syscallscale {
namespace {

constexpr std::size_t kBufLen = 4096;  // will-it-scale's BUFLEN
constexpr int kPollFiles = 128;        // poll2's NR_FILES

// mkstemp in the run's dir, as will-it-scale's "/tmp/willitscale.XXXXXX"
// (MMTests' wis-install makes it relative to the working directory).
// unlinkNow: the per-task files are unlinked at once, as will-it-scale does.
int tempFile(const std::filesystem::path& dir, bool unlinkNow, std::filesystem::path* name = nullptr) {
    std::string path = (dir / "willitscale.XXXXXX").string();
    const int fd = ::mkostemp(path.data(), O_CLOEXEC);
    if (fd < 0) throw Error(errnoMessage("mkstemp in " + dir.string()));
    if (unlinkNow) ::unlink(path.c_str());
    if (name) *name = path;
    return fd;
}

void writeBlocks(int fd, std::size_t bytes) {
    char buf[kBufLen];
    std::memset(buf, 0, sizeof buf);
    for (std::size_t done = 0; done < bytes;) {
        const ssize_t n = ::write(fd, buf, sizeof buf);
        if (n <= 0) throw Error(errnoMessage("writing the testcase file"));
        done += std::size_t(n);
    }
}

int openShared(const CaseShared& s, int flags) {
    const int fd = ::open(s.file.c_str(), flags | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) throw Error(errnoMessage("open " + s.file.string()));
    return fd;
}

[[noreturn]] void callFailed(const char* what) { throw Error(errnoMessage(what)); }

long futexCall(unsigned* addr, int op) { return ::syscall(__NR_futex, addr, op, 1, nullptr, nullptr, 0); }

template <int Op>
void futexTask(TaskContext& ctx, const CaseShared&) {
    ctx.readyThenWait();
    while (ctx.running()) {
        unsigned addr = 0;
        futexCall(&addr, Op);
        ctx.countOne();
    }
}

void prepareOnePage(CaseShared& s, unsigned) {
    const int fd = tempFile(s.dir, false, &s.file);
    writeBlocks(fd, kBufLen);
    ::close(fd);
}

void preparePagePerTask(CaseShared& s, unsigned nrTasks) {
    const int fd = tempFile(s.dir, false, &s.file);
    writeBlocks(fd, std::size_t(::getpagesize()) * nrTasks);
    ::close(fd);
}

// pread1/pwrite1: a file of the task's own; pread2/pwrite2: one shared file,
// offset 0; pread3/pwrite3: one shared file, a page per task.
enum class FileKind { Own, SharedSameOffset, SharedOwnOffset };

template <FileKind Kind, bool Write>
void ioTask(TaskContext& ctx, const CaseShared& s) {
    char buf[kBufLen];
    std::memset(buf, 0, sizeof buf);
    int fd;
    off_t offset = 0;
    if constexpr (Kind == FileKind::Own) {
        fd = tempFile(s.dir, true);
        if (!Write) writeBlocks(fd, kBufLen);
    } else {
        fd = openShared(s, Write ? O_RDWR : O_RDONLY);
        if (Kind == FileKind::SharedOwnOffset) offset = off_t(::getpagesize()) * ctx.index();
    }
    ctx.readyThenWait();
    while (ctx.running()) {
        const ssize_t n = Write ? ::pwrite(fd, buf, kBufLen, offset) : ::pread(fd, buf, kBufLen, offset);
        if (n != ssize_t(kBufLen)) callFailed(Write ? "pwrite" : "pread");
        ctx.countOne();
    }
    ::close(fd);
}

void pollOneTask(TaskContext& ctx, const CaseShared& s) {
    const int fd = tempFile(s.dir, true);
    ctx.readyThenWait();
    while (ctx.running()) {
        pollfd pfd[1];
        std::memset(&pfd, 0, sizeof pfd);
        pfd[0].fd = fd;
        pfd[0].events = POLLOUT;
        if (::poll(pfd, 1, 0) < 0) callFailed("poll");
        ctx.countOne();
    }
    ::close(fd);
}

// poll2's testcase_prepare: room for 128 files per CPU.
void raiseFileLimit(CaseShared&, unsigned nrTasks) {
    rlimit rl{};
    ::getrlimit(RLIMIT_NOFILE, &rl);
    const long cpus = ::sysconf(_SC_NPROCESSORS_CONF);
    const rlim_t want = rlim_t(kPollFiles + 10) * rlim_t(std::max<long>(cpus, long(nrTasks)));
    if (rl.rlim_max < want) rl.rlim_max = want;
    if (rl.rlim_cur < want) rl.rlim_cur = want;
    if (::setrlimit(RLIMIT_NOFILE, &rl) != 0)
        throw Error(errnoMessage("poll2: setrlimit(RLIMIT_NOFILE, " + std::to_string(want) + ")"));
}

void pollManyTask(TaskContext& ctx, const CaseShared& s) {
    int fds[kPollFiles];
    for (int& fd : fds) fd = tempFile(s.dir, true);
    ctx.readyThenWait();
    while (ctx.running()) {
        pollfd pfd[kPollFiles];
        std::memset(&pfd, 0, sizeof pfd);
        for (int i = 0; i < kPollFiles; ++i) {
            pfd[i].fd = fds[i];
            pfd[i].events = POLLOUT;
        }
        if (::poll(pfd, kPollFiles, 0) < 0) callFailed("poll");
        ctx.countOne();
    }
    for (int fd : fds) ::close(fd);
}

void getppidTask(TaskContext& ctx, const CaseShared&) {
    ctx.readyThenWait();
    while (ctx.running()) {
        ::getppid();
        ctx.countOne();
    }
}

template <bool SharedFile>
void lseekTask(TaskContext& ctx, const CaseShared& s) {
    int fd;
    if constexpr (SharedFile) {
        fd = openShared(s, O_RDWR);
    } else {
        fd = tempFile(s.dir, true);
        writeBlocks(fd, kBufLen);
    }
    ctx.readyThenWait();
    while (ctx.running()) {
        ::lseek(fd, 0, SEEK_SET);
        ctx.countOne();
    }
    ::close(fd);
}

void ignoreSignal(int) {}

void signalTask(TaskContext& ctx, const CaseShared&) {
    struct sigaction act;
    std::memset(&act, 0, sizeof act);
    act.sa_handler = ignoreSignal;
    ::sigaction(SIGUSR1, &act, nullptr);
    ctx.readyThenWait();
    while (ctx.running()) {
        ::raise(SIGUSR1);
        ctx.countOne();
    }
}

void schedYieldTask(TaskContext& ctx, const CaseShared&) {
    ctx.readyThenWait();
    while (ctx.running()) {
        if (::sched_yield() != 0) callFailed("sched_yield");
        ctx.countOne();
    }
}

}  // namespace

const std::vector<WisCase>& wisCases() {
    static const std::vector<WisCase> cases{
        {"futex1", "futex(FUTEX_WAKE)", "futex(2) FUTEX_WAKE, shared futex: hash-bucket lookup (get_futex_key on the mm), no waiter",
         nullptr, futexTask<FUTEX_WAKE>},
        {"futex2", "futex(FUTEX_WAIT)", "futex(2) FUTEX_WAIT, shared futex, value mismatch: key, bucket lock, -EAGAIN",
         nullptr, futexTask<FUTEX_WAIT>},
        {"futex3", "futex(FUTEX_WAKE_PRIVATE)", "futex(2) FUTEX_WAKE_PRIVATE: private key, no waiter",
         nullptr, futexTask<FUTEX_WAKE_PRIVATE>},
        {"futex4", "futex(FUTEX_WAIT_PRIVATE)", "futex(2) FUTEX_WAIT_PRIVATE, value mismatch: private key, bucket spinlock, -EAGAIN",
         nullptr, futexTask<FUTEX_WAIT_PRIVATE>},
        {"pread1", "Separate file pread", "pread64(2) 4 KiB from the page cache of a file per task: fdget, filemap_read, copy_to_user",
         nullptr, ioTask<FileKind::Own, false>},
        {"pread2", "Same file pread to same offset", "pread64(2) 4 KiB, one file and page for all tasks: shared page and file refcounts",
         prepareOnePage, ioTask<FileKind::SharedSameOffset, false>},
        {"pread3", "Same file pread to different offsets", "pread64(2) 4 KiB, one file, a page per task: shared inode and mapping",
         preparePagePerTask, ioTask<FileKind::SharedOwnOffset, false>},
        {"pwrite1", "Separate file pwrite", "pwrite64(2) 4 KiB to a file per task: inode lock, page cache write, dirtying, mtime",
         nullptr, ioTask<FileKind::Own, true>},
        {"pwrite2", "Same file pwrite to same offset", "pwrite64(2) 4 KiB, one page for all tasks: contended inode rwsem (i_rwsem)",
         prepareOnePage, ioTask<FileKind::SharedSameOffset, true>},
        {"pwrite3", "Same file pwrite to different offsets", "pwrite64(2) 4 KiB, one file, a page per task: contended i_rwsem",
         preparePagePerTask, ioTask<FileKind::SharedOwnOffset, true>},
        {"poll1", "poll of 1 fd", "poll(2) of one file, timeout 0: fdget, f_op->poll, copy of the pollfd array",
         nullptr, pollOneTask},
        {"poll2", "poll of 128 fds", "poll(2) of 128 files, timeout 0: 128 fdgets per call (fd table, RCU)",
         raiseFileLimit, pollManyTask},
        {"getppid1", "getppid", "getppid(2): the bare syscall entry and exit (RCU read of the parent)",
         nullptr, getppidTask},
        {"lseek1", "Separate file lseek", "lseek(2) SEEK_SET on a file per task: fdget_pos (f_pos_lock)",
         nullptr, lseekTask<false>},
        {"lseek2", "Same file lseek", "lseek(2) SEEK_SET, one file opened by every task: separate files, shared inode",
         prepareOnePage, lseekTask<true>},
        {"signal1", "signal delivery", "raise(SIGUSR1): rt_sigprocmask, gettid, tgkill, signal frame, rt_sigreturn (sighand lock)",
         nullptr, signalTask},
        {"sched_yield", "sched_yield", "sched_yield(2): the runqueue lock and a pass through the scheduler",
         nullptr, schedYieldTask},
    };
    return cases;
}

const WisCase* findWisCase(const std::string& name) {
    for (const WisCase& c : wisCases())
        if (name == c.name) return &c;
    return nullptr;
}

std::string wisCaseNames() {
    std::string out;
    for (const WisCase& c : wisCases()) out += (out.empty() ? "" : ",") + std::string(c.name);
    return out;
}

}  // namespace mmtp::syscallscale
