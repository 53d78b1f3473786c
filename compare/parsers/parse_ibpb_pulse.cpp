// ibpb-pulse's record (our shellpack's parse-results): one after-mask row per
// pulsed CPU from the helper's JSON lines in ibpb-pulse.json, ordered by CPU
// number, then the count of CPUs pulsed.
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"

#include <algorithm>
#include <regex>

namespace mmtp::compare {

Rows parseIbpbPulseJson(const std::filesystem::path& logsDir, Warnings& warnings) {
    static const std::regex kCpu("\"cpu\":([^,}]*)");
    static const std::regex kAfter("\"after\":([^,}]*)");
    Rows rows;
    auto text = readLog(logsDir / "ibpb-pulse.json");
    if (!text) return rows;
    int lineNr = 0, pulsed = 0;
    for (const std::string& line : splitLines(*text)) {
        ++lineNr;
        if (line.empty() || line[0] != '{') continue;
        std::smatch cpu, after;
        if (!std::regex_search(line, cpu, kCpu) || !std::regex_search(line, after, kAfter))
            warnings.push_back((logsDir / "ibpb-pulse.json").string() + ":" + std::to_string(lineNr) +
                               ": JSON line without \"cpu\" and \"after\"");
        rows.push_back({"after-mask", "cpu" + cpu.str(1), "_", "1", after.str(1), "_"});
        ++pulsed;
    }
    // sort -k1,1 -k2,2V: by CPU number within after-mask
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return numify(a.factorA.substr(3)) < numify(b.factorA.substr(3));
    });
    rows.push_back({"cpus-pulsed", "_", "_", "1", std::to_string(pulsed), "_"});
    return rows;
}

}  // namespace mmtp::compare
