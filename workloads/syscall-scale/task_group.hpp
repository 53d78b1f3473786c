// task_group.hpp - will-it-scale's harness: N tasks (processes or threads),
// each with its own counter in shared memory, 256 bytes apart so that no two
// share a cache line; each task is placed (placement.hpp) before it runs.
// A task does its setup, says it is ready and waits on the start gate (a
// pipe, as will-it-scale's poll), then loops until the stop flag is set,
// counting one per operation. The parent opens the gate once every task is
// ready, reads the counters while they run, and sets the flag.
//
// Nothing outlives the group: child processes have their own process group
// and PDEATHSIG, the destructor stops (SIGTERM, then SIGKILL) and reaps them
// and joins the threads, on success, error and interrupt.
#pragma once
#include "base/fd.hpp"
#include "common/child_process.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace mmtp::syscallscale {

enum class Model { Processes, Threads };
Model parseModel(const std::string& text);  // "processes", "threads"
const char* modelName(Model m);

inline constexpr std::size_t kSlotBytes = 256;  // will-it-scale's MAX_CACHELINE_SIZE

// One task's counter and what it reports; lives in shared memory.
struct TaskSlot {
    std::uint64_t count;      // operations so far: the only field written in the loop
    std::uint64_t ns;         // optional: time the task measured inside its loop (null: write())
    std::uint64_t bytes;      // optional: bytes the loop moved (null: written to /dev/null)
    double start, end;        // monotonic seconds around the loop
    double usr, sys;          // the task's own CPU time (RUSAGE_THREAD) at its end
    int ready;
    int failed;
    char what[160];
};
static_assert(sizeof(TaskSlot) <= kSlotBytes);

// What a task body sees.
class TaskContext {
public:
    TaskContext(unsigned index, TaskSlot& slot, const std::atomic<int>& stop, int gateFd)
        : index_(index), slot_(slot), stop_(stop), gateFd_(gateFd) {}
    unsigned index() const { return index_; }
    TaskSlot& slot() { return slot_; }
    // The loop's condition: one relaxed load of a line nobody writes until the end.
    bool running() const { return stop_.load(std::memory_order_relaxed) == 0; }
    // After setup: marks the task ready and blocks until the gate opens.
    void readyThenWait();
    // Counts one operation: a plain load and store of the task's own counter,
    // as will-it-scale's (*iterations)++ compiles, made visible to the parent.
    void countOne() {
        std::atomic_ref<std::uint64_t> c(slot_.count);
        c.store(c.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }

private:
    unsigned index_;
    TaskSlot& slot_;
    const std::atomic<int>& stop_;
    int gateFd_;
};

// The parent's once-a-second wake: sleeps until `deadlineNs` on
// CLOCK_MONOTONIC (absolute, so the seconds do not drift by the time spent
// reading counters); throws Interrupted on Ctrl-C.
void sleepUntilNs(std::uint64_t deadlineNs);

// Throws Error on failure (the message lands in the slot and fails the run).
using TaskBody = std::function<void(TaskContext&)>;

class TaskGroup {
public:
    // cpus[i]: the CPU set of task i (empty: not placed).
    TaskGroup(Model model, std::vector<std::vector<int>> cpus);
    ~TaskGroup();
    TaskGroup(const TaskGroup&) = delete;
    TaskGroup& operator=(const TaskGroup&) = delete;

    unsigned size() const { return unsigned(cpus_.size()); }
    const std::vector<int>& cpusOf(unsigned i) const { return cpus_[i]; }

    // Starts every task and waits until all are ready. Throws Error naming
    // the task when one fails or dies first, Interrupted on Ctrl-C.
    void start(const TaskBody& body);
    // Opens the gate: every task starts its loop.
    void go();
    // Each task's counter now.
    std::uint64_t count(unsigned i) const;
    const TaskSlot& slot(unsigned i) const { return *slots_[i]; }
    // Throws Error when a task failed or a task process died.
    void checkHealthy();
    // Sets the stop flag and waits for every task; then checkHealthy().
    void stop();

private:
    Model model_;
    std::vector<std::vector<int>> cpus_;
    void* area_ = nullptr;
    std::size_t areaBytes_ = 0;
    std::atomic<int>* stop_ = nullptr;
    std::vector<TaskSlot*> slots_;
    Pipe gate_;
    bool gateOpen_ = false;
    std::vector<ChildProcess> processes_;
    std::vector<std::thread> threads_;

    void runTask(unsigned i, const TaskBody& body);
    void stopNoThrow() noexcept;
};

}  // namespace mmtp::syscallscale
