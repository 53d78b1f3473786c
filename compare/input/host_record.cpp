#include "input/host_record.hpp"

#include "input/log_files.hpp"

#include <algorithm>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string valueAfter(const std::string& line, char sep) {
    std::size_t p = line.find(sep);
    if (p == std::string::npos) return "";
    std::size_t b = line.find_first_not_of(" \t", p + 1);
    return b == std::string::npos ? "" : line.substr(b);
}

// /proc/cpuinfo: the first "model name" (x86) or "cpu" (POWER) value, and
// the "processor" lines counted.
void parseCpuinfo(const std::string& text, HostRecord& into) {
    int processors = 0;
    for (const std::string& line : splitLines(text)) {
        if (line.find(':') == std::string::npos) continue;
        const std::string key = line.substr(0, line.find(':'));
        const std::string name = key.substr(0, key.find_last_not_of(" \t") + 1);  // "model name\t" -> "model name"
        if (name == "processor") ++processors;
        if (into.cpuModel.empty() && (name == "model name" || name == "cpu")) into.cpuModel = valueAfter(line, ':');
    }
    if (processors > 0 && !into.cpus) into.cpus = processors;
}

std::optional<std::string> quietly(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    try {
        return readLog(file);
    } catch (const std::exception&) {
        return std::nullopt;  // a host field unread is unknown, never a difference
    }
}

// iter-0/kernel.version, else the first iter-0/BENCH/kernel.version (MMTests).
std::optional<std::string> unameOf(const fs::path& iter0) {
    if (auto u = quietly(iter0 / "kernel.version")) return u;
    std::vector<std::string> names = listDirectory(iter0);
    std::sort(names.begin(), names.end());
    for (const std::string& n : names)
        if (auto u = quietly(iter0 / n / "kernel.version")) return u;
    return std::nullopt;
}

// run-config's provenance.txt ("key: value"; the matrix adds its host's words).
void parseProvenance(const std::string& text, HostRecord& into) {
    for (const std::string& line : splitLines(text)) {
        const std::string key = line.substr(0, line.find(':'));
        const std::string value = valueAfter(line, ':');
        if (key == "measured-on" && into.measuredOn.empty()) into.measuredOn = value;  // the matrix host's first
        else if (key == "qemu-cpu") into.guestCpu = value;
        else if (key == "cpu-model" && into.cpuModel.empty() && value != "unknown") into.cpuModel = value;
    }
}

}  // namespace

void parseUname(const std::string& uname, HostRecord& into) {
    std::vector<std::string> w = words(uname.substr(0, uname.find('\n')));
    if (w.size() < 3) return;
    into.hostname = w[1];
    into.release = w[2];
    std::size_t last = w.size() - 1;
    if (w[last] == "GNU/Linux" && last > 3) --last;
    if (into.arch.empty() && last > 2 && w[last].find('#') == std::string::npos) into.arch = w[last];
}

void parseTimestampHost(const std::string& stamps, HostRecord& into) {
    int cpus = 0;
    bool nodes = false;
    for (const std::string& line : splitLines(stamps)) {
        if (line.rfind("arch :: ", 0) == 0) into.arch = words(line.substr(8)).empty() ? "" : words(line.substr(8))[0];
        std::vector<std::string> w = words(line);
        if (w.size() >= 3 && w[0] == "node" && w[2] == "cpus:") {
            nodes = true;
            cpus += static_cast<int>(w.size()) - 3;
        }
    }
    if (nodes) into.cpus = cpus;
}

HostRecord readHostRecord(const fs::path& logDir, const std::string& run) {
    HostRecord h;
    h.run = run;
    const fs::path iter0 = logDir / run / "iter-0";
    if (auto stamps = quietly(iter0 / "tests-timestamp")) parseTimestampHost(*stamps, h);
    if (auto uname = unameOf(iter0)) parseUname(*uname, h);
    for (const char* name : {"cpuinfo", "cpuinfo.txt"})
        if (auto info = quietly(iter0 / name)) parseCpuinfo(*info, h);
    if (auto provenance = quietly(iter0 / "provenance.txt")) parseProvenance(*provenance, h);
    return h;
}

std::vector<std::string> hostDifferences(const std::vector<HostRecord>& hosts) {
    struct Field {
        const char* name;
        std::string (*value)(const HostRecord&);
    };
    const Field fields[] = {
        {"hostname", [](const HostRecord& h) { return h.hostname; }},
        {"architecture", [](const HostRecord& h) { return h.arch; }},
        {"CPU model", [](const HostRecord& h) { return h.cpuModel; }},
        {"CPUs", [](const HostRecord& h) { return h.cpus ? std::to_string(*h.cpus) : std::string(); }},
        {"measured on", [](const HostRecord& h) { return h.measuredOn; }},
        {"guest -cpu model", [](const HostRecord& h) { return h.guestCpu; }},
    };
    std::vector<std::string> out;
    for (const Field& f : fields) {
        std::map<std::string, std::vector<std::string>> runsOf;  // value -> its runs
        bool allKnown = true;
        for (const HostRecord& h : hosts) {
            std::string v = f.value(h);
            allKnown = allKnown && !v.empty();
            runsOf[v].push_back(h.run);
        }
        if (!allKnown || runsOf.size() < 2) continue;
        std::string line = std::string(f.name) + ":";
        for (const auto& [value, runs] : runsOf) {
            std::string names;
            for (const std::string& r : runs) names += (names.empty() ? "" : ", ") + r;
            line += " " + value + " (" + names + ");";
        }
        line.pop_back();
        out.push_back(line);
    }
    return out;
}

}  // namespace mmtp::compare
