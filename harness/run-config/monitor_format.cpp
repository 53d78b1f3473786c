#include "run-config/monitor_format.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>

namespace mmtp::runconfig {

std::string LatencyStamp::stamp(const std::string& line, double now) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%16.4f %8.4f %10.4f -- ", now, now - start_, now - last_);
    last_ = now;
    return buf + line;
}

LineFilter mpstatFilter() {
    return [](const std::string& line, long long now) {
        std::vector<std::string> out{line};
        if (line.empty()) out.push_back("time: " + std::to_string(now));
        return out;
    };
}

double perlNumber(const std::string& s) {
    std::size_t i = s.find_first_not_of(" \t");
    if (i == std::string::npos) return 0;
    return std::strtod(s.c_str() + i, nullptr);
}

LineFilter topFilter(bool activeOnly) {
    auto cpuColumn = std::make_shared<std::optional<std::size_t>>();
    return [activeOnly, cpuColumn](const std::string& line, long long now) {
        std::vector<std::string> out;
        if (line.rfind("top -", 0) == 0)
            out.push_back("time: " + std::to_string(now) + (activeOnly ? " short" : " full"));
        if (!activeOnly) {
            out.push_back(line);
            return out;
        }
        std::istringstream in(line);
        std::vector<std::string> fields;
        for (std::string f; in >> f;) fields.push_back(f);
        if (!*cpuColumn && line.find("%CPU") != std::string::npos)
            for (std::size_t i = 0; i < fields.size(); ++i)
                if (fields[i] == "%CPU") {
                    *cpuColumn = i;
                    break;
                }
        bool numericFirst = !fields.empty() && fields[0].find_first_of("0123456789") != std::string::npos;
        bool busy = *cpuColumn && **cpuColumn < fields.size() && perlNumber(fields[**cpuColumn]) != 0;
        if (!numericFirst || busy) out.push_back(line);
        return out;
    };
}

}  // namespace mmtp::runconfig
