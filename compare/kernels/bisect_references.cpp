// bisect_references.cpp - --good/--bad checked (bisect_references.hpp).
#include "kernels/bisect_references.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"

#include <algorithm>
#include <set>

namespace mmtp::compare {
namespace {

void checkOnce(const std::string& option, const std::vector<std::string>& names) {
    std::set<std::string> seen;
    for (const std::string& n : names)
        if (!seen.insert(n).second)
            throw mmtp::UsageError(option + " " + escapeControls(n) +
                                   " is given twice: a repeated name is not a second reference run");
}

}  // namespace

void checkBisectReferences(const std::vector<std::string>& good, const std::vector<std::string>& bad) {
    checkOnce("--good", good);
    checkOnce("--bad", bad);
    for (const std::string& n : good)
        if (std::find(bad.begin(), bad.end(), n) != bad.end())
            throw mmtp::UsageError("--good and --bad both name " + escapeControls(n) +
                                   ": a reference run is good or bad, not both");
}

}  // namespace mmtp::compare
