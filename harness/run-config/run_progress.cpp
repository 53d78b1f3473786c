#include "run-config/run_progress.hpp"

#include <cmath>

namespace mmtp::runconfig {

RunProgress::RunProgress(int iterations, std::vector<std::string> benches,
                         std::vector<std::optional<double>> estimates, double overhead)
    : iterations_(iterations), benches_(std::move(benches)), estimates_(std::move(estimates)), overhead_(overhead),
      measuredSum_(benches_.size(), 0.0), measuredCount_(benches_.size(), 0) {
    estimates_.resize(benches_.size());
}

double RunProgress::learnedRatio() const {
    double measured = 0, estimated = 0;
    for (std::size_t b = 0; b < benches_.size(); ++b)
        if (measuredCount_[b] > 0 && estimates_[b] && *estimates_[b] > 0) {
            measured += measuredSum_[b] / measuredCount_[b];
            estimated += *estimates_[b];
        }
    return estimated > 0 ? measured / estimated : 1.0;
}

std::optional<double> RunProgress::predict(std::size_t bench) const {
    if (measuredCount_[bench] > 0) return measuredSum_[bench] / measuredCount_[bench];
    if (estimates_[bench]) return *estimates_[bench] * learnedRatio();
    return std::nullopt;
}

double RunProgress::predictOverhead() const { return overheadCount_ > 0 ? overheadSum_ / overheadCount_ : overhead_; }

std::optional<double> RunProgress::remaining(int iteration, std::size_t bench) const {
    double left = 0;
    for (int it = iteration; it < iterations_; ++it) {
        for (std::size_t b = it == iteration ? bench : 0; b < benches_.size(); ++b) {
            std::optional<double> p = predict(b);
            if (!p) return std::nullopt;
            left += *p;
        }
        // The current iteration's overhead is mostly spent before its first benchmark.
        if (it > iteration || bench == 0) left += predictOverhead();
    }
    return left;
}

std::string RunProgress::line(int iteration, std::size_t bench, double elapsedSeconds) const {
    std::optional<double> left = remaining(iteration, bench);
    return "run-config: iteration " + std::to_string(iteration + 1) + "/" + std::to_string(iterations_) +
           ", benchmark " + std::to_string(bench + 1) + "/" + std::to_string(benches_.size()) + " (" +
           benches_[bench] + "), elapsed " + std::to_string(std::lround(elapsedSeconds)) + "s, ETA " +
           (left ? std::to_string(std::lround(*left)) + "s" : std::string("unknown"));
}

void RunProgress::benchDone(std::size_t bench, double seconds) {
    measuredSum_[bench] += seconds;
    measuredCount_[bench] += 1;
    benchSecondsThisIteration_ += seconds;
}

void RunProgress::iterationDone(double seconds) {
    overheadSum_ += std::max(0.0, seconds - benchSecondsThisIteration_);
    overheadCount_ += 1;
    benchSecondsThisIteration_ = 0;
}

}  // namespace mmtp::runconfig
