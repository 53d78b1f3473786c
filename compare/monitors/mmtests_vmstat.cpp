// MonitorMmtestsvmstat.pm: /proc/vmstat before and after the benchmark (the
// snapshots run-mmtests.sh writes into tests-sysstate), as one value per
// counter and per derived mmtests_* figure (reclaim efficiency, velocities,
// the compaction and AutoNUMA cost models), in MMTests' fixed order.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

using Field = std::optional<std::string>;
using Snapshot = std::map<std::string, Field>;

// @_fieldOrder with %_fieldNameMap's titles: the rows, in order.
const std::vector<std::pair<std::string, std::string>> kFields = {
    {"mmtests_minor_faults", "Minor Faults"}, {"pgmajfault", "Major Faults"}, {"pswpin", "Swap Ins"},
    {"pswpout", "Swap Outs"}, {"allocstall", "Allocation stalls"}, {"fragment_stall", "Fragmentation stalls"},
    {"pgalloc_dma", "DMA allocs"}, {"pgalloc_dma32", "DMA32 allocs"}, {"pgalloc_normal", "Normal allocs"},
    {"pgalloc_movable", "Movable allocs"}, {"mmtests_direct_scan", "Direct pages scanned"},
    {"mmtests_kswapd_scan", "Kswapd pages scanned"}, {"mmtests_kswapd_steal", "Kswapd pages reclaimed"},
    {"mmtests_direct_steal", "Direct pages reclaimed"}, {"mmtests_kswapd_efficiency", "Kswapd efficiency %"},
    {"mmtests_kswapd_velocity", "Kswapd velocity"}, {"mmtests_direct_efficiency", "Direct efficiency %"},
    {"mmtests_direct_velocity", "Direct velocity"}, {"mmtests_direct_percentage", "Percentage direct scans"},
    {"nr_vmscan_write", "Page writes by reclaim"}, {"mmtests_vmscan_write_file", "Page writes file"},
    {"mmtests_vmscan_write_anon", "Page writes anon"}, {"nr_vmscan_immediate_reclaim", "Page reclaim immediate"},
    {"pgpgin", "Sector Reads"}, {"pgpgout", "Sector Writes"}, {"pgrescued", "Page rescued immediate"},
    {"slabs_scanned", "Slabs scanned"}, {"pginodesteal", "Direct inode steals"},
    {"kswapd_inodesteal", "Kswapd inode steals"}, {"kswapd_skip_congestion_wait", "Kswapd skipped wait"},
    {"thp_fault_alloc", "THP fault alloc"}, {"thp_fault_fallback", "THP fault fallback"},
    {"thp_collapse_alloc", "THP collapse alloc"}, {"thp_collapse_alloc_failed", "THP collapse fail"},
    {"thp_split_page", "THP split"}, {"thp_split_page_failed", "THP split failed"},
    {"compact_stall", "Compaction stalls"}, {"compact_success", "Compaction success"},
    {"compact_fail", "Compaction failures"}, {"mmtests_compact_efficiency", "Compaction efficiency"},
    {"pgmigrate_success", "Page migrate success"}, {"pgmigrate_fail", "Page migrate failure"},
    {"compact_isolated", "Compaction pages isolated"}, {"compact_migrate_scanned", "Compaction migrate scanned"},
    {"compact_free_scanned", "Compaction free scanned"}, {"mmtests_cscan_efficiency", "Compact scan efficiency"},
    {"mmtests_compaction_cost", "Compaction cost"}, {"compact_daemon_wake", "Kcompactd wake"},
    {"compact_daemon_migrate_scanned", "Kcompactd migrate scanned"},
    {"compact_daemon_free_scanned", "Kcompactd free scanned"}, {"numa_hit", "NUMA alloc hit"},
    {"numa_miss", "NUMA alloc miss"}, {"numa_interleave", "NUMA interleave hit"}, {"numa_local", "NUMA alloc local"},
    {"numa_pte_updates", "NUMA base-page range updates"}, {"mmtests_numa_pte_updates", "NUMA PTE updates"},
    {"mmtests_numa_pmd_updates", "NUMA PMD updates"}, {"numa_hint_faults", "NUMA hint faults"},
    {"numa_hint_faults_local", "NUMA hint local faults %"}, {"mmtests_hint_local", "NUMA hint local percent"},
    {"numa_pages_migrated", "NUMA pages migrated"}, {"mmtests_autonuma_cost", "AutoNUMA cost"},
};

