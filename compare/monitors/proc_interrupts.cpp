// MonitorProcinterrupts.pm: per interrupt source of proc-interrupts-BENCH
// (the names after the per-CPU counts, joined with '-'), the interrupts over
// all CPUs between two snapshots, kept when more than 10. Operations are
// the sources that ever fired, sorted (the last iteration's list wins).
#include "monitors/framing.hpp"
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

// A line's interrupt source and its count over all CPUs ("" for no source).
std::pair<std::string, double> sourceCount(const std::string& line) {
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
    return {source, nr};
}

// The interrupts per source since the previous snapshot, kept when more than 10.
void reportFired(const std::map<std::string, double>& sources, const std::map<std::string, double>& lastSources,
                 double sample, std::set<std::string>& fired, Rows& rows) {
    for (const auto& [source, total] : sources) {
        auto last = lastSources.find(source);
        double count = total - (last == lastSources.end() ? 0 : last->second);
        if (count > 10) {
            rows.push_back(monitorRow(source, sample, exactText(count)));
            fired.insert(source);
        }
    }
}

// One iteration; returns the sources that fired in it.
std::set<std::string> readInterrupts(const std::filesystem::path& iterDir, const std::string& benchmark, Rows& rows) {
    double timestamp = 0, start = 0;
    std::map<std::string, double> sources, lastSources;
    std::set<std::string> fired;
    std::vector<std::string> lines = monitorLogLines(iterDir, "proc-interrupts", benchmark);
    for (std::size_t n = 0; n < lines.size(); ++n) {
        std::string line = lines[n];
        // s/.* -- //: drop the timing prefix (up to the last " -- ").
        if (std::size_t p = line.rfind(" -- "); p != std::string::npos) line.erase(0, p + 4);
        line = trimLeft(line);
        if (std::optional<double> stamp = timeStamp(line)) {
            if (start == 0) start = *stamp;
            else if (timestamp - start > 0) reportFired(sources, lastSources, timestamp - start, fired, rows);
            lastSources = std::move(sources);
            sources.clear();
            timestamp = *stamp;
            ++n;  // the CPU header line
            continue;
        }
        auto [source, nr] = sourceCount(line);
        if (!source.empty()) sources[canonicalSource(source)] += nr;
    }
    return fired;
}

}  // namespace

MonitorRun parseProcInterruptsMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                      MonitorSession&) {
    std::optional<std::vector<std::string>> operations;  // the last iteration's
    MonitorRun run = readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        std::set<std::string> fired = readInterrupts(iterDir, r.benchmark, rows);
        operations = std::vector<std::string>(fired.begin(), fired.end());
    });
    run.operations = std::move(operations);
    return run;
}

}  // namespace mmtp::compare
