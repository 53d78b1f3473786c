#include "common/mitigation_snapshot.hpp"

#include "base/atomic_file.hpp"
#include "common/cpu_pin.hpp"
#include "base/errors.hpp"
#include "common/speculation_ctrl.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace mmtp {

namespace {
std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    return s.substr(i);
}
std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    if (!in) return {};
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
}  // namespace

std::string vulnerabilitiesText(const std::filesystem::path& dir) {
    std::error_code ec;
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) names.push_back(e.path().filename());
    if (ec) return "unavailable: cannot read " + dir.string() + "\n";
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto& n : names) out += n + ": " + trim(slurp(dir / n)) + "\n";
    return out;
}

std::string microcodeText(const std::filesystem::path& cpuinfo) {
    std::ifstream in(cpuinfo);
    std::map<std::string, std::vector<int>> revs;
    std::string line;
    int cpu = -1;
    while (std::getline(in, line)) {
        auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string key = trim(line.substr(0, colon)), val = trim(line.substr(colon + 1));
        if (key == "processor") cpu = std::atoi(val.c_str());
        else if (key == "microcode") revs[val].push_back(cpu);
    }
    if (revs.empty()) return "microcode: unknown (no microcode field in " + cpuinfo.string() + ")\n";
    std::string out;
    for (const auto& [rev, cpus] : revs) out += "microcode: " + rev + " (cpus " + formatCpuList(cpus) + ")\n";
    return out;
}

// The first CPU's fields: a machine's CPUs are one model.
std::string provenanceText(const std::filesystem::path& cpuinfo) {
    std::ifstream in(cpuinfo);
    if (!in) return "measured-on: unknown (no " + cpuinfo.string() + ")\ncpu-model: unknown\ncpu-vendor: unknown\n";
    std::map<std::string, std::string> first;
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        first.emplace(trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
    }
    const std::string flags = " " + first["flags"] + " ";
    const bool guest = flags.find(" hypervisor ") != std::string::npos;
    auto known = [](const std::string& v) { return v.empty() ? std::string("unknown") : v; };
    return std::string("measured-on: ") + (guest ? "virtual machine (the CPU reports a hypervisor)" : "bare metal") +
           "\ncpu-model: " + known(first["model name"]) + "\ncpu-vendor: " + known(first["vendor_id"]) + "\n";
}

std::string speculationPrctlText() {
    const std::pair<const char*, SpecFeature> features[] = {
        {"indirect_branch", SpecFeature::IndirectBranch},
        {"store_bypass", SpecFeature::StoreBypass},
        {"l1d_flush", SpecFeature::L1dFlush},
    };
    std::string out;
    for (const auto& [name, f] : features) {
        SpecState s = getSpeculationCtrl(f);
        out += std::string(name) + ": " + (s.ok() ? std::to_string(s.mask) + " " : std::string()) +
               describe(s) + "\n";
    }
    return out;
}

void writeMitigationSnapshot(const std::filesystem::path& dir, const MitigationSources& src) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error("cannot create " + dir.string() + ": " + ec.message());
    writeFileAtomically(dir / "cpu-vulnerabilities.txt", vulnerabilitiesText(src.vulnerabilitiesDir));
    std::string cmd = slurp(src.cmdline);
    writeFileAtomically(dir / "cmdline.txt", cmd.empty() ? "unavailable\n" : trim(cmd) + "\n");
    writeFileAtomically(dir / "microcode.txt", microcodeText(src.cpuinfo));
    writeFileAtomically(dir / "speculation-prctl.txt", speculationPrctlText());
    writeFileAtomically(dir / "provenance.txt", provenanceText(src.cpuinfo));
}

}  // namespace mmtp
