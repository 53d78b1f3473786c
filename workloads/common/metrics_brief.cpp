#include "common/metrics_brief.hpp"

#include "base/text_format.hpp"

#include <cinttypes>

namespace mmtp {

std::string durationText(unsigned seconds) {
    std::string s = std::to_string(seconds) + " second";
    if (seconds <= 60) return s;
    const unsigned days = seconds / 86400, hours = seconds / 3600 % 24, mins = seconds / 60 % 60;
    std::string parts;
    auto add = [&parts](unsigned v, const char* unit) {
        if (v) parts += std::to_string(v) + " " + unit + (v > 1 ? "s" : "") + ", ";
    };
    add(days, "day");
    add(hours, "hour");
    add(mins, "min");
    return s + " (" + parts + formatText("%.2f secs", static_cast<double>(seconds % 60)) + ")";
}

std::string formatMetricsBrief(const MetricsBrief& m) {
    const std::string info = formatText("stress-ng: info:  [%d] ", m.pid);
    const std::string metrc = formatText("stress-ng: metrc: [%d] ", m.pid);
    std::string out;
    if (!m.note.empty()) out += info + m.note + "\n";
    out += info + "setting to a " + durationText(m.runtimeSec) + " run per stressor\n";
    out += info + formatText("dispatching hogs: %u %s\n", m.instances, m.stressor.c_str());
    out += metrc + formatText("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s\n", "stressor", "bogo ops",
                       "real time", "usr time", "sys time", "bogo ops/s", "bogo ops/s");
    out += metrc + formatText("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s\n", "", "", "(secs) ", "(secs) ",
                       "(secs) ", "(real time)", "(usr+sys time)");
    const double cpu = m.usrTime + m.sysTime;
    const double rateReal = m.realTime > 0 ? static_cast<double>(m.ops) / m.realTime : 0.0;
    const double rateCpu = cpu > 0 ? static_cast<double>(m.ops) / cpu : 0.0;
    out += metrc + formatText("%-13s %9" PRIu64 " %9.2f %9.2f %9.2f %12.2f %14.2f\n", m.stressor.c_str(),
                       m.ops, m.realTime, m.usrTime, m.sysTime, rateReal, rateCpu);
    out += info + formatText("successful run completed in %.2fs\n", m.wallTime);
    return out;
}

}  // namespace mmtp
