#include "input/machine_state.hpp"

#include "input/log_files.hpp"

#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

std::string trim(const std::string& s) {
    std::size_t b = s.find_first_not_of(" \t\r\n");
    std::size_t e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// "key: value" lines into entries "prefix/key".
void readKeyValues(const fs::path& file, const std::string& prefix, RunMachineState& s) {
    auto text = readLogOrWarn(file, s.warnings);
    if (!text) return;
    auto& out = s.entries;
    for (const std::string& line : splitLines(*text)) {
        std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        out[prefix + "/" + trim(line.substr(0, colon))] = trim(line.substr(colon + 1));
    }
}

std::string row(const std::string& label, const std::string& value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%-40s", (label + ":").c_str());
    return std::string(buf) + " " + value + "\n";
}

}  // namespace

std::string measuredOn(const RunMachineState& s) {
    const auto it = s.entries.find("provenance/measured-on");
    return it == s.entries.end() ? std::string() : it->second;
}

RunMachineState readMachineState(const fs::path& logDir, const std::string& run) {
    RunMachineState s;
    s.run = run;
    fs::path iter0 = logDir / run / "iter-0";
    readKeyValues(iter0 / "cpu-vulnerabilities.txt", "vulnerabilities", s);
    readKeyValues(iter0 / "speculation-prctl.txt", "prctl", s);
    // Where it was measured (bare metal, a VM, TCG emulation; the CPU model).
    if (existsNotFollowing(iter0 / "provenance.txt")) readKeyValues(iter0 / "provenance.txt", "provenance", s);
    if (auto micro = readLogOrWarn(iter0 / "microcode.txt", s.warnings)) s.entries["microcode"] = trim(*micro);
    if (auto cmdline = readLogOrWarn(iter0 / "cmdline.txt", s.warnings)) s.entries["cmdline"] = trim(*cmdline);
    // The machine and kernel the run booted (run-config's sysstate snippet writes it).
    if (auto uname = readLogOrWarn(iter0 / "kernel.version", s.warnings)) s.uname = trim(uname->substr(0, uname->find('\n')));
    if (auto dmesg = readLogOrWarn(iter0 / "dmesg", s.warnings)) {
        for (const std::string& line : splitLines(*dmesg)) {
            std::size_t p = line.find("Command line: ");
            if (p != std::string::npos && !s.entries.count("cmdline")) s.entries["cmdline"] = trim(line.substr(p + 14));
        }
    }
    return s;
}

std::vector<StateDifference> differingEntries(const std::vector<RunMachineState>& runs) {
    std::set<std::string> keys;
    for (const RunMachineState& r : runs)
        for (const auto& [k, v] : r.entries) keys.insert(k);
    std::vector<StateDifference> out;
    for (const std::string& key : keys) {
        StateDifference d{key, {}};
        for (const RunMachineState& r : runs) {
            auto it = r.entries.find(key);
            d.values.push_back(it == r.entries.end() ? "(unavailable)" : it->second);
        }
        if (std::set<std::string>(d.values.begin(), d.values.end()).size() > 1) out.push_back(std::move(d));
    }
    return out;
}

std::vector<std::string> tokensNotShared(const std::vector<std::string>& values, const std::string& separators) {
    std::map<std::string, std::size_t> count;
    std::vector<std::set<std::string>> tokens;
    for (const std::string& v : values) {
        std::set<std::string> own;
        for (std::size_t b = v.find_first_not_of(separators); b != std::string::npos;) {
            std::size_t e = v.find_first_of(separators, b);
            own.insert(v.substr(b, e == std::string::npos ? std::string::npos : e - b));
            b = e == std::string::npos ? e : v.find_first_not_of(separators, e);
        }
        for (const std::string& t : own) ++count[t];
        tokens.push_back(std::move(own));
    }
    std::vector<std::string> out;
    bool any = false;
    for (const auto& own : tokens) {
        std::string line;
        for (const std::string& t : own)
            if (count[t] < values.size()) line += (line.empty() ? "" : " ") + t;
        any = any || !line.empty();
        out.push_back(line);
    }
    return any ? out : std::vector<std::string>();
}

std::vector<std::string> cmdlineTokensNotShared(const std::vector<std::string>& cmdlines) {
    return tokensNotShared(cmdlines, " \t\n");
}

std::string renderMachineStateText(const std::vector<RunMachineState>& runs) {
    std::string out;
    std::size_t entries = 0;
    for (const RunMachineState& r : runs) entries = std::max(entries, r.entries.size());
    std::vector<StateDifference> diffs = differingEntries(runs);
    if (entries == 0) {
        out += "Mitigation state: not recorded (no cpu-vulnerabilities.txt; run with run-config to record it)\n";
    } else if (diffs.empty()) {
        out += "Mitigation state: identical in all runs (" + std::to_string(entries) +
               " entries: vulnerabilities, speculation prctl, microcode, cmdline)\n";
    } else {
        out += "Mitigation state differences\n";
        for (const StateDifference& d : diffs) {
            std::vector<std::string> tokens = d.key == "cmdline" ? cmdlineTokensNotShared(d.values) : d.values;
            bool onlyTokens = d.key == "cmdline" && !tokens.empty();
            if (!onlyTokens) tokens = d.values;
            out += d.key + (onlyTokens ? " (only the tokens not in every run)" : "") + "\n";
            for (std::size_t i = 0; i < runs.size(); ++i) out += row("  " + runs[i].run, tokens[i]);
        }
    }
    return out;
}

}  // namespace mmtp::compare