const std::map<std::string, std::string> kRenamed = {
    {"compact_pages_moved", "pgmigrate_success"}, {"compact_pagemigrate_failed", "pgmigrate_failed"},
    {"thp_split", "thp_split_page"}, {"thp_failed", "thp_split_page_failed"}, {"allocstall_dma", "allocstall"},
    {"allocstall_dma32", "allocstall"}, {"allocstall_normal", "allocstall"}, {"allocstall_movable", "allocstall"},
    {"allocstall_highmem", "allocstall"},
};

const char* const kFlat[] = {
    "pgpgin", "pgpgout", "pswpin", "pswpout", "pgfault", "pgmajfault", "allocstall", "fragment_stall",
    "pgalloc_dma", "pgalloc_dma32", "pgalloc_normal", "pgalloc_movable", "kswapd_inodesteal", "pginodesteal",
    "slabs_scanned", "compact_pages_moved", "compact_pagemigrate_failed", "compact_fail", "compact_success",
    "compact_stall", "compact_daemon_wake", "compact_daemon_migrate_scanned", "compact_daemon_free_scanned",
    "nr_vmscan_write", "kswapd_skip_congestion_wait", "nr_vmscan_immediate_reclaim", "pgrescued",
    "pgmigrate_success", "pgmigrate_fail", "compact_blocks_moved", "compact_isolated", "compact_migrate_scanned",
    "compact_free_scanned", "numa_hit", "numa_miss", "numa_interleave", "numa_local", "numa_pte_updates",
    "numa_huge_pte_updates", "numa_hint_faults", "numa_hint_faults_local", "numa_pages_migrated",
    "thp_fault_alloc", "thp_collapse_alloc", "thp_split_page", "thp_split_page_failed", "thp_fault_fallback",
    "thp_collapse_alloc_failed",
};

bool defined(const Snapshot& s, const std::string& key) {
    auto it = s.find(key);
    return it != s.end() && it->second.has_value();
}
double num(const Snapshot& s, const std::string& key) {
    auto it = s.find(key);
    return it == s.end() ? 0 : numOf(it->second);
}

struct Snapshots {
    Snapshot before, after;
    Field elapsed = std::string("1");
};

Snapshots readSnapshots(const std::filesystem::path& iterDir, const std::string& benchRegex) {
    const std::regex begin("^test begin :: " + benchRegex), end("^test end :: " + benchRegex),
        time("^time :: " + benchRegex);
    Snapshots s;
    for (const auto& [from, to] : kRenamed) s.before[to] = s.after[to] = "0";
    bool test = false;
    SysstateSection in;
    for (const std::string& line : requiredLogLines(iterDir, "tests-sysstate")) {
        if (std::regex_search(line, begin)) {
            test = true;
            continue;
        }
        if (std::regex_search(line, time)) s.elapsed = fieldAt(splitEachBlank(line + "\n"), 7);
        if (!test) continue;
        if (followSysstateMark(line, "/proc/vmstat", "/proc/zoneinfo", in)) continue;
        if (std::regex_search(line, end)) {
            test = false;
            continue;
        }
        std::vector<std::string> f = splitEachBlank(line + "\n");
        std::string key = rowText(fieldAt(f, 0));
        if (auto r = kRenamed.find(key); r != kRenamed.end()) key = r->second;
        if (in.before) s.before[key] = fieldAt(f, 1);
        else if (in.after) s.after[key] = fieldAt(f, 1);
    }
    return s;
}

