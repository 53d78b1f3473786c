// wis_cases.hpp - will-it-scale's testcases, each the same system call in
// a loop, as tests/*.c of antonblanchard/will-it-scale writes it: the same
// libc entry point, the same arguments, the same per-task files. The loop
// counts one per call (TaskContext::countOne).
#pragma once
#include "syscall-scale/task_group.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace mmtp::syscallscale {

// What a testcase shares between its tasks (will-it-scale's
// testcase_prepare: a file every task opens). Removed with the run's temp dir.
struct CaseShared {
    std::filesystem::path dir;     // the run's private temp dir
    std::filesystem::path file;    // the shared file, if the case has one
};

struct WisCase {
    const char* name;          // "futex4"
    const char* description;   // will-it-scale's testcase_description
    const char* kernelPath;    // what the call exercises in the kernel (README's table)
    // testcase_prepare, in the parent before any task starts (may be null).
    void (*prepare)(CaseShared& shared, unsigned nrTasks);
    // One task: setup, ctx.readyThenWait(), then the loop until !ctx.running().
    void (*task)(TaskContext& ctx, const CaseShared& shared);
};

const std::vector<WisCase>& wisCases();
// nullptr when there is no such testcase.
const WisCase* findWisCase(const std::string& name);
// "futex1,futex2,..."
std::string wisCaseNames();

}  // namespace mmtp::syscallscale
