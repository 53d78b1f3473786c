#include "input/run_settings.hpp"

#include "base/md5.hpp"
#include "input/log_files.hpp"
#include "input/run_snapshot.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <system_error>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// A tree is untrusted: a walk stops after this many entries.
constexpr std::size_t kMaxWalkEntries = 100000;
// A runtime.opts is a few lines per benchmark and iteration.
constexpr std::size_t kMaxRuntimeOptsBytes = std::size_t{1} << 20;

}  // namespace

// Sorted because find's own order is the directory's, which no two file systems share.
std::vector<std::string> findInRun(const fs::path& logDir, const std::string& run, const std::string& name,
                                   int maxDepth) {
    if (const RunSnapshot* snapshot = snapshotInForce())
        if (auto found = snapshot->find(logDir, run, name, maxDepth, kMaxWalkEntries)) return *found;
    std::vector<std::string> found;
    std::error_code ec;
    fs::recursive_directory_iterator it(logDir / run, fs::directory_options::skip_permission_denied, ec), end;
    for (std::size_t seen = 0; !ec && it != end && seen < kMaxWalkEntries; it.increment(ec), ++seen) {
        if (it.depth() >= maxDepth - 1) it.disable_recursion_pending();
        if (it->path().filename() == name) found.push_back((fs::path(run) / fs::relative(it->path(), logDir / run)).string());
    }
    std::sort(found.begin(), found.end());
    return found;
}