// The derived figures, as extractReport computes them (undef: no value).
std::map<std::string, std::optional<double>> figures(const Snapshots& s) {
    auto delta = [&s](const std::string& k) { return num(s.after, k) - num(s.before, k); };
    auto divide = [](double a, double b) {
        if (b == 0) throw MonitorDied("Illegal division by zero");
        return a / b;
    };
    std::map<std::string, double> v;
    for (const char* k : {"kswapd_steal", "pgsteal_kswapd_dma", "pgsteal_kswapd_dma32", "pgsteal_kswapd_normal",
                          "pgsteal_kswapd_high", "pgsteal_kswapd_movable", "pgsteal_kswapd"})
        v["mmtests_kswapd_steal"] += delta(k);
    for (const char* k : {"pgsteal_dma", "pgsteal_dma32", "pgsteal_normal", "pgsteal_movable", "pgsteal_high",
                          "pgsteal_direct_dma", "pgsteal_direct_dma32", "pgsteal_direct_normal",
                          "pgsteal_direct_movable", "pgsteal_direct_high", "pgsteal_direct"})
        v["mmtests_direct_steal"] += delta(k);
    if (defined(s.before, "kswapd_steal")) v["mmtests_direct_steal"] -= v["mmtests_kswapd_steal"];
    for (const char* k : {"pgscan_kswapd_dma", "pgscan_kswapd_dma32", "pgscan_kswapd_normal", "pgscan_kswapd_movable",
                          "pgscan_kswapd_high", "pgscan_kswapd"})
        v["mmtests_kswapd_scan"] += delta(k);
    const double elapsed = numOf(s.elapsed);
    v["mmtests_kswapd_velocity"] = divide(v["mmtests_kswapd_scan"], elapsed);
    for (const char* k : {"pgscan_direct_dma", "pgscan_direct_dma32", "pgscan_direct_normal", "pgscan_direct_movable",
                          "pgscan_direct_high", "pgscan_direct"})
        v["mmtests_direct_scan"] += delta(k);
    v["mmtests_direct_velocity"] = v["mmtests_direct_scan"] / elapsed;
    const double dscan = v["mmtests_direct_scan"], kscan = v["mmtests_kswapd_scan"];
    v["mmtests_direct_efficiency"] = dscan != 0 ? v["mmtests_direct_steal"] * 100 / dscan : 100;
    v["mmtests_kswapd_efficiency"] = kscan != 0 ? v["mmtests_kswapd_steal"] * 100 / kscan : 100;
    v["mmtests_direct_percentage"] = kscan + dscan != 0 ? dscan * 100 / (kscan + dscan) : 0;
    for (const char* k : kFlat) v[k] = defined(s.after, k) ? delta(k) : 0;
    v["mmtests_vmscan_write_file"] = v["nr_vmscan_write"] - v["pswpout"];
    v["mmtests_vmscan_write_anon"] = v["pswpout"];
    v["mmtests_minor_faults"] = v["pgfault"] - v["pgmajfault"];
    v["mmtests_hint_local"] =
        v["numa_hint_faults"] != 0 ? v["numa_hint_faults_local"] * 100 / v["numa_hint_faults"] : 100;
    v["mmtests_numa_pmd_updates"] = v["numa_huge_pte_updates"];
    v["mmtests_numa_pte_updates"] = v["numa_pte_updates"] - v["numa_huge_pte_updates"] * 512;

    // MMTests' cost models (x86-64 constants); compact_migrate_free never exists.
    const double ca = 56.0 / 8, cpagerw = ca + 4096.0 / 8, cmc = cpagerw * 2, cmf = ca * 2, ci = ca + 12;
    double cost = -1;
    if (defined(s.before, "compact_migrate_scanned"))
        cost = ca * v["compact_migrate_scanned"] + ci * v["compact_isolated"] + cmc * v["pgmigrate_success"] +
               cmf * v["pgmigrate_fail"];
    if (defined(s.before, "compact_blocks_moved"))
        cost = ca * v["compact_blocks_moved"] * 16384 + cmc * v["compact_pages_moved"] +
               cmf * v["compact_pagemigrate_failed"];
    v["mmtests_compaction_cost"] = cost / 1000000;
    v["mmtests_autonuma_cost"] =
        (ca * v["numa_pte_updates"] + 5000 * v["numa_hint_faults"] + ci * v["numa_pages_migrated"]) / 1000000;

    std::map<std::string, std::optional<double>> out(v.begin(), v.end());
    if (v["compact_stall"] != 0) out["mmtests_compact_efficiency"] = v["compact_success"] * 100 / v["compact_stall"];
    if (v["compact_migrate_scanned"] != 0)
        out["mmtests_cscan_efficiency"] =
            v["compact_free_scanned"] > 0 ? v["compact_migrate_scanned"] * 100 / v["compact_free_scanned"] : 1;
    return out;
}

}  // namespace

MonitorRun parseMmtestsVmstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                     MonitorSession&) {
    const std::string benchRegex = sysstateBenchmarkRegex(r.benchmark);
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        std::map<std::string, std::optional<double>> v = figures(readSnapshots(iterDir, benchRegex));
        for (const auto& [key, title] : kFields) {
            auto it = v.find(key);
            bool has = it != v.end() && it->second;
            rows.push_back(monitorRow(title, 0, has ? exactText(*it->second) : ""));
        }
    });
}

}  // namespace mmtp::compare
