// vmstat.hpp - each run's vmstat samples for one benchmark, read
// once (monitors/vmstat_by_header: by vmstat's header, not MonitorVmstat.pm's
// field numbers) for our sections: the mitigation costs and the HTML's CPU,
// context switch and interrupt charts.
#pragma once
#include "kernels/model.hpp"

#include <cmath>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Every run's iter-*/vmstat-BENCH, in the runs' order.
std::vector<RunVmstat> readRunsVmstat(const std::filesystem::path& logDir, const std::vector<std::string>& runs,
                                      const std::string& benchmark);

// The statistic each figure is, for headings and the JSON.
inline constexpr const char* kCostsStatistic =
    "mean over every vmstat sample of every iteration (vmstat's first report, the averages since boot, left out), "
    "columns found by vmstat's header";

// nullopt when no run recorded vmstat for the benchmark. A failed,
// interrupted, incomplete or log-less run measured nothing to trust: it has
// no figures and says why, unless includeInvalid (then `invalid` says why).
std::optional<std::vector<RunCosts>> mitigationCosts(const std::vector<RunVmstat>& vmstat,
                                                     const std::vector<RunValidity>& validity, bool includeInvalid);

}  // namespace mmtp::compare
