#include "fiolike/duration.hpp"

#include "common/duration_estimate.hpp"
#include "fiolike/settings.hpp"

namespace mmtp::fiolike {

namespace {
constexpr double kJobSetupSeconds = 1.0;  // the file laid out, the job's threads started and joined
}  // namespace

std::optional<double> estimatedSeconds(const OptionValues& v) {
    const double jobs = double(splitList(v.text("rw"), "rw").size() * splitList(v.text("iodepth"), "iodepth").size());
    const double seconds =
        double(parseDurationNs(v.text("runtime"), "runtime") + parseDurationNs(v.text("ramp_time"), "ramp_time")) / 1e9;
    if (seconds <= 0) return std::nullopt;
    return kProcessStartSeconds + jobs * (seconds + kJobSetupSeconds);
}

}  // namespace mmtp::fiolike
