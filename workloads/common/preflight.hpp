// preflight.hpp - checks a workload's supported() makes before it measures
// anything, so that a run never measures first and then fails to write.
#pragma once
#include <filesystem>
#include <string>

namespace mmtp {

// Creates dir and proves a file can be created there (access(W_OK) is
// always true for root). Throws UsageError naming the option and the dir.
// Remembers the directories it created, for removeCreatedDirsIfEmpty.
void requireWritableDir(const std::filesystem::path& dir, const std::string& option);

// At the end of a run (workloadMain, whatever the outcome): rmdir()s the
// directories requireWritableDir created, deepest first. One that holds
// anything (the results of a run, a file someone put there) stays; a
// --logdir or --testdir of a failed or interrupted run is not left behind.
void removeCreatedDirsIfEmpty() noexcept;

// The file execvp would run for name (searched in PATH unless it has a '/'),
// or "" when there is none.
std::string findExecutable(const std::string& name);

}  // namespace mmtp
