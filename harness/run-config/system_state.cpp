#include "run-config/system_state.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "common/cpu_topology.hpp"
#include "common/temp_dir.hpp"
#include "run-config/gzip_file.hpp"
#include "run-config/monitor_catalog.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

namespace {

// Runs one of common.sh's collection snippets with bash, SHELLPACK_LOG set;
// like run-mmtests.sh, a command that fails leaves its file out and the run goes on.
void runSnippet(const std::string& snippet, const fs::path& iterDir, const std::string& runName) {
    SpawnOptions o;
    o.argv = {"bash", "-c", snippet, "run-config-sysstate", iterDir.string(), runName};
    o.stdinPath = "/dev/null";
    o.stdoutPath = "/dev/null";
    o.stderrPath = "/dev/null";
    ChildProcess::spawn(o).wait();
}

// The output of a command (stdout), as `...` gives it to sysstate_log.
std::string commandOutput(const std::string& snippet) {
    SpawnOptions o;
    // Carries our pid: what a SIGKILLed run-config leaves, the next one removes.
    TempDir tmp("run-config-out");
    const fs::path out = tmp.path() / "out";
    o.argv = {"bash", "-c", snippet};
    o.stdinPath = "/dev/null";
    o.stdoutPath = out;
    o.stderrPath = "/dev/null";
    ChildProcess::spawn(o).wait();
    return catFile(out.string());
}

// collect_hardware_info, collect_kernel_info: the commands as common.sh has
// them ($1 = SHELLPACK_LOG, $2 = RUNNAME). numactl, cpupower, lstopo,
// lsscsi and tuned-adm are used when installed, as MMTests does.
const char* kCollect = R"(SHELLPACK_LOG=$1
if [ "`which numactl 2> /dev/null`" != "" ]; then
	numactl --hardware > $SHELLPACK_LOG/numactl.txt
	gzip $SHELLPACK_LOG/numactl.txt
fi
if [ "`which lscpu 2> /dev/null`" != "" ]; then
	lscpu > $SHELLPACK_LOG/lscpu.txt
	gzip $SHELLPACK_LOG/lscpu.txt
fi
if [ "`which cpupower 2> /dev/null`" != "" ]; then
	cpupower frequency-info > $SHELLPACK_LOG/cpupower.txt
	gzip $SHELLPACK_LOG/cpupower.txt
	cpupower idle-info > $SHELLPACK_LOG/cpuidle.txt
	gzip $SHELLPACK_LOG/cpuidle.txt
fi
if [ "`which lstopo 2> /dev/null`" != "" ]; then
	lstopo $SHELLPACK_LOG/lstopo.pdf 2>/dev/null
	lstopo --output-format txt > $SHELLPACK_LOG/lstopo.txt
	gzip $SHELLPACK_LOG/lstopo.pdf
	gzip $SHELLPACK_LOG/lstopo.txt
fi
if [ "`which lsscsi 2> /dev/null`" != "" ]; then
	lsscsi > $SHELLPACK_LOG/lsscsi.txt
	gzip $SHELLPACK_LOG/lsscsi.txt
fi
if [ -e /sys/devices/system/cpu/cpu0/cpuidle ]; then
	grep . /sys/devices/system/cpu/cpu0/cpuidle/state*/latency > $SHELLPACK_LOG/cpuidle-latencies.txt
	tar -czf $SHELLPACK_LOG/cpuidle.tar.gz /sys/devices/system/cpu/cpu0/cpuidle /sys/devices/system/cpu/cpuidle/ &> /dev/null
fi
if [ "`which tuned-adm 2>/dev/null`" != "" ]; then
	tuned-adm active 2> /dev/null > $SHELLPACK_LOG/tuned-active-profile.txt
	tuned-adm list   2> /dev/null > $SHELLPACK_LOG/tuned-available-profile.txt
fi
grep -r . /proc/sys/net/* 2>/dev/null | gzip -c - > $SHELLPACK_LOG/network-tuning.txt.gz
grep -r . /proc/sys/vm/* 2>/dev/null | gzip -c - > $SHELLPACK_LOG/vm-tuning.txt.gz
grep -r . /proc/sys/kernel/* 2> /dev/null | gzip -c - > $SHELLPACK_LOG/kernel-tuning.txt.gz
sysctl -a 2>/dev/null | gzip -c - > $SHELLPACK_LOG/sysctl-tuning.gz
systemctl list-units &> $SHELLPACK_LOG/systemctl-units.txt
uname -a > $SHELLPACK_LOG/kernel.version
if [ -e /boot/config-`uname -r` ]; then
	cp /boot/config-`uname -r` $SHELLPACK_LOG/kconfig-`uname -r`.txt
	gzip -f $SHELLPACK_LOG/kconfig-`uname -r`.txt
fi
)";

// The end of run-mmtests.sh's iteration loop.
const char* kIterationEnd = R"(SHELLPACK_LOG=$1
if [ -e /sys/kernel/debug/sched/preempt ]; then
	cat /sys/kernel/debug/sched/preempt > $SHELLPACK_LOG/preempt-dynamic
fi
if [ -e /sys/kernel/security/lsm ]; then
	cat /sys/kernel/security/lsm > $SHELLPACK_LOG/security-lsm
fi
dmesg > $SHELLPACK_LOG/dmesg
gzip -f $SHELLPACK_LOG/dmesg
journalctl -k 2>/dev/null > $SHELLPACK_LOG/journalctl-kernel
gzip -f $SHELLPACK_LOG/journalctl-kernel
cp /etc/os-release $SHELLPACK_LOG/
)";

std::vector<int> readCpuList(const fs::path& file) {
    std::ifstream in(file);
    if (!in) return {};
    std::string text;
    std::getline(in, text);
    try {
        return parseCpuList(text, file.string());
    } catch (const Error&) {
        return {};
    }
}

std::string lastLlc(const fs::path& sysCpu, int cpu) {
    std::vector<fs::path> lists;
    std::error_code ec;
    for (const auto& d : fs::directory_iterator(sysCpu / ("cpu" + std::to_string(cpu)) / "cache", ec))
        if (d.path().filename().string().rfind("index", 0) == 0) lists.push_back(d.path() / "shared_cpu_list");
    std::sort(lists.begin(), lists.end());  // the shell glob's order
    std::string last;
    for (const auto& f : lists) {
        std::ifstream in(f);
        std::string line;
        if (std::getline(in, line)) last = line;
    }
    return last;
}

bool isNodeDir(const std::string& name) {
    return name.size() > 4 && name.rfind("node", 0) == 0 &&
           name.find_first_not_of("0123456789", 4) == std::string::npos;
}

// Nodes and their CPUs, as numactl --hardware lists them; without nodes in
// sysfs, the online CPUs as node 0.
std::map<int, std::vector<int>> nodeCpus(const fs::path& sysNode, const fs::path& sysCpu) {
    std::map<int, std::vector<int>> nodes;
    std::error_code ec;
    for (const auto& d : fs::directory_iterator(sysNode, ec)) {
        const std::string n = d.path().filename().string();
        if (isNodeDir(n)) nodes[std::stoi(n.substr(4))] = readCpuList(d.path() / "cpulist");
    }
    if (nodes.empty()) nodes[0] = readCpuList(sysCpu / "online");
    return nodes;
}

// list-cpu-topology.sh's walk over a node's CPUs: each CPU not listed yet
// starts a socket, its core siblings on the node are the socket's cores and
// each core's hyperthreads its threads. A CPU is listed once.
class TopologyWalk {
public:
    explicit TopologyWalk(const fs::path& sysCpu) : sysCpu_(sysCpu) {}

    void addSocket(int node, int socket, int cpu) {
        if (listed_.count(cpu)) return;
        std::vector<int> cores{cpu};
        for (int c : coreSiblings(cpu, node)) cores.push_back(c);
        int core = 0;
        for (int c : cores) addCore(node, socket, core++, c);
    }

    const std::string& text() const { return text_; }

private:
    void addCore(int node, int socket, int core, int cpu) {
        int thread = 0;
        if (!listed_.count(cpu)) addLine(node, socket, core, thread, cpu);
        for (int t : threadSiblings(cpu))
            if (!listed_.count(t)) addLine(node, socket, core, ++thread, t);
    }

    void addLine(int node, int socket, int core, int thread, int cpu) {
        text_ += "node " + std::to_string(node) + " socket " + std::to_string(socket) + " core " +
                 std::to_string(core) + " thread " + std::to_string(thread) + " cpu " + std::to_string(cpu) + " llc " +
                 lastLlc(sysCpu_, cpu) + "\n";
        listed_.insert(cpu);
    }

    // list-cpu-siblings.pl dies (no siblings) unless the processor driver
    // directory exists; its lists exclude the CPU itself.
    static bool hasDriver(int cpu) {
        return fs::exists(fs::path("/sys/bus/cpu/drivers/processor") / ("cpu" + std::to_string(cpu)));
    }
    fs::path cpuDir(int cpu) const { return sysCpu_ / ("cpu" + std::to_string(cpu)); }

    std::vector<int> threadSiblings(int cpu) const {
        std::vector<int> out;
        if (!hasDriver(cpu)) return out;
        for (int c : readCpuList(cpuDir(cpu) / "topology/thread_siblings_list"))
            if (c != cpu) out.push_back(c);
        return out;
    }

    // The node's other CPUs that are not this CPU's hyperthreads.
    std::vector<int> coreSiblings(int cpu, int node) const {
        std::vector<int> out;
        if (!hasDriver(cpu)) return out;
        const std::vector<int> threads = threadSiblings(cpu);
        for (int c : readCpuList(cpuDir(cpu) / ("node" + std::to_string(node)) / "cpulist"))
            if (c != cpu && std::find(threads.begin(), threads.end(), c) == threads.end()) out.push_back(c);
        return out;
    }

    fs::path sysCpu_;
    std::string text_;
    std::set<int> listed_;
};

}  // namespace

std::string cpuTopologyText(const fs::path& sysCpu, const fs::path& sysNode) {
    TopologyWalk walk(sysCpu);
    for (const auto& [node, cpus] : nodeCpus(sysNode, sysCpu)) {
        int socket = 0;
        for (int cpu : cpus) walk.addSocket(node, socket++, cpu);
    }
    return walk.text();
}

std::string cstateLatencyText(const fs::path& cpuidle) {
    std::map<int, std::pair<std::string, long>> states;
    std::error_code ec;
    for (const auto& d : fs::directory_iterator(cpuidle, ec)) {
        std::string n = d.path().filename().string();
        if (n.rfind("state", 0) != 0 || n.size() == 5) continue;
        std::string name = catFile((d.path() / "name").string());
        if (!name.empty() && name.back() == '\n') name.pop_back();
        states[std::stoi(n.substr(5))] = {name, std::atol(catFile((d.path() / "latency").string()).c_str())};
    }
    std::string out;
    char buf[256];
    for (const auto& [index, s] : states) {
        std::snprintf(buf, sizeof buf, "%-4s %5s %4ld\n", ("c-" + std::to_string(index)).c_str(), s.first.c_str(), s.second);
        out += buf;
    }
    return out;
}

void recordIterationStart(RunLog& log, const fs::path& iterDir, const std::string& runName) {
    // sysstate_log_basic_info; "version" is MMTests' revision, ours by hand.
    log.sysstate("version :: mmtests-plugins run-config");
    log.sysstate("arch :: " + commandOutput("uname -m"));
    log.sysstate(commandOutput("ip addr show"));
    log.sysstate("mount :: start");
    log.sysstate(commandOutput("mount"));
    log.sysstate("/proc/mounts :: start");
    log.sysstate(catFile("/proc/mounts"));
    runSnippet(kCollect, iterDir, runName);
    std::string topology = cpuTopologyText();
    if (!topology.empty()) {
        writeFileAtomically(iterDir / "cpu-topology-mmtests.txt", topology);
        gzipFile(iterDir / "cpu-topology-mmtests.txt");
    }
    // set-cstate-latency.pl is always there in MMTests: an empty list without cpuidle.
    writeFileAtomically(iterDir / ("cstate-latencies-" + runName + ".txt"), cstateLatencyText());
}

void recordProcFiles(RunLog& log, const std::string& when) {
    for (const char* file : {"/proc/vmstat", "/proc/zoneinfo", "/proc/meminfo", "/proc/schedstat", "/proc/diskstats"}) {
        log.sysstate("file " + when + " :: " + file);
        std::ifstream in(file);
        std::stringstream ss;
        if (in) ss << in.rdbuf();
        log.sysstate(ss.str());  // `cat` of a missing file gives "" on stdout
    }
}

void recordIterationEnd(const fs::path& iterDir) { runSnippet(kIterationEnd, iterDir, ""); }

}  // namespace mmtp::runconfig