namespace {

// `VAR=\`cat FILE\``: the shell drops trailing newlines.
std::string withoutTrailingNewlines(std::string s) {
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

void readIfPresent(const fs::path& file, std::string& into, Warnings& warnings) {
    if (!existsFollowingLinks(file)) return;
    if (auto text = readLogOrWarn(file, warnings)) into = withoutTrailingNewlines(*text);
}

// `echo $DETAILS` of `grep -H scheduler: FILE`: awk's first "/" field (the
// run, as find printed the path) and last ":" field, words collapsed.
std::string schedulerRow(const std::string& path, const std::string& text) {
    std::string joined;
    for (const std::string& line : splitLines(text))
        if (line.find("scheduler:") != std::string::npos) joined += (joined.empty() ? "" : " ") + path + ":" + line;
    std::istringstream words(joined);
    std::string collapsed, w;
    while (words >> w) collapsed += (collapsed.empty() ? "" : " ") + w;
    std::string kernel = collapsed.substr(0, collapsed.find('/'));
    std::size_t colon = collapsed.rfind(':');
    std::string sched = colon == std::string::npos ? collapsed : collapsed.substr(colon + 1);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%-40s", (kernel + ":").c_str());
    return std::string(buf) + " " + sched;
}

bool isKernelWarning(const std::string& line) {
    return line.find("WARNING:") != std::string::npos || line.find("Oops:") != std::string::npos;
}

}  // namespace

std::string cmdlineOfDmesg(const std::string& dmesg) {
    for (const std::string& line : splitLines(dmesg)) {
        std::size_t p = line.rfind("Command line: ");  // sed's greedy '.*Command line: '
        if (line.find("Command line:") == std::string::npos) continue;
        std::string rest = p == std::string::npos ? std::string() : line.substr(p + 14);
        if (rest.empty()) break;
        std::set<std::string> kept;  // sort -u in the C locale
        std::istringstream words(rest);
        for (std::string w; words >> w;)
            if (w.rfind("BOOT_IMAGE=", 0) != 0 && w.rfind("root=", 0) != 0 && w.rfind("resume=", 0) != 0) kept.insert(w);
        std::string out;
        for (const std::string& w : kept) out += w + " ";
        return out;
    }
    return "No command line available in dmesg log";
}

RunSettings readRunSettings(const fs::path& logDir, const std::string& run) {
    RunSettings s;
    s.run = run;
    fs::path iter0 = logDir / run / "iter-0";
    if (existsFollowingLinks(iter0 / "dmesg.gz"))
        if (auto text = readLogOrWarn(iter0 / "dmesg.gz", s.warnings)) s.cmdline = cmdlineOfDmesg(*text);
    readIfPresent(iter0 / "security-lsm", s.lsm, s.warnings);
    readIfPresent(iter0 / "preempt-dynamic", s.preempt, s.warnings);
    readIfPresent(iter0 / "cpuidle-latencies.txt", s.cpuidle, s.warnings);
    for (const std::string& path : findInRun(logDir, run, "storageioqueue.txt", 16))
        if (auto text = readLogOrWarn(logDir / path, s.warnings)) s.ioSchedulers.push_back(schedulerRow(path, *text));
    std::vector<std::string> dmesgs = findInRun(logDir, run, "dmesg.gz", 16);
    for (const std::string& path : dmesgs)  // zgrep names the file when it greps more than one
        if (auto text = readLogOrWarn(logDir / path, s.warnings))
            for (const std::string& line : splitLines(*text))
                if (isKernelWarning(line)) s.kernelWarnings.push_back(dmesgs.size() > 1 ? path + ":" + line : line);
    return s;
}

std::string reportFingerprint(const fs::path& logDir, const std::vector<std::string>& runs) {
    std::string all;  // `cat` of them: raw bytes, nothing decompressed
    for (const std::string& run : runs)
        for (const std::string& path : findInRun(logDir, run, "tests-timestamp", 16)) {
            try {
                if (auto bytes = readRegularFile(logDir / path)) all += *bytes;
            } catch (const InputError&) {
                // unreadable: left out, as cat leaves it out; the report warns about it
            }
        }
    return md5Hex(all);
}

namespace {

// "PREFIX A=1 B=2 /path/to/bench" (PREFIX "Run: " or "Defaults: "): the
// assignments when the program is bench.
std::optional<std::vector<std::string>> assignmentLine(const std::string& line, const std::string& prefix,
                                                       const std::string& bench) {
    if (line.rfind(prefix, 0) != 0) return std::nullopt;
    std::istringstream words(line.substr(prefix.size()));
    std::vector<std::string> tokens;
    for (std::string w; words >> w;) tokens.push_back(w);
    if (tokens.empty() || fs::path(tokens.back()).filename() != bench) return std::nullopt;
    tokens.pop_back();
    std::erase_if(tokens, [](const std::string& t) {
        std::string var = t.substr(0, t.find('='));
        return var.size() >= 11 && var.compare(var.size() - 11, 11, "_ITERATIONS") == 0;
    });
    std::sort(tokens.begin(), tokens.end());
    return tokens;
}

// The first iter-N/runtime.opts line "PREFIX ... bench" of the run.
std::optional<std::vector<std::string>> runtimeOptsLine(const fs::path& logDir, const std::string& run,
                                                        const std::string& bench, const std::string& prefix) {
    ReadLimits limits;
    limits.fileBytes = kMaxRuntimeOptsBytes;
    for (const std::string& iter : listDirectory(logDir / run)) {
        if (iter.rfind("iter-", 0) != 0) continue;
        std::optional<std::string> text;
        try {
            text = readRegularFile(logDir / run / iter / "runtime.opts", limits);
        } catch (const InputError&) {
            continue;  // refused (not regular, too long): as if not recorded
        }
        if (!text) continue;
        for (const std::string& line : splitLines(*text))
            if (auto settings = assignmentLine(line, prefix, bench)) return settings;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<std::string>> benchmarkSettings(const fs::path& logDir, const std::string& run,
                                                          const std::string& bench) {
    return runtimeOptsLine(logDir, run, bench, "Run: ");
}

std::optional<std::vector<std::string>> benchmarkDefaults(const fs::path& logDir, const std::string& run,
                                                          const std::string& bench) {
    return runtimeOptsLine(logDir, run, bench, "Defaults: ");
}

std::string optionBlocks(const fs::path& logDir, const std::string& baseRun, Warnings& warnings) {
    std::string out;
    for (const char* name : {"compiler.opts", "runtime.opts", "sysctl.opts"}) {
        std::vector<std::string> found = findInRun(logDir, baseRun, name, 4);
        if (found.empty()) continue;
        auto text = readLogOrWarn(logDir / found.front(), warnings);
        if (!text) continue;
        std::vector<std::string> lines = splitLines(*text);
        lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
        for (const std::string& l : lines) out += l + "\n";
        out += "\n";
    }
    return out;
}

}  // namespace mmtp::compare
