#include "pipe-pingpong/duration.hpp"

#include "common/duration_estimate.hpp"

namespace mmtp::pipepingpong {

std::optional<double> estimatedSeconds(const OptionValues& v) {
    return kProcessStartSeconds + double(v.integer("iterations")) * double(v.integer("loops")) * kRoundTripSeconds;
}

}  // namespace mmtp::pipepingpong
