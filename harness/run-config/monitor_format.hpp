// monitor_format.hpp - the line rewriting MMTests' monitors do between a
// tool and its log, as pure functions so tests can feed them lines:
//   monitors/latency-output    "%16.4f %8.4f %10.4f -- LINE" (MONITORS_WITH_LATENCY)
//   watch-mpstat.sh's perl     "time: EPOCH" after every blank line
//   watch-top.sh's perl        "time: EPOCH short|full" before each frame,
//                              and (short) only tasks with non-zero %CPU
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::runconfig {

// latency-output: now (epoch s), seconds since the stamper started, seconds
// since the previous line.
class LatencyStamp {
public:
    explicit LatencyStamp(double startEpoch) : start_(startEpoch), last_(startEpoch) {}
    std::string stamp(const std::string& line, double nowEpoch);
private:
    double start_, last_;
};

// A monitor's line filter: the lines to write for one line of tool output.
using LineFilter = std::function<std::vector<std::string>(const std::string& line, long long nowEpoch)>;

LineFilter mpstatFilter();
// activeOnly: watch-top.sh's default (MONITOR_TOP_ACTIVEONLY=yes).
LineFilter topFilter(bool activeOnly);

// Perl's numeric value of a string ("12.5%" -> 12.5, "abc" -> 0).
double perlNumber(const std::string& s);

}  // namespace mmtp::runconfig
