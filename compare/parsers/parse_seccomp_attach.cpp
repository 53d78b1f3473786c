// seccomp-churn's attach-latency report (-a attach), as its shellpack's
// parse-results-attach prints it: per client count (numeric order) and
// iteration file, the p50/p95/p99/max seccomp() attach latency in usecs.
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace mmtp::compare {

Rows parseSeccompChurnAttach(const std::filesystem::path& logsDir, Warnings& warnings) {
    static const std::string kPrefix = "seccomp-churn-", kSuffix = ".extra";
    std::set<std::string> unique;
    for (const std::string& n : listDirectory(logsDir)) unique.insert(uncompressedName(n));
    std::vector<std::string> names(unique.begin(), unique.end());

    std::vector<std::string> clients;
    for (const std::string& n : globNames(names, kPrefix, "-1" + kSuffix))
        clients.push_back(n.substr(kPrefix.size(), n.size() - kPrefix.size() - 2 - kSuffix.size()));
    Rows rows;
    for (const std::string& client : sortNumeric(clients)) {
        std::vector<std::string> files = globNames(names, kPrefix + client + "-", kSuffix);
        auto iterationOf = [&](const std::string& f) {
            return f.substr(f.rfind('-') + 1, f.size() - f.rfind('-') - 1 - kSuffix.size());
        };
        std::stable_sort(files.begin(), files.end(), [&](const std::string& a, const std::string& b) {
            return numify(iterationOf(a)) < numify(iterationOf(b));
        });
        for (const std::string& file : files) {
            auto text = readLog(logsDir / file);
            if (!text) continue;
            std::map<std::string, std::string> values;
            for (const std::string& line : splitLines(*text)) {
                std::vector<std::string> f = perlSplitWhitespace(line);
                if (!f.empty() && f[0].empty()) f.erase(f.begin());  // awk's $1 skips leading blanks
                if (f.size() >= 2) values[f[0]] = f[1];
            }
            for (const char* stat : {"p50", "p95", "p99", "max"}) {
                auto it = values.find(std::string("attach-") + stat + "-usecs");
                if (it == values.end()) continue;
                if (!looksLikeNumber(it->second))
                    warnings.push_back((logsDir / file).string() + ": attach-" + stat + "-usecs is not a number");
                rows.push_back({std::string("attach-") + stat, client, "_", iterationOf(file), it->second, "_"});
            }
        }
    }
    return rows;
}

}  // namespace mmtp::compare
