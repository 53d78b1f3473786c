// stress-ng --metrics-brief logs, as MMTests' stressng extract-report.pl reads
// them: after the "(secs)" header line, every line's 6th field after the last
// "] " is the bogo ops/s (real time) of the stressor named in its 1st field.
// Client counts come from stressng-C-1.log, files in glob order, no sorting.
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"

#include <algorithm>
#include <regex>
#include <set>

namespace mmtp::compare {

Rows parseStressNgMetrics(const std::filesystem::path& logsDir, Warnings& warnings) {
    static const std::regex kAnyCharLog(".log");
    static const std::regex kMinusOneLog("-1.log$");
    std::set<std::string> unique;
    for (const std::string& n : listDirectory(logsDir)) unique.insert(uncompressedName(n));
    std::vector<std::string> names(unique.begin(), unique.end());

    std::vector<std::string> clients;
    for (const std::string& n : globNames(names, "stressng-", "-1.log"))
        clients.push_back(std::regex_replace(n.substr(9), kMinusOneLog, ""));
    std::stable_sort(clients.begin(), clients.end(),
                     [](const std::string& a, const std::string& b) { return numify(a) < numify(b); });

    Rows rows;
    for (const std::string& client : clients) {
        for (const std::string& file : globNames(names, "stressng-" + client + "-")) {
            std::string last = file.substr(file.rfind('-') + 1);
            std::string iteration = std::regex_replace(last, kAnyCharLog, "", std::regex_constants::format_first_only);
            auto text = readLog(logsDir / file);
            if (!text) continue;
            bool reading = false;
            int lineNr = 0;
            for (std::string line : splitLines(*text)) {
                ++lineNr;
                if (line.find("(secs)") != std::string::npos) {
                    reading = true;
                    continue;
                }
                if (!reading) continue;
                const std::string raw = line;
                if (std::size_t p = line.rfind("] "); p != std::string::npos) line.erase(0, p + 2);
                std::vector<std::string> e = perlSplitWhitespace(line);
                auto at = [&e](std::size_t i) { return i < e.size() ? e[i] : std::string(); };
                if (line.find("metrc:") == std::string::npos && raw.find("metrc:") != std::string::npos &&
                    !looksLikeNumber(at(5)))
                    warnings.push_back((logsDir / file).string() + ":" + std::to_string(lineNr) +
                                       ": stress-ng metrics line without bogo ops/s (real time)");
                rows.push_back({"bops-" + at(0), client, "_", iteration, at(5), "_"});
            }
        }
    }
    return rows;
}

}  // namespace mmtp::compare
