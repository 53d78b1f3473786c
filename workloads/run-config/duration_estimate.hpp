// duration_estimate.hpp - how long one iteration of a benchmark takes, from
// the config variables that size it, for run-config --dry-run. The rates
// are measured on a 2-CPU VM (README: by-hand runs); a bench this file does
// not know gets no estimate rather than a guess.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace mmtp::runconfig {

// The largest value of a setting the estimate multiplies (loops, requests,
// seconds): past it, negative or not finite (1e308, inf) is a UsageError
// naming the variable; products of valid ones are saturated where they are
// shown (run_plan.hpp, kMaxEstimateSeconds).
inline constexpr double kMaxSettingValue = 1'000'000'000'000.0;

std::optional<double> benchSeconds(const std::string& bench, const std::map<std::string, std::string>& env);

// The counts MMTests sweeps between MIN and MAX (1, 2, 4, ..., MAX).
int powerOfTwoSteps(long minimum, long maximum);

}  // namespace mmtp::runconfig
