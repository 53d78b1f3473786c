// ibpb-pulse's record (our shellpack's parse-results): one after-mask row per
// pulsed CPU from the helper's JSON lines in ibpb-pulse.json, ordered by CPU
// number, then the count of CPUs pulsed.
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

// awk's `v = $0; sub(/.*"KEY":/, "", v); sub(/[,}].*/, "", v)`: after the
// last "KEY": (the whole line when there is none), up to the first , or }.
std::string awkValueAfter(const std::string& line, const std::string& key, bool& found) {
    std::size_t p = line.rfind(key);
    found = p != std::string::npos;
    std::string v = found ? line.substr(p + key.size()) : line;
    return v.substr(0, v.find_first_of(",}"));
}

}  // namespace

Rows parseIbpbPulseJson(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows;
    auto text = readLog(logsDir / "ibpb-pulse.json");
    if (!text) return rows;
    int lineNr = 0, pulsed = 0;
    for (const std::string& line : splitLines(*text)) {
        ++lineNr;
        if (line.empty() || line[0] != '{') continue;
        bool hasCpu = false, hasAfter = false;
        std::string cpu = awkValueAfter(line, "\"cpu\":", hasCpu);
        std::string after = awkValueAfter(line, "\"after\":", hasAfter);
        if (!hasCpu || !hasAfter)
            warnings.push_back((logsDir / "ibpb-pulse.json").string() + ":" + std::to_string(lineNr) +
                               ": JSON line without \"cpu\" and \"after\"");
        rows.push_back({"after-mask", "cpu" + cpu, "_", "1", after, "_"});
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
