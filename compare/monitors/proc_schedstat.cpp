// MonitorProcschedstat.pm: one select_idle_sibling figure (default
// mmtests_sis_efficiency) or /proc/schedstat counter delta per "time:"
// block of proc-schedstat-BENCH, the per-CPU lines summed. MMTests' own
// slips are kept (sis_success returns 100 exactly when there were successes).
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

using Counts = std::map<std::string, double>;

double at(const Counts& c, const std::string& k) {
    auto it = c.find(k);
    return it == c.end() ? 0 : it->second;
}

std::optional<double> blockValue(const std::vector<std::string>& block, const std::string& sub,
                                 std::optional<Counts>& lastValues) {
    Counts cur;
    double version = 0;
    for (const std::string& line : block) {
        std::vector<std::string> e = splitEachBlank(line);
        std::string first = rowText(fieldAt(e, 0));
        if (first == "version") {
            version = numOf(fieldAt(e, 1));
            continue;
        }
        if (first.rfind("cpu", 0) != 0) continue;
        auto n = [&e](long i) { return numOf(fieldAt(e, i)); };
        if (version >= 15) {
            cur["ttwu_count"] += n(5);
            cur["ttwu_local"] += n(6);
        }
        if (version >= 16) {  // MMTests counts the ttwu columns twice from version 16
            cur["ttwu_count"] += n(5);
            cur["ttwu_local"] += n(6);
            cur["sis_search"] += n(10);
            cur["sis_domain_search"] += n(11);
            cur["sis_scanned"] += n(12);
            cur["sis_failed"] += n(13);
        }
        if (version >= 17) {
            cur["sis_recent_hit"] += n(14);
            cur["sis_recent_miss"] += n(15);
        }
        if (version >= 18) {
            cur["sis_core_search"] += n(16);
            cur["sis_core_miss"] += n(17);
        }
    }
    Counts last = lastValues.value_or(Counts{});
    auto delta = [&](const char* k) { return at(cur, k) - at(last, k); };
    auto divide = [](double a, double b) {
        if (b == 0) throw MonitorDied("Illegal division by zero");
        return a / b;
    };
    const double search = delta("sis_search"), domainSearch = delta("sis_domain_search");
    const double scanned = delta("sis_scanned"), success = search - delta("sis_failed");
    const double recentHit = delta("sis_recent_hit"), recentMiss = delta("sis_recent_miss");
    const double coreHit = at(cur, "sis_core_search") - at(cur, "sis_core_miss");
    const double fastSearch = search - domainSearch, domainScanned = scanned - fastSearch;
    cur["mmtests_sis_core_hit"] = coreHit;
    lastValues = cur;

    if (sub == "mmtests_sis_efficiency") return scanned == 0 ? 100 : search * 100 / scanned;
    if (sub == "mmtests_sis_domain_efficiency")
        return domainSearch == 0 ? 100 : divide(domainSearch * 100, domainScanned);
    if (sub == "mmtests_sis_core_efficiency")
        return at(cur, "sis_core_search") == 0 ? 100 : coreHit * 100 / at(cur, "sis_core_search");
    if (sub == "mmtests_sis_fast_success") return domainScanned == 0 ? 100 : divide(fastSearch * 100, search);
    if (sub == "mmtests_sis_success") return success != 0 ? 100 : divide(success * 100, search);
    if (sub == "mmtests_sis_domain_scanned") return domainScanned;
    if (sub == "mmtests_sis_recent_success") {
        if (recentHit + recentMiss == 0) return std::nullopt;
        return recentHit * 100 / (recentHit + recentMiss);
    }
    if (sub == "mmtests_sis_recent_attempts") return recentHit + recentMiss;
    return at(cur, sub) - at(last, sub);
}

}  // namespace

MonitorRun parseProcSchedstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                     MonitorSession&) {
    const std::string sub = r.subHeading.empty() ? "mmtests_sis_efficiency" : r.subHeading;
    std::optional<Counts> lastValues;  // kept in $self: across iterations
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        forEachTimedBlock(monitorLogLines(iterDir, "proc-schedstat", r.benchmark),
                          [&](double sinceStart, const std::vector<std::string>& block) {
                              std::optional<double> v = blockValue(block, sub, lastValues);
                              if (v && *v != -1) rows.push_back(monitorRow(sub, sinceStart, exactText(*v)));
                          });
    });
}

}  // namespace mmtp::compare
