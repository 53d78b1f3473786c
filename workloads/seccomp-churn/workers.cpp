#include "seccomp-churn/workers.hpp"

#include "base/clock.hpp"
#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "common/signals.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace mmtp::seccompchurn {
namespace {

double tvSec(const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6;
}

// Per worker, in memory shared between main, the worker and its children.
struct WorkerSlot {
    std::uint64_t ops;
    double start, end;
    int failed;
    char what[512];
    ChildRecord rec;
};

// How long a worker told to stop may take to finish its current child.
constexpr std::chrono::duration<double> kStopGrace{0.5};

// RAII anonymous shared mapping.
class SharedMapping {
public:
    explicit SharedMapping(std::size_t bytes) : size_(bytes) {
        addr_ = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                     MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (addr_ == MAP_FAILED) throw Error(errnoMessage("mmap of the result area"));
    }
    ~SharedMapping() { munmap(addr_, size_); }
    SharedMapping(const SharedMapping&) = delete;
    SharedMapping& operator=(const SharedMapping&) = delete;
    char* data() const { return static_cast<char*>(addr_); }
private:
    void* addr_;
    std::size_t size_;
};

// The worker processes (common's ChildProcess: PDEATHSIG, and our
// interrupt-signal flag kept, so a worker finishes its current child and
// stops). Destroying it stops and reaps whatever is still alive, so an
// exception in main never leaves a worker behind.
class WorkerSet {
public:
    void add(const std::function<int()>& body) {
        workers_.push_back(ChildProcess::fork(
            body, {.ownProcessGroup = false, .dieWithParent = true, .keepSignalHandlers = true}));
    }
    std::size_t size() const { return workers_.size(); }
    int status(std::size_t i) const { return workers_[i].status().value_or(ExitStatus{}).raw; }

    // Waits for every worker. On an interrupt, or when one worker fails,
    // the others get SIGTERM (and SIGCONT: a stopped worker acts on nothing
    // else) so they finish their current child and exit; one still there
    // after kStopGrace (stopped, or waiting for a stopped child) is
    // SIGKILLed, and its child dies with it (PDEATHSIG). Orphans re-parented
    // to a subreaper main are reaped on the way.
    void waitAll() {
        std::optional<double> killAt;
        auto stopOthers = [&] {
            if (killAt) return;
            for (auto& w : workers_) {
                w.signal(SIGTERM);
                w.signal(SIGCONT);
            }
            killAt = monotonicSeconds() + kStopGrace.count();
        };
        auto alive = [&] {
            return std::any_of(workers_.begin(), workers_.end(), [](const ChildProcess& w) { return w.active(); });
        };
        while (alive()) {
            if (interruptRequested()) stopOthers();
            if (killAt && monotonicSeconds() >= *killAt)
                for (auto& w : workers_) w.signal(SIGKILL);
            // Bounded, so a signal that lands just before the wait is seen.
            const auto done = waitAny(workers_, std::chrono::milliseconds(250));
            if (done && !workers_[*done].status()->success()) stopOthers();
        }
    }

private:
    std::vector<ChildProcess> workers_;
};

void fail(WorkerSlot& s, const std::string& msg) {
    s.failed = 1;
    std::snprintf(s.what, sizeof s.what, "%s", msg.c_str());
}

// Checks a reaped child's status against what the recipe expects.
bool childOk(const Recipe& recipe, const OpChoice& c, int st, WorkerSlot& slot) {
    const int want = recipe.expectedExit(c);
    if (WIFEXITED(st) && WEXITSTATUS(st) == want) return true;
    if (WIFSIGNALED(st) && isInterruptSignal(WTERMSIG(st)) && interruptRequested())
        return true;
    // A random program that the kernel accepted kills with SIGSYS: stress-ng allows that.
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS && want == kChildTrapped) return true;
    std::string got = WIFEXITED(st) ? describeChildExit(WEXITSTATUS(st))
                                    : std::string("was killed by signal ") + strsignal(WTERMSIG(st));
    if (WIFEXITED(st) && WEXITSTATUS(st) == kChildFailed && slot.rec.failCall[0]) {
        got += std::string(" (") + slot.rec.failCall + ": " + std::strerror(slot.rec.failErrno);
        if (slot.rec.failErrno == ENOMEM)
            got += "; the kernel caps the instructions of all filters stacked on one process";
        if (slot.rec.failErrno == EACCES) got += "; no_new_privs or CAP_SYS_ADMIN is required";
        got += ")";
        fail(slot, "child " + got);
        return false;
    }
    fail(slot, "child " + got + ", expected it to have " +
                   (want == kChildTrapped ? "been trapped (SIGSYS)" : "exited normally"));
    return false;
}

