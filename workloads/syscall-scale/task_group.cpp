#include "syscall-scale/task_group.hpp"

#include "base/errors.hpp"
#include "common/cpu_pin.hpp"
#include "common/signals.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <new>
#include <poll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

namespace mmtp::syscallscale {

Model parseModel(const std::string& text) {
    if (text == "processes") return Model::Processes;
    if (text == "threads") return Model::Threads;
    throw UsageError("--models: use processes or threads (got '" + text + "')");
}

const char* modelName(Model m) { return m == Model::Processes ? "processes" : "threads"; }

namespace {

double tvSec(const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; }

void failSlot(TaskSlot& s, const std::string& what) {
    std::snprintf(s.what, sizeof s.what, "%s", what.c_str());
    std::atomic_ref<int>(s.failed).store(1, std::memory_order_release);
}

}  // namespace

void sleepUntilNs(std::uint64_t deadlineNs) {
    timespec ts{time_t(deadlineNs / 1000000000u), long(deadlineNs % 1000000000u)};
    while (::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) throwIfInterrupted();
    throwIfInterrupted();
}

void TaskContext::readyThenWait() {
    std::atomic_ref<int>(slot_.ready).store(1, std::memory_order_release);
    pollfd p{gateFd_, POLLIN, 0};
    while (::poll(&p, 1, -1) < 0 && errno == EINTR) {
    }
}

TaskGroup::TaskGroup(Model model, std::vector<std::vector<int>> cpus) : model_(model), cpus_(std::move(cpus)) {
    // One line for the stop flag, then one slot per task.
    areaBytes_ = kSlotBytes * (cpus_.size() + 1);
    area_ = ::mmap(nullptr, areaBytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (area_ == MAP_FAILED) throw Error(errnoMessage("mmap of the task counters"));
    char* base = static_cast<char*>(area_);
    stop_ = new (base) std::atomic<int>(0);
    for (std::size_t i = 0; i < cpus_.size(); ++i) slots_.push_back(new (base + kSlotBytes * (i + 1)) TaskSlot{});
}

TaskGroup::~TaskGroup() {
    stopNoThrow();
    ::munmap(area_, areaBytes_);
}

void TaskGroup::runTask(unsigned i, const TaskBody& body) {
    TaskSlot& s = *slots_[i];
    try {
        pinTask(0, cpus_[i]);
        TaskContext ctx(i, s, *stop_, gate_.read.get());
        body(ctx);
        rusage ru{};
        ::getrusage(RUSAGE_THREAD, &ru);
        s.usr = tvSec(ru.ru_utime);
        s.sys = tvSec(ru.ru_stime);
    } catch (const std::exception& e) {
        failSlot(s, e.what());
    }
}

void TaskGroup::start(const TaskBody& body) {
    for (unsigned i = 0; i < size(); ++i) {
        if (model_ == Model::Processes) {
            processes_.push_back(ChildProcess::fork([this, i, &body] {
                runTask(i, body);
                return slots_[i]->failed ? kExitFailure : kExitOk;
            }));
        } else {
            threads_.emplace_back([this, i, &body] { runTask(i, body); });
        }
    }
    // Every task ready, or the first failure.
    for (;;) {
        throwIfInterrupted();
        checkHealthy();
        unsigned ready = 0;
        for (const TaskSlot* s : slots_) ready += std::atomic_ref<const int>(s->ready).load(std::memory_order_acquire);
        if (ready == size()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

void TaskGroup::go() {
    const char byte = 1;
    if (::write(gate_.write.get(), &byte, 1) != 1) throw Error(errnoMessage("writing the start gate"));
    gateOpen_ = true;
}

std::uint64_t TaskGroup::count(unsigned i) const {
    return std::atomic_ref<std::uint64_t>(slots_[i]->count).load(std::memory_order_relaxed);
}

void TaskGroup::checkHealthy() {
    for (unsigned i = 0; i < size(); ++i)
        if (std::atomic_ref<const int>(slots_[i]->failed).load(std::memory_order_acquire))
            throw Error("task " + std::to_string(i) + ": " + slots_[i]->what);
    for (unsigned i = 0; i < processes_.size(); ++i) {
        ChildProcess& p = processes_[i];
        if (!p.active()) {
            if (p.status() && p.status()->success()) continue;
        } else if (!p.poll()) {
            continue;
        }
        if (std::atomic_ref<const int>(slots_[i]->failed).load(std::memory_order_acquire))
            throw Error("task " + std::to_string(i) + ": " + slots_[i]->what);
        if (!p.status()->success() || stop_->load() == 0)
            throw Error("task " + std::to_string(i) + " (pid " + std::to_string(p.pid()) + ") " + p.status()->describe());
    }
}

void TaskGroup::stop() {
    stop_->store(1, std::memory_order_relaxed);
    if (!gateOpen_) go();  // a task waiting at the gate sees the flag at once
    for (ChildProcess& p : processes_)
        if (p.active()) p.waitThroughInterrupts();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
    checkHealthy();
}

void TaskGroup::stopNoThrow() noexcept {
    stop_->store(1, std::memory_order_relaxed);
    if (!gateOpen_) {
        const char byte = 1;
        if (::write(gate_.write.get(), &byte, 1) == 1) gateOpen_ = true;
    }
    for (ChildProcess& p : processes_)
        if (p.active()) p.stop(std::chrono::milliseconds(500));
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
}

}  // namespace mmtp::syscallscale
