// MonitorKcache.pm and MonitorKcacheslabs.pm: slab allocations and frees
// per second from watch-kcache.pl (kcache-BENCH: one "total X count
// rate/sec" line per counter) and watch-kcache-slabs.pl (kcache-slabs-BENCH:
// the same per slab cache, "total X slabname count rate/sec"). The two
// modules differ only in which field holds the rate.
//
// Each "time: N" line after the first closes a sample: the rates summed
// since the previous stamp, dated by that stamp. The block after the last
// stamp is never reported. With --sub-heading allocs (or frees; anything
// after a '-' is ignored) only that sum is kept and the other stays 0, but
// both operations are still added, as the modules do.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"


namespace mmtp::compare {

namespace {

// Where the rate is: field 3 (kcache) or the last field (kcache-slabs).
enum class RateField { Fourth, Last };

double rateOf(const std::string& line, RateField where) {
    std::vector<std::string> e = splitBlankRuns(line);
    std::optional<std::string> rate =
        where == RateField::Fourth ? fieldAt(e, 3) : fieldAt(e, static_cast<long>(e.size()) - 1);
    std::string text = rate.value_or("");
    if (std::size_t p = text.find("/sec"); p != std::string::npos) text.erase(p, 4);  // s/\/sec//
    return numify(text);
}

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// Which sums --sub-heading keeps.
struct KcacheCounts {
    bool allocs, frees;
};

// One iteration: the rates summed since the previous stamp, per stamp.
void readKcache(const std::filesystem::path& iterDir, const std::string& benchmark, const std::string& monitor,
                RateField where, KcacheCounts counts, Rows& rows) {
    double timestamp = 0, start = 0, allocs = 0, frees = 0;
    for (const std::string& raw : monitorLogLines(iterDir, monitor, benchmark)) {
        const std::string line = trimLeft(raw);
        if (std::optional<double> stamp = timeStamp(line)) {
            if (start == 0) {
                start = *stamp;
            } else {
                rows.push_back(monitorRow("allocs", timestamp - start, exactText(allocs)));
                rows.push_back(monitorRow("frees", timestamp - start, exactText(frees)));
                allocs = frees = 0;
            }
            timestamp = *stamp;
            continue;
        }
        if (counts.allocs && (startsWith(line, "total kmem_cache_alloc") || startsWith(line, "total kmallocs")))
            allocs += rateOf(line, where);
        if (counts.frees && (startsWith(line, "total kmem_cache_frees") || startsWith(line, "total kfrees")))
            frees += rateOf(line, where);
    }
}

MonitorRun parseKcacheLog(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                          const std::string& monitor, RateField where) {
    const std::vector<std::string> heading = splitLiteral(r.subHeading, "-");
    const std::string wanted = heading.empty() ? "" : heading[0];
    const KcacheCounts counts{wanted.empty() || wanted == "allocs", wanted.empty() || wanted == "frees"};
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readKcache(iterDir, r.benchmark, monitor, where, counts, rows);
    });
}

}  // namespace

MonitorRun parseKcacheMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                              MonitorSession&) {
    return parseKcacheLog(iterDirs, r, "kcache", RateField::Fourth);
}

MonitorRun parseKcacheSlabsMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                   MonitorSession&) {
    return parseKcacheLog(iterDirs, r, "kcache-slabs", RateField::Last);
}

}  // namespace mmtp::compare
