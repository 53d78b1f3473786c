// MonitorProcvmstat.pm: one /proc/vmstat counter (default pgpgin) or a
// derived mmtests_* value per "time:" block of proc-vmstat-BENCH. Counters
// are deltas against the previous block (the first delta of a run is 0);
// gauges (nr_dirty, ...) are taken as they are. The block after the last
// "time:" line is never read, as in MMTests.
#include "monitors/framing.hpp"
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

// What parseVMStat keeps in $self between blocks (for the whole run).
struct RunState {
    std::map<std::string, double> lastValues;
    bool haveLastValues = false;
    double lastValue = 0, lastSteal = 0, lastScan = 0;
};

// Where a derived value's counter goes: the value itself, or one side of
// an efficiency ratio.
enum class Sum { Current, Scan, Steal };
// One counter of a derived value: Sum += weight * counter.
struct Term {
    const char* stat;
    double weight;
    Sum into = Sum::Current;
};
using Terms = std::vector<Term>;

Terms termsOf(const Keys& keys, Sum into = Sum::Current) {
    Terms terms;
    for (const std::string& k : keys) terms.push_back({k.c_str(), 1, into});
    return terms;
}
Terms operator+(Terms a, const Terms& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// parseVMStat's mmtests_* sums, as the counters it adds (a counter listed
// twice counts twice, as in MMTests).
const std::map<std::string, Terms>& derivedSums() {
    static const std::map<std::string, Terms> kSums = {
        {"mmtests_direct_scan", termsOf(kDirectScan) + Terms{{"pgscan_direct", 1}}},
        {"mmtests_direct_steal", termsOf(kDirectSteal)},
        {"mmtests_direct_efficiency", termsOf(kDirectScan, Sum::Scan) + termsOf(kDirectSteal, Sum::Steal)},
        {"mmtests_kswapd_scan", termsOf(kKswapdScan) + Terms{{"pgscan_kswapd", 1}}},
        {"mmtests_kswapd_steal", termsOf(kKswapdSteal)},
        {"mmtests_kswapd_efficiency", termsOf(kKswapdScan, Sum::Scan) + termsOf(kKswapdSteal, Sum::Steal)},
        {"mmtests_hint_faults_remote", {{"numa_hint_faults", 1}, {"numa_hint_faults_local", -1}}},
        {"mmtests_vmscan_write_file", {{"nr_vmscan_write", 1}, {"pswpout", -1}}},
        {"mmtests_vmscan_write_anon", {{"pswpout", 1}}},
        {"mmtests_vmscan_process_pages", {{"nr_file_pages", 1}, {"nr_anon_pages", 1}}},
        {"pgpgtotal", {{"pgpgin", 1}, {"pgpgout", 1}}},
        {"mmtests_minor_faults", {{"pgfault", 1}, {"pgmajfault", -1}}},
        {"mmtests_numa_pmd_updates", {{"numa_huge_pte_updates", 1}}},
        {"mmtests_numa_pte_updates", {{"numa_pte_updates", 1}, {"numa_huge_pte_updates", -512}}},
    };
    return kSums;
}

// One block read: every counter, and the sums the sub-heading asks for.
struct Block {
    std::map<std::string, double> counters;
    double current = 0, scan = 0, steal = 0;

    double& sum(Sum s) { return s == Sum::Scan ? scan : s == Sum::Steal ? steal : current; }
    double at(const char* k) const {
        auto it = counters.find(k);
        return it == counters.end() ? 0.0 : it->second;
    }
};

Block readBlock(const std::vector<std::string>& block, const std::string& sub) {
    const auto derived = derivedSums().find(sub);
    Block b;
    for (const std::string& line : block) {
        std::vector<std::string> f = splitEachBlank(line);
        std::string stat = rowText(fieldAt(f, 0));
        double v = numOf(fieldAt(f, 1));
        b.counters[stat] = v;
        if (derived == derivedSums().end()) {
            if (stat == sub) b.current = v;
            continue;
        }
        for (const Term& t : derived->second)
            if (stat == t.stat) b.sum(t.into) += t.weight * v;
    }
    return b;
}

double divide(double a, double b) {
    if (b == 0) throw MonitorDied("Illegal division by zero");
    return a / b;
}

// The steal/scan ratio of the change since the previous block.
double efficiency(const Block& b, RunState& st) {
    double deltaSteal = 0, deltaScan = 0;
    if (st.lastSteal != 0) {
        deltaSteal = b.steal - st.lastSteal;
        deltaScan = b.scan - st.lastScan;
    }
    st.lastSteal = b.steal;
    st.lastScan = b.scan;
    return deltaScan != 0 ? deltaSteal * 100 / deltaScan : 100;
}

// The values read from this block alone (nullopt: not one of them).
std::optional<double> snapshotValue(const std::string& sub, const Block& b) {
    // MMTests looks up "nr_active_anon}" here, a key that never exists.
    if (sub == "mmtests_total_anon") return b.at("nr_inactive_anon");
    const double slab = b.at("nr_slab_reclaimable") + b.at("nr_slab_unreclaimable");
    if (sub == "mmtests_total_slab") return slab;
    if (sub == "mmtests_ratio_slab_filecache")
        return divide(slab, slab + b.at("nr_inactive_file") + b.at("nr_active_file"));
    if (sub == "mmtests_ratio_slab_pagecache")
        return divide(slab, slab + b.at("nr_active_anon") + b.at("nr_inactive_file") + b.at("nr_active_file"));
    return std::nullopt;
}

bool isFaultShare(const std::string& sub) {
    return sub == "numa_hint_faults_local_pct" || sub == "mmtests_normal_minor_faults" ||
           sub == "mmtests_faults_pct_numa";
}

// The fault shares, from the counters' change since the previous block
// (-1 where parseVMStat returns -1: no sample).
double faultShare(const std::string& sub, const Block& b, const std::map<std::string, double>& last) {
    auto delta = [&](const char* k) {
        auto it = last.find(k);
        return b.at(k) - (it == last.end() ? 0.0 : it->second);
    };
    if (sub == "numa_hint_faults_local_pct") {
        const double hint = delta("numa_hint_faults");
        return hint == 0 ? -1 : delta("numa_hint_faults_local") * 100 / hint;
    }
    const double minor = delta("pgfault") - delta("pgmajfault");
    if (sub == "mmtests_normal_minor_faults") return minor - delta("numa_hint_faults");
    return minor == 0 ? -1 : delta("numa_hint_faults") * 100 / minor;
}

// A counter's change since the previous block (0 for the first).
double counterDelta(const std::string& sub, double current, RunState& st) {
    double d = st.lastValue != 0 ? current - st.lastValue : 0;
    st.lastValue = current;
    // A racing pswpout update can make file writes look negative.
    if (sub == "mmtests_vmscan_write_file" && d < 0) d = 0;
    return d;
}

// parseVMStat: the value for one block, or nullopt where it returns -1.
std::optional<double> blockValue(const std::vector<std::string>& lines, const std::string& sub, RunState& st) {
    const Block b = readBlock(lines, sub);
    const std::map<std::string, double> last = st.haveLastValues ? st.lastValues : std::map<std::string, double>{};
    st.lastValues = b.counters;
    st.haveLastValues = true;
    double v;
    if (kGauges.count(sub) || sub == "mmtests_vmscan_process_pages") v = b.current;
    else if (std::optional<double> snapshot = snapshotValue(sub, b)) v = *snapshot;
    else if (sub == "mmtests_direct_efficiency" || sub == "mmtests_kswapd_efficiency") v = efficiency(b, st);
    else if (isFaultShare(sub)) v = faultShare(sub, b, last);
    else v = counterDelta(sub, b.current, st);
    if (v == -1) return std::nullopt;
    return v;
}

}  // namespace

MonitorRun parseProcVmstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                  MonitorSession&) {
    const std::string sub = r.subHeading.empty() ? "pgpgin" : r.subHeading;
    RunState state;
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        forEachTimedBlock(monitorLogLines(iterDir, "proc-vmstat", r.benchmark),
                          [&](double sinceStart, const std::vector<std::string>& block) {
                              std::optional<double> v = blockValue(block, sub, state);
                              if (v && *v != -1) rows.push_back(monitorRow(sub, sinceStart, exactText(*v)));
                          });
    });
}

}  // namespace mmtp::compare
