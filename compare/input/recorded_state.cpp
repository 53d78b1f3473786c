#include "input/recorded_state.hpp"

#include <algorithm>
#include <sstream>

namespace mmtp::compare {

namespace {

// The command line's tokens, sorted, without what differs boot to boot on
// one kernel (the image path, the root device, the initrd).
std::string normalisedCmdline(const std::string& cmdline) {
    std::istringstream in(cmdline);
    std::vector<std::string> tokens;
    for (std::string t; in >> t;)
        if (t.rfind("BOOT_IMAGE=", 0) != 0 && t.rfind("root=", 0) != 0 && t.rfind("resume=", 0) != 0 &&
            t.rfind("initrd=", 0) != 0)
            tokens.push_back(t);
    std::sort(tokens.begin(), tokens.end());
    std::string out;
    for (const std::string& t : tokens) out += (out.empty() ? "" : " ") + t;
    return out;
}

std::string machineOf(const HostRecord& h) {
    if (h.hostname.empty() && h.arch.empty() && !h.cpus && h.cpuModel.empty()) return "";
    return h.hostname + " " + h.arch + " " + (h.cpus ? std::to_string(*h.cpus) + " CPUs" : "") + " " + h.cpuModel;
}

}  // namespace

RecordedState recordedState(const HostRecord& host, const RunMachineState& state, const RunSettings& settings) {
    RecordedState s;
    s.release = host.release;
    auto cmdline = state.entries.find("cmdline");
    if (cmdline != state.entries.end()) s.cmdline = normalisedCmdline(cmdline->second);
    else if (settings.cmdline) s.cmdline = normalisedCmdline(*settings.cmdline);
    s.machine = machineOf(host);
    return s;
}

std::string stateDifference(const RecordedState& a, const RecordedState& b) {
    auto differs = [](const std::string& x, const std::string& y) { return !x.empty() && !y.empty() && x != y; };
    if (differs(a.release, b.release)) return "kernel release " + a.release + " / " + b.release;
    if (differs(a.cmdline, b.cmdline)) {
        std::vector<std::string> only = cmdlineTokensNotShared({a.cmdline, b.cmdline});
        return "kernel command line " + (only[0].empty() ? "-" : only[0]) + " / " + (only[1].empty() ? "-" : only[1]);
    }
    if (differs(a.machine, b.machine)) return "machine";
    return "";
}

}  // namespace mmtp::compare
