#include "seccomp-churn/duration.hpp"

#include "common/duration_estimate.hpp"
#include "seccomp-churn/settings.hpp"

namespace mmtp::seccompchurn {

namespace {
constexpr double kRunSetupSeconds = 0.3;  // the run's workers started and reaped
}  // namespace

std::optional<double> estimatedSeconds(const OptionValues& v) {
    const double counts =
        double(powerTwoSweep(v.number<unsigned>("min-threads"), v.number<unsigned>("max-threads")).size());
    return kProcessStartSeconds +
           counts * double(v.integer("iterations")) * (double(v.integer("runtime")) + kRunSetupSeconds);
}

}  // namespace mmtp::seccompchurn
