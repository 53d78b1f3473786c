// failure_cause.hpp - why a workload failed, when it was the machine: our
// workloads end a run they cannot measure with a line naming the boot
// parameter that would give them what they lack ("... no per-task
// indirect-branch control here ...; boot with spectre_v2_user=prctl"), and
// run-config keeps their output in iter-N/BENCH/logs/mmtests.log(.gz).
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::compare {

// The capability a failed benchmark said it lacked, as "per-task
// indirect-branch control absent (spectre_v2_user=prctl)", from the first
// iteration of runDir whose log says "boot with PARAM"; nullopt when none
// does. The log is read bounded and a refused one is skipped.
std::optional<std::string> missingCapability(const std::filesystem::path& runDir, const std::string& bench);

// The same from one log's text.
std::optional<std::string> missingCapabilityInLog(const std::string& text);

}  // namespace mmtp::compare
