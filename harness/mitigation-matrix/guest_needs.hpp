// guest_needs.hpp - what the config's workloads need in the guest, in their
// own words: each answers --print-needs (common/workload_main.hpp) with
// "KIND VALUE" lines, so the image builder names no workload. The matrix
// asks the binaries it was built with (beside it), never the config.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

struct WorkloadNeeds {
    std::vector<std::string> programs;              // "program NAME": from this machine's PATH
    std::vector<std::string> siblings;              // "sibling NAME": another of our binaries, beside it
    std::vector<std::string> users;                 // "user NAME": an account the guest must have
    std::vector<std::string> scratchDiskVariables;  // "scratch-disk VAR": set to the guest's scratch disk
};

// The lines of `BENCH --print-needs`, merged into `into` (each value once).
// Throws Error naming the bench on an unknown kind or a value that is not a
// plain name (letters, digits, `. _ + -`; a variable: a shell name).
void addNeeds(WorkloadNeeds& into, const std::string& text, const std::string& bench);

// Runs BINARY --print-needs (output bounded) and adds what it says.
void askNeeds(WorkloadNeeds& into, const std::filesystem::path& binary);

}  // namespace mmtp::matrix
