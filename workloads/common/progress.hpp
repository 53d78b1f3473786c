// progress.hpp - "where is it" lines for a long run: after each iteration,
// "WHO: iteration x/y done, elapsed Ns, ETA Ms" on the workload's stdout,
// the ETA being the mean iteration time so far times what is left. Printed
// between iterations only, never inside a measured loop. The lines start
// with the workload's name, so greps for the older "iteration x/y" lines
// (tests, shellpacks) do not see them.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

namespace mmtp {

// Seconds left when `done` of `total` iterations took `elapsedNs`: the mean
// so far times the iterations left, rounded to the nearest second. 0 when
// nothing has finished yet or nothing is left.
std::uint64_t etaSeconds(std::uint64_t elapsedNs, unsigned done, unsigned total);

// "WHO: UNIT x/y done[ (what)], elapsed Ns, ETA Ms" (no newline). The unit
// is "iteration" (one repetition of the measurement, docs/clock-check.md),
// or what the workload repeats instead (fiolike: "job").
std::string progressLine(const std::string& who, unsigned done, unsigned total, std::uint64_t elapsedNs,
                         const std::string& what = "", const std::string& unit = "iteration");

class Progress {
public:
    // The clock starts now.
    Progress(std::string who, unsigned total, std::ostream& out, std::string unit = "iteration");
    // Call after each iteration; `what` names it (e.g. "clients 4").
    void iterationDone(const std::string& what = "");
    unsigned done() const { return done_; }

private:
    std::string who_;
    std::string unit_;
    unsigned total_;
    unsigned done_ = 0;
    std::ostream& out_;
    std::uint64_t startNs_;
};

}  // namespace mmtp
