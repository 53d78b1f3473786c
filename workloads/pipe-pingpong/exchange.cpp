#include "pipe-pingpong/exchange.hpp"

#include "pipe-pingpong/loops.hpp"

#include "base/clock.hpp"
#include "base/errors.hpp"
#include "base/fd.hpp"
#include "common/child_process.hpp"
#include "common/cpu_pin.hpp"
#include "common/signals.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <functional>
#include <pthread.h>
#include <sched.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace mmtp::pipepingpong {

namespace {

extern "C" void onWake(int) {}  // only there to make a worker thread's read return EINTR

// Worker exit codes (process exit status or thread result).
enum WorkerCode : int { kWorkerOk = kLoopOk, kWorkerReport = 10, kWorkerNoGo = 11, kWorkerBroken = kLoopBroken };

// A worker gives up a write when an interrupt signal is pending (signals.hpp).
bool writeAllUnlessInterrupted(int fd, const void* buf, std::size_t n) {
    return writeAll(fd, buf, n, interruptRequested);
}

// Reads exactly n bytes. Returns false on EOF or error; throws on interrupt
// only when `throwOnInterrupt` (the controller), workers just give up.
bool readAll(int fd, void* buf, std::size_t n, bool throwOnInterrupt) {
    char* p = static_cast<char*>(buf);
    while (n) {
        ssize_t k = ::read(fd, p, n);
        if (k < 0 && errno == EINTR) {
            if (interruptRequested()) {
                if (throwOnInterrupt) throwIfInterrupted();
                return false;
            }
            continue;
        }
        if (k <= 0) return false;
        p += k;
        n -= static_cast<std::size_t>(k);
    }
    return true;
}

SideReport setupSide(int cpu, bool disable) {
    SideReport r;
    if (cpu >= 0) {
        if (int e = pinSelf(cpu)) {
            r.setupStep = 1;
            r.setupErrno = e;
        }
    }
    SpecState before = getSpeculationCtrl(SpecFeature::IndirectBranch);
    r.maskBefore = before.mask;
    r.getErrno = before.error;
    if (disable && r.setupStep == 0 && before.perTaskControl()) {
        if (int e = setSpeculationCtrl(SpecFeature::IndirectBranch, spec::kDisable)) {
            r.setupStep = 2;
            r.setupErrno = e;
        }
    }
    SpecState after = getSpeculationCtrl(SpecFeature::IndirectBranch);
    r.maskAfter = after.mask;
    if (!after.ok()) r.getErrno = after.error;
    r.cpu = ::sched_getcpu();
    return r;
}

struct Done {
    std::int32_t code = -1;
    std::int64_t ns = 0;
};

// Everything one worker needs; it owns its pipe ends so that, when it stops
// early, its peer sees EOF instead of blocking forever.
struct WorkerEnds {
    UniqueFd in, out, go, report;
};

int runChildWorker(WorkerEnds& e, int cpu, bool disable, long loops) {
    SideReport r = setupSide(cpu, disable);
    if (!writeAllUnlessInterrupted(e.report.get(), &r, sizeof r)) return kWorkerReport;
    char g;
    if (!readAll(e.go.get(), &g, 1, false)) return kWorkerNoGo;
    return childLoop(e.in.get(), e.out.get(), loops);
}

int runParentWorker(WorkerEnds& e, int cpu, bool disable, long loops) {
    SideReport r = setupSide(cpu, disable);
    if (!writeAllUnlessInterrupted(e.report.get(), &r, sizeof r)) return kWorkerReport;
    char g;
    if (!readAll(e.go.get(), &g, 1, false)) return kWorkerNoGo;
    Done d;
    std::uint64_t t0 = monotonicNs();
    d.code = parentLoop(e.out.get(), e.in.get(), loops);
    d.ns = std::int64_t(monotonicNs() - t0);
    if (!writeAllUnlessInterrupted(e.report.get(), &d, sizeof d)) return kWorkerReport;
    return d.code;
}

// A forked worker (common's ChildProcess: its own process group, and
// PDEATHSIG, so a SIGKILLed pipe-pingpong leaves no worker spinning); the
// destructor stops and reaps it if nobody waited.
class WorkerProcess {
public:
    explicit WorkerProcess(const std::function<int()>& body) : child_(ChildProcess::fork(body)) {}
    // Exit code, or 128+signal. Throws Interrupted on an interrupt signal.
    int wait() { return child_.wait().shellCode(); }
private:
    ChildProcess child_;
};

// A worker thread; the destructor wakes it (SIGUSR1, EINTR) until it ends.
class WorkerThread {
public:
    explicit WorkerThread(std::function<int()> body)
        : thread_([this, b = std::move(body)] {
              code_ = b();
              done_ = true;
          }) {}
    ~WorkerThread() {
        while (!done_) {
            ::pthread_kill(thread_.native_handle(), SIGUSR1);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (thread_.joinable()) thread_.join();
    }
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;
    int wait() {
        thread_.join();
        thread_ = std::thread();
        done_ = true;
        return code_;
    }
private:
    std::atomic<int> code_{-1};
    std::atomic<bool> done_{false};
    std::thread thread_;
};

std::string workerFailure(std::string_view role, int code) {
    std::string who(role);
    switch (code) {
    case kWorkerReport: return who + " worker could not report its state";
    case kWorkerNoGo: return who + " worker did not get the start signal";
    case kWorkerBroken: return who + " worker: pipe read/write failed mid-exchange (peer died?)";
    default: return who + " worker failed with status " + std::to_string(code);
    }
}

template <class Worker>
ExchangeResult runWith(const ExchangeConfig& cfg) {
    Pipe toChild, toParent, goChild, goParent, repChild, repParent;
    const Placement& pl = cfg.placement;
    const long loops = cfg.loops;
    WorkerEnds childEnds{std::move(toChild.read), std::move(toParent.write), std::move(goChild.read),
                         std::move(repChild.write)};
    WorkerEnds parentEnds{std::move(toParent.read), std::move(toChild.write), std::move(goParent.read),
                          std::move(repParent.write)};
    const bool cd = childDisables(cfg.mode), pd = parentDisables(cfg.mode);

    std::optional<Worker> child, parent;
    // A worker that cannot start (EAGAIN from clone or fork) ends the run with
    // one line; closing the go pipes first makes the one already started give
    // up, so its guard can reap it instead of waiting for "go" forever.
    const auto closeGoPipes = [&] {
        goChild.write.reset();
        goParent.write.reset();
    };
    try {
        std::optional<BlockInterrupts> block;
        if (cfg.threaded) block.emplace();
        // A forked worker drops the other worker's ends and the controller's ends.
        child.emplace([&]() -> int {
            if (!cfg.threaded) {
                parentEnds = WorkerEnds{};
                goChild.write.reset(); goParent.write.reset(); repChild.read.reset(); repParent.read.reset();
            }
            WorkerEnds& mine = childEnds;
            int rc = runChildWorker(mine, pl.childCpu, cd, loops);
            mine = WorkerEnds{};
            return rc;
        });
        parent.emplace([&]() -> int {
            if (!cfg.threaded) {
                childEnds = WorkerEnds{};
                goChild.write.reset(); goParent.write.reset(); repChild.read.reset(); repParent.read.reset();
            }
            WorkerEnds& mine = parentEnds;
            int rc = runParentWorker(mine, pl.parentCpu, pd, loops);
            mine = WorkerEnds{};
            return rc;
        });
    } catch (const std::system_error& e) {
        closeGoPipes();
        throw Error(std::string("cannot start the ") + (child ? "parent" : "child") + " worker " +
                    (cfg.threaded ? "thread" : "process") + ": " + e.code().message() + " (raise ulimit -u?)");
    } catch (...) {
        closeGoPipes();
        throw;
    }
    if (!cfg.threaded) {  // processes: the controller keeps only its control ends
        childEnds = WorkerEnds{};
        parentEnds = WorkerEnds{};
    }
    // Destroyed before the workers: whatever happens below, a worker still
    // waiting for "go" reads EOF and gives up, so the guards can reap it.
    struct CloseGo {
        UniqueFd& a; UniqueFd& b;
        ~CloseGo() { a.reset(); b.reset(); }
    } closeGo{goChild.write, goParent.write};

    ExchangeResult res;
    res.loops = loops;
    bool okC = readAll(repChild.read.get(), &res.child, sizeof res.child, true);
    bool okP = readAll(repParent.read.get(), &res.parent, sizeof res.parent, true);
    if (!okC) throw Error(workerFailure("child", child->wait()));
    if (!okP) throw Error(workerFailure("parent", parent->wait()));

    bool unsupported = false;
    for (auto [role, want, cpu, rep] : {std::tuple{"child", cd, pl.childCpu, &res.child},
                                        std::tuple{"parent", pd, pl.parentCpu, &res.parent}}) {
        std::string why = checkSide(role, want, cpu, *rep, unsupported);
        if (!why.empty()) {
            // Closing the go pipes makes both workers give up; the guards reap them.
            goChild.write.reset();
            goParent.write.reset();
            if (unsupported) throw UnsupportedError(why);
            throw Error(why);
        }
    }

    const char g = 'g';
    if (!writeAllUnlessInterrupted(goChild.write.get(), &g, 1) ||
        !writeAllUnlessInterrupted(goParent.write.get(), &g, 1))
        throw Error(errnoMessage("cannot start the workers"));
    Done d;
    bool gotDone = readAll(repParent.read.get(), &d, sizeof d, true);
    int pc = parent->wait();
    int cc = child->wait();
    if (!gotDone || pc != kWorkerOk) throw Error(workerFailure("parent", gotDone ? d.code : pc));
    if (cc != kWorkerOk) throw Error(workerFailure("child", cc));
    res.elapsedNs = d.ns;
    return res;
}

}  // namespace

// ---- the measured loops: nothing but the exchange (perf <= 6.14 order) ----

// Worker 0 ("child"): read the message, write it back.
[[gnu::noinline]] int childLoop(int in, int out, long loops) {
    int m = 0;
    for (long i = 0; i < loops; i++) {
        if (::read(in, &m, sizeof m) != sizeof m) [[unlikely]] return kLoopBroken;
        if (::write(out, &m, sizeof m) != sizeof m) [[unlikely]] return kLoopBroken;
    }
    return kLoopOk;
}

// Worker 1 ("parent"): write the message, wait for it to come back.
[[gnu::noinline]] int parentLoop(int out, int in, long loops) {
    int m = 0;
    for (long i = 0; i < loops; i++) {
        if (::write(out, &m, sizeof m) != sizeof m) [[unlikely]] return kLoopBroken;
        if (::read(in, &m, sizeof m) != sizeof m) [[unlikely]] return kLoopBroken;
    }
    return kLoopOk;
}

void installWakeHandler() {
    struct sigaction sa {};
    sa.sa_handler = onWake;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: a blocked worker thread's read returns EINTR
    ::sigaction(SIGUSR1, &sa, nullptr);
}

void preflight(const ExchangeConfig& cfg) {
    if (cfg.loops <= 0) throw UsageError("--loops: must be positive");
    if (childDisables(cfg.mode) || parentDisables(cfg.mode)) {
        // Fail before forking anything when the kernel cannot do it at all.
        SpecState self = getSpeculationCtrl(SpecFeature::IndirectBranch);
        if (!self.perTaskControl())
            throw UnsupportedError("--mode " + std::string(modeName(cfg.mode)) + ": " +
                                   noPerTaskIbControlHint(self));
    }
}

ExchangeResult runExchange(const ExchangeConfig& cfg) {
    preflight(cfg);
    if (cfg.threaded) installWakeHandler();  // SIGUSR1 must not kill us when stopping a thread
    return cfg.threaded ? runWith<WorkerThread>(cfg) : runWith<WorkerProcess>(cfg);
}

}  // namespace mmtp::pipepingpong
