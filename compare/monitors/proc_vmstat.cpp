// MonitorProcvmstat.pm: one /proc/vmstat counter (default pgpgin) or a
// derived mmtests_* value per "time:" block of proc-vmstat-BENCH. Counters
// are deltas against the previous block (the first delta of a run is 0);
// gauges (nr_dirty, ...) are taken as they are. The block after the last
// "time:" line is never read, as in MMTests.
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace mmtp::compare {

namespace {

const std::set<std::string> kGauges = {
    "nr_active_anon", "nr_active_file", "nr_anon_pages", "nr_anon_transparent_hugepages", "nr_dirty",
    "nr_file_pages", "nr_free_cma", "nr_free_pages", "nr_inactive_anon", "nr_inactive_file",
    "nr_isolated_anon", "nr_isolated_file", "nr_kernel_stack", "nr_mapped", "nr_mlock",
    "nr_page_table_pages", "nr_shmem", "nr_slab_reclaimable", "nr_slab_unreclaimable", "nr_unevictable",
    "nr_unstable", "nr_writeback", "nr_writeback_temp", "nr_dirty_background_threshold",
};

using Keys = std::vector<std::string>;
const Keys kDirectScan = {"pgscan_direct_dma", "pgscan_direct_dma32", "pgscan_direct_normal",
                          "pgscan_direct_movable", "pgscan_direct_high", "pgscan_direct"};
const Keys kDirectSteal = {"pgsteal_dma", "pgsteal_dma32", "pgsteal_normal", "pgsteal_movable",
                           "pgsteal_high", "pgsteal_direct_dma", "pgsteal_direct_dma32",
                           "pgsteal_direct_normal", "pgsteal_direct_movable", "pgsteal_direct_high",
                           "pgsteal_direct"};
const Keys kKswapdScan = {"pgscan_kswapd_dma", "pgscan_kswapd_dma32", "pgscan_kswapd_normal",
                          "pgscan_kswapd_movable", "pgscan_kswapd_high", "pgscan_kswapd"};
const Keys kKswapdSteal = {"kswapd_steal", "pgsteal_kswapd_dma", "pgsteal_kswapd_dma32", "pgsteal_kswapd_normal",
                           "pgsteal_kswapd_high", "pgsteal_kswapd_movable", "pgsteal_kswapd"};

bool in(const Keys& keys, const std::string& s) { return std::find(keys.begin(), keys.end(), s) != keys.end(); }

// What parseVMStat keeps in $self between blocks (for the whole run).
struct RunState {
    std::map<std::string, double> lastValues;
    bool haveLastValues = false;
    double lastValue = 0, lastSteal = 0, lastScan = 0;
};

// parseVMStat: the value for one block, or nullopt where it returns -1.
std::optional<double> blockValue(const std::vector<std::string>& block, const std::string& sub, RunState& st) {
    double current = 0, scan = 0, steal = 0;
    std::map<std::string, double> cur;
    for (const std::string& line : block) {
        std::vector<std::string> f = splitEachBlank(line);
        std::string stat = rowText(fieldAt(f, 0));
        double v = numOf(fieldAt(f, 1));
        cur[stat] = v;
        if (sub == "mmtests_direct_scan") {
            if (in(kDirectScan, stat)) current += v;
            if (stat == "pgscan_direct") current += v;
        } else if (sub == "mmtests_direct_steal") {
            if (in(kDirectSteal, stat)) current += v;
        } else if (sub == "mmtests_direct_efficiency") {
            if (in(kDirectScan, stat)) scan += v;
            if (in(kDirectSteal, stat)) steal += v;
        } else if (sub == "mmtests_kswapd_scan") {
            if (in(kKswapdScan, stat)) current += v;
            if (stat == "pgscan_kswapd") current += v;
        } else if (sub == "mmtests_kswapd_steal") {
            if (in(kKswapdSteal, stat)) current += v;
        } else if (sub == "mmtests_kswapd_efficiency") {
            if (in(kKswapdScan, stat)) scan += v;
            if (in(kKswapdSteal, stat)) steal += v;
        } else if (sub == "mmtests_hint_faults_remote") {
            if (stat == "numa_hint_faults") current += v;
            if (stat == "numa_hint_faults_local") current -= v;
        } else if (sub == "mmtests_vmscan_write_file") {
            if (stat == "nr_vmscan_write") current += v;
            if (stat == "pswpout") current -= v;
        } else if (sub == "mmtests_vmscan_write_anon") {
            if (stat == "pswpout") current += v;
        } else if (sub == "mmtests_vmscan_process_pages") {
            if (stat == "nr_file_pages" || stat == "nr_anon_pages") current += v;
        } else if (sub == "pgpgtotal") {
            if (stat == "pgpgin" || stat == "pgpgout") current += v;
        } else if (sub == "mmtests_minor_faults") {
            if (stat == "pgfault") current += v;
            if (stat == "pgmajfault") current -= v;
        } else if (sub == "mmtests_numa_pmd_updates") {
            if (stat == "numa_huge_pte_updates") current += v;
        } else if (sub == "mmtests_numa_pte_updates") {
            if (stat == "numa_pte_updates") current += v;
            if (stat == "numa_huge_pte_updates") current -= v * 512;
        } else if (stat == sub) {
            current = v;
        }
    }
    std::map<std::string, double> last = st.haveLastValues ? st.lastValues : std::map<std::string, double>{};
    st.lastValues = cur;
    st.haveLastValues = true;
    auto at = [](const std::map<std::string, double>& m, const char* k) {
        auto it = m.find(k);
        return it == m.end() ? 0.0 : it->second;
    };
    auto divide = [](double a, double b) {
        if (b == 0) throw MonitorDied("Illegal division by zero");
        return a / b;
    };

    if (kGauges.count(sub) || sub == "mmtests_vmscan_process_pages") return current;
    // MMTests looks up "nr_active_anon}" here, a key that never exists.
    if (sub == "mmtests_total_anon") return at(cur, "nr_inactive_anon");
    if (sub == "mmtests_direct_efficiency" || sub == "mmtests_kswapd_efficiency") {
        double deltaSteal = 0, deltaScan = 0;
        if (st.lastSteal != 0) {
            deltaSteal = steal - st.lastSteal;
            deltaScan = scan - st.lastScan;
        }
        st.lastSteal = steal;
        st.lastScan = scan;
        return deltaScan != 0 ? deltaSteal * 100 / deltaScan : 100;
    }
    const double slab = at(cur, "nr_slab_reclaimable") + at(cur, "nr_slab_unreclaimable");
    if (sub == "mmtests_total_slab") return slab;
    if (sub == "mmtests_ratio_slab_filecache")
        return divide(slab, slab + at(cur, "nr_inactive_file") + at(cur, "nr_active_file"));
    if (sub == "mmtests_ratio_slab_pagecache")
        return divide(slab, slab + at(cur, "nr_active_anon") + at(cur, "nr_inactive_file") + at(cur, "nr_active_file"));
    auto delta = [&](const char* k) { return at(cur, k) - at(last, k); };
    if (sub == "numa_hint_faults_local_pct") {
        double hint = delta("numa_hint_faults");
        if (hint == 0) return std::nullopt;
        double v = delta("numa_hint_faults_local") * 100 / hint;
        if (v == -1) return std::nullopt;
        return v;
    }
    double minor = delta("pgfault") - delta("pgmajfault");
    if (sub == "mmtests_normal_minor_faults") {
        double v = minor - delta("numa_hint_faults");
        if (v == -1) return std::nullopt;
        return v;
    }
    if (sub == "mmtests_faults_pct_numa") {
        if (minor == 0) return std::nullopt;
        double v = delta("numa_hint_faults") * 100 / minor;
        if (v == -1) return std::nullopt;
        return v;
    }
    double d = st.lastValue != 0 ? current - st.lastValue : 0;
    st.lastValue = current;
    // A racing pswpout update can make file writes look negative.
    if (sub == "mmtests_vmscan_write_file" && d < 0) d = 0;
    return d;
}

}  // namespace

MonitorRun parseProcVmstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                  MonitorSession&) {
    const std::string sub = r.subHeading.empty() ? "pgpgin" : r.subHeading;
    MonitorRun run;
    RunState state;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        forEachTimedBlock(monitorLogLines(iterDir, "proc-vmstat", r.benchmark),
                          [&](double sinceStart, const std::vector<std::string>& block) {
                              std::optional<double> v = blockValue(block, sub, state);
                              if (v && *v != -1) rows.push_back(monitorRow(sub, sinceStart, exactText(*v)));
                          });
    }
    return run;
}

}  // namespace mmtp::compare
