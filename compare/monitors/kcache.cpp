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
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <regex>

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

MonitorRun parseKcacheLog(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                          const std::string& monitor, RateField where) {
    static const std::regex kTime("^time: ([0-9]+)");
    const std::vector<std::string> heading = splitLiteral(r.subHeading, "-");
    const std::string wanted = heading.empty() ? "" : heading[0];
    const bool countAllocs = wanted.empty() || wanted == "allocs";
    const bool countFrees = wanted.empty() || wanted == "frees";
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0, allocs = 0, frees = 0;
        for (const std::string& raw : monitorLogLines(iterDir, monitor, r.benchmark)) {
            const std::string line = trimLeft(raw);
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                if (start == 0) {
                    start = numify(m[1].str());
                } else {
                    rows.push_back(monitorRow("allocs", timestamp - start, exactText(allocs)));
                    rows.push_back(monitorRow("frees", timestamp - start, exactText(frees)));
                    allocs = frees = 0;
                }
                timestamp = numify(m[1].str());
                continue;
            }
            if (countAllocs && (startsWith(line, "total kmem_cache_alloc") || startsWith(line, "total kmallocs")))
                allocs += rateOf(line, where);
            if (countFrees && (startsWith(line, "total kmem_cache_frees") || startsWith(line, "total kfrees")))
                frees += rateOf(line, where);
        }
    }
    return run;
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
