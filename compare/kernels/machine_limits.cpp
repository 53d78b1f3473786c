#include "kernels/machine_limits.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <string_view>

#include "input/machine_state.hpp"

namespace mmtp::compare {

namespace {

// A tree of hundreds of runs would make the pairs below a page of their own.
constexpr std::size_t kMaxLimitLines = 12;

// Boot switches that are mitigations without a '=' (Documentation/admin-guide/kernel-parameters.txt).
constexpr std::array<std::string_view, 8> kSwitches{
    "nosmt", "nopti", "nospectre_v1", "nospectre_v2", "noibrs", "noibpb", "nospec_store_bypass_disable", "nokaslr"};

// The recorded mitigation state without the command line: the command line
// differs exactly when the names do; what the kernel made of it is the rest.
std::map<std::string, std::string> mitigationState(const RunMachineState& s) {
    std::map<std::string, std::string> state = s.entries;
    state.erase("cmdline");
    return state;
}

bool recordsVulnerabilities(const RunMachineState& s) {
    return std::any_of(s.entries.begin(), s.entries.end(),
                       [](const auto& e) { return e.first.rfind("vulnerabilities/", 0) == 0; });
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

void missingCapabilities(const KernelsData& d, std::vector<std::string>& lines) {
    for (const BenchmarkResults& b : d.benchmarks)
        for (const RunValidity& v : b.validity)
            if (!v.missingCapability.empty())
                lines.push_back(v.run + ": " + b.name + " could not run: " + v.missingCapability);
}

// Runs grouped by their recorded state; a group whose names carry different
// boot parameters is two lines: the runs, then the parameters.
void ineffectiveParameters(const KernelsData& d, std::vector<std::string>& lines) {
    std::vector<bool> grouped(d.states.size(), false);
    for (std::size_t i = 0; i < d.states.size(); ++i) {
        if (grouped[i] || !recordsVulnerabilities(d.states[i])) continue;
        std::vector<std::string> runs, words;
        bool differ = false;
        const std::vector<std::string> first = mitigationWords(d.states[i].run);
        for (std::size_t j = i; j < d.states.size(); ++j) {
            if (grouped[j] || mitigationState(d.states[j]) != mitigationState(d.states[i])) continue;
            grouped[j] = true;
            runs.push_back(d.states[j].run);
            std::vector<std::string> w = mitigationWords(d.states[j].run);
            differ = differ || w != first;
            for (const std::string& x : w)
                if (std::find(words.begin(), words.end(), x) == words.end()) words.push_back(x);
        }
        if (!differ) continue;
        std::string list;
        for (const std::string& r : runs) list += (list.empty() ? "" : ", ") + r;
        lines.push_back("the same recorded mitigation state: " + list);
        lines.push_back("  so the boot parameter did not take effect (" + joined(words) + ")");
    }
}

// A run measured under TCG: its times are the emulator's. Said first, in
// every format, so a tree mailed or stored next month cannot pass for hardware.
void emulatedTimings(const KernelsData& d, std::vector<std::string>& lines) {
    std::vector<std::string> runs;
    for (const RunMachineState& s : d.states)
        if (measuredOn(s).rfind("TCG", 0) == 0) runs.push_back(s.run);
    if (runs.empty()) return;
    lines.push_back("timings under emulation (TCG), not a hardware measurement: " + joined(runs));
}

}  // namespace

std::vector<std::string> mitigationWords(const std::string& run) {
    std::vector<std::string> words;
    std::size_t from = 0;
    while (from <= run.size()) {
        std::size_t end = std::min(run.find('-', from), run.size());
        std::string w = run.substr(from, end - from);
        if (w.find('=') != std::string::npos || std::find(kSwitches.begin(), kSwitches.end(), w) != kSwitches.end())
            words.push_back(w);
        from = end + 1;
    }
    std::sort(words.begin(), words.end());
    return words;
}

std::string measuredOnLine(const KernelsData& d) {
    if (d.states.empty()) return "";
    const auto& e = d.states.front().entries;
    const auto cpu = e.find("provenance/cpu-model"), where = e.find("provenance/measured-on");
    if (where == e.end()) return "";
    return "Measured on: " + where->second + (cpu == e.end() ? "" : ", " + cpu->second) + "\n";
}

std::vector<std::string> machineLimits(const KernelsData& d) {
    std::vector<std::string> lines;
    emulatedTimings(d, lines);  // different machines: report.cpp puts input/host_record's first
    ineffectiveParameters(d, lines);
    missingCapabilities(d, lines);
    if (lines.size() > kMaxLimitLines) {
        const std::size_t more = lines.size() - kMaxLimitLines;
        lines.resize(kMaxLimitLines);
        lines.push_back(std::to_string(more) + " more lines not shown");
    }
    return lines;
}

}  // namespace mmtp::compare
