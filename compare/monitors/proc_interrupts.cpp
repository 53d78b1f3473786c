// MonitorProcinterrupts.pm: per interrupt source of proc-interrupts-BENCH
// (the names after the per-CPU counts, joined with '-'), the interrupts over
// all CPUs between two snapshots, kept when more than 10. Operations are
// the sources that ever fired, sorted (the last iteration's list wins).
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>
#include <regex>
#include <set>

namespace mmtp::compare {

namespace {

// The source's name with MMTests' renames (msixN, MSI-N, TxRx-N).
std::string canonicalSource(std::string source) {
    static const std::regex kMsix("msix[0-9]+"), kMsi("MSI-[0-9]+"), kTxRx("TxRx-[0-9]+");
    source = std::regex_replace(source, kMsix, "msixN", std::regex_constants::format_first_only);
    source = std::regex_replace(source, kMsi, "MSI-N");
    return std::regex_replace(source, kTxRx, "TxRx-N");
}

bool endsInDigit(const std::string& s) { return !s.empty() && s.back() >= '0' && s.back() <= '9'; }

}  // namespace

MonitorRun parseProcInterruptsMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                      MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+)");
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0;
        std::map<std::string, double> sources, lastSources;
        std::set<std::string> fired;
        std::vector<std::string> lines = monitorLogLines(iterDir, "proc-interrupts", r.benchmark);
        for (std::size_t n = 0; n < lines.size(); ++n) {
            std::string line = lines[n];
            // s/.* -- //: drop the timing prefix (up to the last " -- ").
            if (std::size_t p = line.rfind(" -- "); p != std::string::npos) line.erase(0, p + 4);
            line = trimLeft(line);
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                if (start == 0) {
                    start = numify(m[1].str());
                } else if (timestamp - start > 0) {
                    for (const auto& [source, total] : sources) {
                        auto last = lastSources.find(source);
                        double count = total - (last == lastSources.end() ? 0 : last->second);
                        if (count > 10) {
                            rows.push_back(monitorRow(source, timestamp - start, exactText(count)));
                            fired.insert(source);
                        }
                    }
                }
                lastSources = std::move(sources);
                sources.clear();
                timestamp = numify(m[1].str());
                ++n;  // the CPU header line
                continue;
            }
            std::vector<std::string> e = splitBlankRuns(line);
            std::string source;
            double nr = 0;
            bool readingCpus = true;
            for (std::size_t i = 1; i < e.size(); ++i) {
                if (readingCpus && endsInDigit(e[i])) {
                    nr += numify(e[i]);
                } else {
                    readingCpus = false;
                    source += (source.empty() ? "" : "-") + e[i];
                }
            }
            if (!source.empty()) sources[canonicalSource(source)] += nr;
        }
        run.operations = std::vector<std::string>(fired.begin(), fired.end());
    }
    return run;
}

}  // namespace mmtp::compare
