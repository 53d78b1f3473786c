#include "run-config/monitor_catalog.hpp"

#include "common/child_process.hpp"
#include "common/temp_dir.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <linux/perf_event.h>
#include <set>
#include <sstream>
#include <sys/syscall.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

std::string catFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cat: " + path + ": " + std::strerror(errno) + "\n";
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

namespace {

std::string setting(const std::map<std::string, std::string>& env, const std::string& name) {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
}

bool onPath(const std::string& tool) {
    std::string path = getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin";
    std::istringstream in(path);
    for (std::string dir; std::getline(in, dir, ':');)
        if (!dir.empty() && ::access((fs::path(dir) / tool).c_str(), X_OK) == 0) return true;
    return false;
}

// kswapd's pids, as watch-top.sh finds them with ps (MONITOR_TOP_KSWAPDONLY).
std::vector<std::string> kswapdPids() {
    std::vector<std::string> pids;
    std::error_code ec;
    for (const auto& d : fs::directory_iterator("/proc", ec)) {
        std::string pid = d.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string comm = catFile("/proc/" + pid + "/comm");
        if (comm.rfind("kswapd", 0) == 0 && comm.find_first_not_of("0123456789\n", 6) == std::string::npos)
            pids.push_back(pid);
    }
    std::sort(pids.begin(), pids.end(), [](const auto& a, const auto& b) { return std::stol(a) < std::stol(b); });
    return pids;
}

// watch-proc-net-dev.sh: tail -n +3 /proc/net/dev | tr -d ':'
std::string netDevSnapshot() {
    std::istringstream in(catFile("/proc/net/dev"));
    std::string out;
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        if (++n < 3) continue;
        line.erase(std::remove(line.begin(), line.end(), ':'), line.end());
        out += line + "\n";
    }
    return out;
}

// watch-numa-meminfo.sh: each node named in /proc/zoneinfo, then its meminfo.
std::string numaMeminfoSnapshot() {
    std::set<std::string> nodes;  // sort | uniq
    std::istringstream in(catFile("/proc/zoneinfo"));
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string first, node;
        if (words >> first >> node && first == "Node") {
            node.erase(std::remove(node.begin(), node.end(), ','), node.end());
            nodes.insert(node);
        }
    }
    std::string out;
    for (const auto& n : nodes) out += "node: " + n + "\n" + catFile("/sys/devices/system/node/node" + n + "/meminfo");
    return out;
}

// Whether the PMU counts cycles for us: not on most VMs.
bool haveHardwareCounters() {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    long fd = ::syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) return false;
    ::close(static_cast<int>(fd));
    return true;
}

// watch-perf-time-stat.sh's round: perf stat -a for one interval, 2>&1.
std::string perfStatSnapshot(int seconds, const std::string& events) {
    TempDir tmp("run-config-perf");
    SpawnOptions o;
    o.argv = {"perf", "stat", "-a"};
    if (!events.empty()) o.argv.insert(o.argv.end(), {"-e", events});
    o.argv.insert(o.argv.end(), {"--timeout", std::to_string(seconds * 1000)});
    o.stdinPath = "/dev/null";
    o.stdoutPath = tmp.path() / "out";
    o.stderrToStdout = true;
    ChildProcess::spawn(o).wait();
    return catFile((tmp.path() / "out").string());
}

const std::vector<std::string> kProcFiles = {"proc-vmstat", "proc-interrupts", "proc-meminfo", "proc-buddyinfo",
                                             "proc-zoneinfo", "proc-pagetypeinfo", "proc-schedstat", "slabinfo"};

}  // namespace

std::vector<std::string> knownMonitors() {
    std::vector<std::string> all = {"vmstat", "iostat", "mpstat", "top", "proc-net-dev", "numa-meminfo", "perf-time-stat"};
    all.insert(all.end(), kProcFiles.begin(), kProcFiles.end());
    std::sort(all.begin(), all.end());
    return all;
}

MonitorRecipe monitorRecipe(const std::string& name, int freq, const std::map<std::string, std::string>& env) {
    MonitorRecipe r;
    r.name = name;
    r.intervalSeconds = freq;
    const std::string f = std::to_string(freq);
    auto needs = [&](const std::string& tool, const std::string& package) {
        if (!onPath(tool)) r.unavailable = "skipped: " + tool + " not installed (Debian package " + package + ")";
    };
    if (name == "vmstat") {
        r.argv = {"vmstat", "-n", f};
        needs("vmstat", "procps");
    } else if (name == "iostat") {
        r.argv = {"iostat", "-xz", f};
        needs("iostat", "sysstat");
    } else if (name == "mpstat") {
        r.argv = {"mpstat", "-P", "ALL", "-u", f};
        r.filter = mpstatFilter();
        r.timeLineFirst = true;
        needs("mpstat", "sysstat");
    } else if (name == "top") {
        r.argv = {"top", "-b"};
        if (setting(env, "MONITOR_TOP_SHOWTHREADS") == "yes") r.argv.push_back("-H");
        std::string kswapdOnly = setting(env, "MONITOR_TOP_KSWAPDONLY");
        if (kswapdOnly.empty() || kswapdOnly == "yes")
            for (const auto& pid : kswapdPids()) r.argv.insert(r.argv.end(), {"-p", pid});
        r.argv.insert(r.argv.end(), {"-d", f});
        std::string activeOnly = setting(env, "MONITOR_TOP_ACTIVEONLY");
        r.filter = topFilter(activeOnly.empty() || activeOnly == "yes");
        needs("top", "procps");
    } else if (std::find(kProcFiles.begin(), kProcFiles.end(), name) != kProcFiles.end()) {
        std::string file = name == "slabinfo" ? "/proc/slabinfo" : "/proc/" + name.substr(5);
        r.snapshot = [file] { return catFile(file); };
        // watch-proc-interrupts.sh reads at most every 10 seconds.
        if (name == "proc-interrupts") r.intervalSeconds = std::max(freq, 10);
    } else if (name == "proc-net-dev") {
        r.snapshot = netDevSnapshot;
    } else if (name == "numa-meminfo") {
        r.snapshot = numaMeminfoSnapshot;
    } else if (name == "perf-time-stat") {
        std::string events = setting(env, "MONITOR_PERF_EVENTS");
        r.snapshot = [freq, events] { return perfStatSnapshot(freq, events); };
        r.intervalSeconds = 0;  // perf itself takes the interval
        needs("perf", "linux-perf");
        if (r.unavailable.empty() && !haveHardwareCounters()) r.unavailable = "skipped: no hardware counters";
    } else {
        r.unavailable = "skipped: not provided by run-config (it records " + std::to_string(knownMonitors().size()) +
                        " monitors; see run-config --help)";
    }
    return r;
}

}  // namespace mmtp::runconfig
