#include "common/progress.hpp"

#include "base/clock.hpp"

#include <utility>

namespace mmtp {

namespace {

std::uint64_t roundedSeconds(std::uint64_t ns) { return (ns + 500'000'000u) / 1'000'000'000u; }

}  // namespace

std::uint64_t etaSeconds(std::uint64_t elapsedNs, unsigned done, unsigned total) {
    if (done == 0 || done >= total) return 0;
    // mean * left, in ns, before rounding: (elapsed / done) * (total - done)
    const long double left = static_cast<long double>(elapsedNs) * (total - done) / done;
    return roundedSeconds(static_cast<std::uint64_t>(left));
}

std::string progressLine(const std::string& who, unsigned done, unsigned total, std::uint64_t elapsedNs,
                         const std::string& what, const std::string& unit) {
    std::string line = who + ": " + unit + " " + std::to_string(done) + "/" + std::to_string(total) + " done";
    if (!what.empty()) line += " (" + what + ")";
    line += ", elapsed " + std::to_string(roundedSeconds(elapsedNs)) + "s, ETA " +
            std::to_string(etaSeconds(elapsedNs, done, total)) + "s";
    return line;
}

Progress::Progress(std::string who, unsigned total, std::ostream& out, std::string unit)
    : who_(std::move(who)), unit_(std::move(unit)), total_(total), out_(out), startNs_(monotonicNs()) {}

void Progress::iterationDone(const std::string& what) {
    ++done_;
    out_ << progressLine(who_, done_, total_, monotonicNs() - startNs_, what, unit_) << std::endl;
}

}  // namespace mmtp