// The measured loop of one worker process. Everything it needs was set up
// before the fork of the worker.
int workerMain(const Recipe& recipe, WorkerSlot& slot, std::uint64_t opsTarget, double deadline,
               unsigned index) {
    std::uint64_t rng = 0x5eedc0ffee123457ull * (index + 1);
    OpChoice choice{};
    // Built once, outside the loop; each op's child runs the recipe and never returns.
    const std::function<int()> runRecipe = [&]() -> int { recipe.runChild(choice, slot.rec); };
    // In our process group (a Ctrl-C reaches them, as before), dying with the worker.
    const ForkOptions childOptions{.ownProcessGroup = false, .dieWithParent = true};
    slot.start = monotonicSeconds();
    while (!interruptRequested()) {
        if (opsTarget != 0 && slot.ops >= opsTarget) break;
        if (monotonicSeconds() >= deadline) break;
        choice = recipe.choose(rng);
        int st = 0;
        try {
            ChildProcess child = ChildProcess::fork(runRecipe, childOptions);
            st = child.waitThroughInterrupts().raw;
        } catch (const Error& e) {
            fail(slot, e.what());
            break;
        }
        if (!childOk(recipe, choice, st, slot)) break;
        ++slot.ops;
    }
    slot.end = monotonicSeconds();
    return slot.failed ? kExitFailure : kExitOk;
}

std::uint32_t sampleCapacity(const Recipe& r, const RunOptions& o, std::uint64_t opsPerWorker) {
    const std::uint64_t perOp = r.options().preset == Preset::StressNg ? 70 : r.options().filters;
    std::uint64_t cap = opsPerWorker ? opsPerWorker * perOp
                                     : static_cast<std::uint64_t>(o.runtimeSec) * 50000u;
    if (cap > (1u << 24)) cap = 1u << 24;  // 64 MiB of address space per worker at most
    return static_cast<std::uint32_t>(cap + 16);
}

}  // namespace

RunResult runWorkers(const Recipe& recipe, const RunOptions& opt) {
    if (opt.workers == 0) throw UsageError("need at least one worker");
    const std::uint64_t base = opt.totalOps / opt.workers, extra = opt.totalOps % opt.workers;
    const std::uint32_t cap = sampleCapacity(recipe, opt, opt.totalOps ? base + 1 : 0);
    const std::size_t slotBytes = (sizeof(WorkerSlot) + 63) / 64 * 64;
    const std::size_t samplesBytes = std::size_t{cap} * sizeof(std::uint32_t);
    SharedMapping map(opt.workers * (slotBytes + samplesBytes));
    std::vector<WorkerSlot*> slots;
    for (unsigned i = 0; i < opt.workers; ++i) {
        auto* s = new (map.data() + i * slotBytes) WorkerSlot{};
        s->rec.capacity = cap;
        s->rec.samples = reinterpret_cast<std::uint32_t*>(map.data() + opt.workers * slotBytes +
                                                          i * samplesBytes);
        slots.push_back(s);
    }

    rusage before{}, after{};
    getrusage(RUSAGE_CHILDREN, &before);
    const double t0 = monotonicSeconds();
    const double deadline = t0 + opt.runtimeSec;
    std::vector<unsigned> slotOf;  // worker k runs in slots[slotOf[k]]
    {
        WorkerSet workers;
        for (unsigned i = 0; i < opt.workers; ++i) {
            const std::uint64_t target = opt.totalOps ? base + (i < extra ? 1 : 0) : 0;
            if (opt.totalOps && target == 0) continue;
            workers.add([&, i, target] { return workerMain(recipe, *slots[i], target, deadline, i); });
            slotOf.push_back(i);
        }
        workers.waitAll();
        getrusage(RUSAGE_CHILDREN, &after);
        throwIfInterrupted();  // names the signal, as every workload does
        for (std::size_t i = 0; i < workers.size(); ++i) {
            const int st = workers.status(i);
            const WorkerSlot& s = *slots[slotOf[i]];
            if (s.failed) throw Error("worker " + std::to_string(slotOf[i]) + ": " + s.what);
            if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
                throw Error("worker " + std::to_string(i) + " died (" +
                            (WIFSIGNALED(st) ? std::string(strsignal(WTERMSIG(st)))
                                             : "exit " + std::to_string(WEXITSTATUS(st))) + ")");
        }
    }

    RunResult r;
    r.wallTime = monotonicSeconds() - t0;
    double realSum = 0;
    for (std::size_t i = 0; i < slotOf.size(); ++i) {
        const WorkerSlot& s = *slots[slotOf[i]];
        r.ops += s.ops;
        realSum += s.end - s.start;
        r.filtersAttached += s.rec.filtersAttached;
        r.attachCalls += s.rec.attachCalls;
        r.samplesDropped += s.rec.samplesDropped;
        if (r.childIbSpeculation.empty()) r.childIbSpeculation = s.rec.ibSpeculation;
        for (std::uint32_t k = 0; k < s.rec.nSamples; ++k) r.attachUsecs.push_back(s.rec.samples[k] / 1000.0);
    }
    r.realTime = slotOf.empty() ? 0 : realSum / static_cast<double>(slotOf.size());
    r.usrTime = tvSec(after.ru_utime) - tvSec(before.ru_utime);
    r.sysTime = tvSec(after.ru_stime) - tvSec(before.ru_stime);
    return r;
}

int reapOrphans() {
    int reaped = 0;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
        std::ifstream in(task.path() / "children");
        pid_t p;
        while (in >> p) kill(p, SIGKILL);
    }
    int st;
    while (waitpid(-1, &st, 0) > 0) ++reaped;  // ECHILD ends it
    return reaped;
}

}  // namespace mmtp::seccompchurn
