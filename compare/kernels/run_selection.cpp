#include "kernels/run_selection.hpp"

#include "base/terminal_text.hpp"
#include "input/run_discovery.hpp"
#include "kernels/version_order.hpp"

#include <algorithm>
#include <stdexcept>

namespace mmtp::compare {

std::vector<std::string> selectRuns(const KernelsOptions& o, Warnings& warnings, std::vector<std::string>* roleOrder) {
    std::vector<DiscoveredRun> found = discoverRuns(o.logDir, warnings);
    // A run directory named with a control character ("x\e]0;PWNED\a", a
    // newline that would forge a table row) is named in a warning, escaped,
    // and not compared: every table would have to show it.
    std::erase_if(found, [&warnings](const DiscoveredRun& r) {
        if (mmtp::escapeControls(r.name) == r.name) return false;
        warnings.push_back("run directory '" + r.name + "': a control character in its name; not compared");
        return true;
    });
    if (found.empty())
        throw std::runtime_error(o.logDir.string() +
                                 " does not look like an MMTests results directory (no RUN/iter-*/tests-activity)");
    auto has = [&found](const std::string& n) {
        return std::any_of(found.begin(), found.end(), [&n](const DiscoveredRun& r) { return r.name == n; });
    };
    std::vector<std::string> names;
    if (o.baseline) {
        names.push_back(*o.baseline);
        names.insert(names.end(), o.compare.begin(), o.compare.end());
        for (const std::string& n : names)
            if (!has(n)) throw std::runtime_error("cannot find results for kernel '" + n + "' in " + o.logDir.string());
    } else {
        if (!o.compare.empty()) throw std::runtime_error("--compare without --baseline is invalid");
        for (const DiscoveredRun& r : found) names.push_back(r.name);
    }
    std::erase_if(names, [&o](const std::string& n) {
        return std::find(o.exclude.begin(), o.exclude.end(), n) != o.exclude.end();
    });
    if (roleOrder) *roleOrder = names;
    if (o.sortVersion) {
        VersionOrder order = sortByVersion(names);
        // compare-kernels.sh drops these; a report without them would hide a run that was asked for.
        for (const std::string& n : order.unmatched)
            warnings.push_back("--sort-version: run '" + n + "' has no character after its major version ('" +
                               n.substr(0, n.find('.')) + "'), so compare-kernels.sh would leave it out; listed last");
        names = order.runs;
        names.insert(names.end(), order.unmatched.begin(), order.unmatched.end());
    }
    if (names.empty()) throw std::runtime_error("no runs left to compare after --exclude");
    return names;
}

}  // namespace mmtp::compare
