#include "syscall-scale/duration.hpp"

#include "common/duration_estimate.hpp"
#include "syscall-scale/settings.hpp"

#include <sstream>

namespace mmtp::syscallscale {

namespace {

constexpr double kRunSetupSeconds = 0.1;    // tasks started and stopped, per run
constexpr double kFstimePassSeconds = 4;    // fstime's 2 s write and 2 s read passes
constexpr double kFstimeSleepSeconds = 11;  // its sleeps before the passes (--settle yes)

// "a,b c" counts 3, as the settings split a list.
double listed(const std::string& text) {
    std::string words = text;
    for (char& c : words)
        if (c == ',') c = ' ';
    std::istringstream in(words);
    double n = 0;
    for (std::string w; in >> w;) ++n;
    return n;
}

double taskCounts(const OptionValues& v) {
    return double(powerTwoSweep(v.number<unsigned>("min-threads"), v.number<unsigned>("max-threads")).size());
}

}  // namespace

std::optional<double> wisSeconds(const OptionValues& v) {
    return kProcessStartSeconds +
           listed(v.text("workloads")) * listed(v.text("models")) * taskCounts(v) *
               (double(v.integer("warmup")) + double(v.integer("iterations")) + kRunSetupSeconds);
}

std::optional<double> nullSeconds(const OptionValues& v) {
    return kProcessStartSeconds +
           taskCounts(v) * double(v.integer("iterations")) * (double(v.integer("runtime")) + kRunSetupSeconds);
}

std::optional<double> fsbufferSeconds(const OptionValues& v) {
    const double sleeps = v.yes("settle") ? kFstimeSleepSeconds : 0.0;
    return kProcessStartSeconds +
           double(v.integer("iterations")) * (double(v.integer("runtime")) + kFstimePassSeconds + sleeps);
}

}  // namespace mmtp::syscallscale
