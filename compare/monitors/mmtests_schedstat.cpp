// MonitorMmtestsschedstat.pm: /proc/schedstat summed over CPUs before and
// after the benchmark (tests-sysstate), as wakeup and select_idle_sibling
// counts and MMTests' SIS efficiency figures, in its fixed order. Which
// columns exist depends on the schedstat version line.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

const std::vector<std::pair<std::string, std::string>> kFields = {
    {"ttwu_count", "TTWU Count"}, {"ttwu_local", "TTWU Local"}, {"sis_search", "SIS Search"},
    {"sis_domain_search", "SIS Domain Search"}, {"sis_scanned", "SIS Scanned"},
    {"mmtests_sis_domain_scanned", "SIS Domain Scanned"}, {"sis_failed", "SIS Failures"},
    {"sis_core_search", "SIS Core Search"}, {"mmtests_sis_core_hit", "SIS Core Hit"},
    {"sis_core_miss", "SIS Core Miss"}, {"sis_recent_hit", "SIS Recent Used Hit"},
    {"sis_recent_miss", "SIS Recent Used Miss"}, {"mmtests_sis_recent_attempts", "SIS Recent Attempts"},
    {"mmtests_sis_efficiency", "SIS Search Efficiency"}, {"mmtests_sis_domain_efficiency", "SIS Domain Search Eff"},
    {"mmtests_sis_fast_success", "SIS Fast Success Rate"}, {"mmtests_sis_success", "SIS Success Rate"},
    {"mmtests_sis_recent_success", "SIS Recent Success Rate"},
};

using Counts = std::map<std::string, double>;

// One cpuN line's counters for this schedstat version.
Counts cpuCounts(double version, const std::vector<std::string>& e) {
    auto n = [&e](long i) { return numOf(fieldAt(e, i)); };
    Counts c;
    if (version >= 15) {
        c["ttwu_count"] = n(5);
        c["ttwu_local"] = n(6);
    }
    if (version >= 16) {
        c["sis_search"] = n(10);
        c["sis_domain_search"] = n(11);
        c["sis_scanned"] = n(12);
        c["sis_failed"] = n(13);
    }
    if (version >= 17) {
        c["sis_recent_hit"] = n(14);
        c["sis_recent_miss"] = n(15);
    }
    if (version >= 18) {
        c["sis_core_search"] = n(16);
        c["sis_core_miss"] = n(17);
        c["mmtests_sis_core_hit"] = n(16) - n(17);
    }
    return c;
}

Counts schedstatDelta(const std::filesystem::path& iterDir, const std::string& benchRegex) {
    const std::regex begin("^test begin :: " + benchRegex);
    Counts before, after;
    bool test = false;
    SysstateSection in;
    double version = 0;
    for (const std::string& line : requiredLogLines(iterDir, "tests-sysstate")) {
        if (std::regex_search(line, begin)) {
            test = true;
            continue;
        }
        if (!test) continue;
        if (followSysstateMark(line, "/proc/schedstat", "/proc/diskstats", in)) continue;
        if (!in.before && !in.after) continue;
        std::vector<std::string> e = splitEachBlank(line + "\n");
        std::string first = rowText(fieldAt(e, 0));
        if (first == "version") {
            version = numOf(fieldAt(e, 1));
            continue;
        }
        if (first.rfind("cpu", 0) != 0) continue;
        for (const auto& [k, v] : cpuCounts(version, e)) {
            if (in.before) before[k] += v;
            if (in.after) after[k] += v;
        }
    }
    Counts d;
    for (const char* k : {"sis_search", "sis_domain_search", "sis_scanned", "sis_failed", "ttwu_count", "ttwu_local",
                          "sis_recent_hit", "sis_recent_miss", "sis_core_search", "mmtests_sis_core_hit",
                          "sis_core_miss"})
        d[k] = after[k] - before[k];
    return d;
}

Counts figures(Counts s) {
    auto divide = [](double a, double b) {
        if (b == 0) throw MonitorDied("Illegal division by zero");
        return a / b;
    };
    const double fastSearch = s["sis_search"] - s["sis_domain_search"];
    const double domainScanned = s["sis_scanned"] - fastSearch;
    const double recentTotal = s["sis_recent_hit"] + s["sis_recent_miss"];
    s["mmtests_sis_recent_success"] = recentTotal != 0 ? s["sis_recent_hit"] * 100 / recentTotal : 0;
    s["mmtests_sis_recent_attempts"] = recentTotal;
    s["mmtests_sis_efficiency"] = s["sis_scanned"] != 0 ? s["sis_search"] * 100 / s["sis_scanned"] : 100;
    s["mmtests_sis_domain_efficiency"] =
        s["sis_scanned"] != 0 ? divide(s["sis_domain_search"] * 100, domainScanned) : 100;
    s["mmtests_sis_fast_success"] = s["sis_search"] != 0 ? fastSearch * 100 / s["sis_search"] : 100;
    s["mmtests_sis_success"] =
        s["sis_search"] != 0 ? (s["sis_search"] - s["sis_failed"]) * 100 / s["sis_search"] : 100;
    s["mmtests_sis_domain_scanned"] = domainScanned;
    return s;
}

}  // namespace

MonitorRun parseMmtestsSchedstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                        MonitorSession&) {
    const std::string benchRegex = sysstateBenchmarkRegex(r.benchmark);
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        Counts s = figures(schedstatDelta(iterDir, benchRegex));
        for (const auto& [key, title] : kFields) rows.push_back(monitorRow(title, 0, exactText(s[key])));
    });
}

}  // namespace mmtp::compare
