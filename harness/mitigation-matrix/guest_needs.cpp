// guest_needs.cpp - the workloads' --print-needs, read (guest_needs.hpp).
#include "mitigation-matrix/guest_needs.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"
#include "base/terminal_text.hpp"
#include "common/child_process.hpp"
#include "common/temp_dir.hpp"
#include "mitigation-matrix/config_text.hpp"

#include <algorithm>
#include <cctype>
#include <fcntl.h>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr std::size_t kMaxNeedsBytes = 16 * 1024;

bool plainName(const std::string& s) {
    return !s.empty() && s.size() <= 64 && s[0] != '.' && s[0] != '-' && std::all_of(s.begin(), s.end(), plainNameChar);
}

bool shellName(const std::string& s) {
    return !s.empty() && s.size() <= 64 && !std::isdigit(static_cast<unsigned char>(s[0])) &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

void addOnce(std::vector<std::string>& list, const std::string& value) {
    if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

}  // namespace

void addNeeds(WorkloadNeeds& into, const std::string& text, const std::string& bench) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string kind, value, extra;
        words >> kind >> value;
        const bool one = !value.empty() && !(words >> extra);
        auto bad = [&] { return Error(bench + " --print-needs: '" + escapeControls(line) + "' is not KIND VALUE"); };
        if (!one) throw bad();
        if (kind == "scratch-disk") {
            if (!shellName(value)) throw bad();
            addOnce(into.scratchDiskVariables, value);
            continue;
        }
        if (!plainName(value)) throw bad();
        if (kind == "program") addOnce(into.programs, value);
        else if (kind == "sibling") addOnce(into.siblings, value);
        else if (kind == "user") addOnce(into.users, value);
        else throw bad();
    }
}

void askNeeds(WorkloadNeeds& into, const fs::path& binary) {
    TempDir tmp("mitigation-matrix-needs");
    SpawnOptions o;
    o.argv = {binary.string(), "--print-needs"};
    o.stdinPath = "/dev/null";
    o.stdoutPath = tmp.path() / "needs";
    o.stderrPath = "/dev/null";
    const ExitStatus st = ChildProcess::spawn(o).wait();
    const std::string bench = binary.filename().string();
    if (!st.success()) throw Error(bench + " --print-needs " + st.describe());
    UniqueFd fd(::open((tmp.path() / "needs").c_str(), O_RDONLY | O_CLOEXEC));
    std::string text;
    if (fd.get() < 0 || !readUpTo(fd.get(), kMaxNeedsBytes, text))
        throw Error(errnoMessage("cannot read " + bench + " --print-needs"));
    if (text.size() > kMaxNeedsBytes) throw Error(bench + " --print-needs printed more than 16 KiB");
    addNeeds(into, text, bench);
}

}  // namespace mmtp::matrix
