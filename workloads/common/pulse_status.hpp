// pulse_status.hpp - the contract between ibpb-pulse and any workload measured
// after it. ibpb-pulse writes $LOGDIR_RESULTS/ibpb-pulse.status, "ok MODE
// NCPUS" or "failed MODE EXIT"; a workload told which pulse must precede it
// (--after-ibpb-pulse, one row in every measured workload's table) checks the
// file in its supported() preflight and refuses to measure an A/B arm whose
// pulse failed, because MMTests and run-config go on to the next benchmark
// regardless.
#pragma once
#include "common/option_table.hpp"
#include "common/settings_table.hpp"

#include <filesystem>
#include <string>

namespace mmtp {

inline constexpr const char* kPulseStatusFile = "ibpb-pulse.status";

// Writes DIR/ibpb-pulse.status atomically.
void writePulseStatus(const std::filesystem::path& logdir, const std::string& mode, bool ok, long detail);

// Reads DIR/ibpb-pulse.status; empty string when it says "ok MODE ...",
// else why not (missing, failed, other mode).
std::string checkPulseStatus(const std::filesystem::path& logdir, const std::string& mode);

// The row: --after-ibpb-pulse sham|protect, falling back to envVar
// (e.g. REDIS_ZPOPMIN_AFTER_IBPB_PULSE); absent unless given.
OptionSpec afterPulseOption(const char* envVar);
// The row's value, or "" when not given.
std::string afterPulseMode(const OptionValues& v);
// The row bound to a workload's field: "" when not given.
template <class S>
BoundOption<S> afterPulseRow(const char* envVar, std::string S::*field) {
    return bind(afterPulseOption(envVar), field);
}

// Where the ibpb-pulse step of the same iteration logged: MMTests and
// run-config give each benchmark ITER/BENCH/logs, so it is the sibling
// ITER/ibpb-pulse/logs of a workload's log directory.
std::filesystem::path pulseLogsBeside(const std::filesystem::path& logdir);

// For supported(): nothing when mode is ""; otherwise throws Error (exit 1,
// a failed step of the run, not a missing feature of the machine)
// "--after-ibpb-pulse MODE: refusing to measure: WHY" unless the sibling
// ibpb-pulse.status says "ok MODE".
void requirePulseBefore(const std::string& mode, const std::filesystem::path& logdir);

}  // namespace mmtp
