// run-config - run one MMTests config by hand, without MMTests.
//
//   run-config CONFIG RUNNAME [--work-dir DIR]
//
// Sources CONFIG with bash (set -a), and for each bench in $MMTESTS runs the
// binary of that name found beside run-config, with the config's variables
// in its environment and LOGDIR_RESULTS=WORK/log/RUN/iter-0/BENCH/logs.
// Writes tests-timestamp and tests-activity in run-mmtests.sh's format and a
// snapshot of the mitigation state (common/mitigation_snapshot.hpp).
#include "common/child_process.hpp"
#include "base/errors.hpp"
#include "common/mitigation_snapshot.hpp"
#include "common/signals.hpp"
#include "common/temp_dir.hpp"
#include "common/preflight.hpp"
#include "common/workload_main.hpp"
#include "run-config/run_tree.hpp"

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp;
using namespace mmtp::runconfig;

namespace {

const char* kProg = "run-config";

// Sources the config the way run-mmtests.sh does (bash, exported), with the
// machine variables MMTests configs use predefined, and returns the
// resulting environment. Calls to MMTests helpers (disable_transhuge, ...)
// are reported and skipped.
std::map<std::string, std::string> sourceConfig(const fs::path& config) {
    TempDir tmp("run-config");
    const std::string script =
        "command_not_found_handle() { echo \"run-config: $RUN_CONFIG_FILE calls '$1' "
        "(an MMTests helper run-config does not provide); ignored\" >&2; return 0; }\n"
        "set -a\n"
        ". \"$RUN_CONFIG_FILE\" >&2 || exit 3\n"
        "set +a\n"
        "unset RUN_CONFIG_FILE\n"
        "env -0\n";
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) env.emplace_back(*e);
    long ncpu = ::sysconf(_SC_NPROCESSORS_CONF);
    env.push_back("NUM_LOGICAL_CPUS=" + std::to_string(ncpu > 0 ? ncpu : 1));
    int nodes = 0;
    std::error_code ec;
    for (const auto& d : fs::directory_iterator("/sys/devices/system/node", ec))
        if (d.path().filename().string().rfind("node", 0) == 0 &&
            std::isdigit(static_cast<unsigned char>(d.path().filename().string().back())))
            ++nodes;
    env.push_back("NUM_NODES=" + std::to_string(nodes > 0 ? nodes : 1));
    long pages = ::sysconf(_SC_PHYS_PAGES), psize = ::sysconf(_SC_PAGESIZE);
    env.push_back("MEMTOTAL_BYTES=" + std::to_string(static_cast<long long>(pages) * psize));
    env.push_back("RUN_CONFIG_FILE=" + fs::absolute(config).string());

    SpawnOptions o;
    o.argv = {"bash", "-c", script, "run-config-source"};
    o.env = env;
    o.stdinPath = "/dev/null";
    o.stdoutPath = tmp.path() / "env";
    ChildProcess sh = ChildProcess::spawn(o);
    ExitStatus st = sh.wait();
    if (!st.success())
        throw UsageError("sourcing " + config.string() + " with bash failed (" + st.describe() + ")");
    std::ifstream in(tmp.path() / "env", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return parseEnvBlock(ss.str());
}

fs::path selfDir() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw Error("cannot read /proc/self/exe: " + ec.message());
    return exe.parent_path();
}

// Runs one bench; returns its shell-style exit code.
int runBench(const std::string& bench, const fs::path& binary, const fs::path& iterDir,
             std::map<std::string, std::string> env, RunLog& log) {
    fs::path top = iterDir / bench, logs = top / "logs";
    fs::create_directories(logs);
    env["LOGDIR_RESULTS"] = logs.string();
    env["LOGDIR_TOPLEVEL"] = top.string();
    env["SHELLPACK_LOG"] = iterDir.string();
    std::vector<std::string> envList;
    for (const auto& [k, v] : env) envList.push_back(k + "=" + v);

    std::cout << "Starting test " << bench << std::endl;
    log.timestamp("test begin :: " + bench + " " + std::to_string(epochNow()));
    log.activity("run-mmtests: test start :: " + bench + " " + std::to_string(epochNow()));
    auto t0 = std::chrono::steady_clock::now();
    SpawnOptions o;
    o.argv = {binary.string()};
    o.env = envList;
    o.stdinPath = "/dev/null";
    o.cwd = top;
    ExitStatus st;
    bool interrupted = false;
    {
        ChildProcess child = ChildProcess::spawn(o);
        try {
            st = child.wait();
        } catch (const Interrupted&) {
            interrupted = true;
            st = child.stop(std::chrono::seconds(15));  // the bench cleans up on SIGTERM
        }
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    int code = st.shellCode();
    std::cout << "test exit :: " << bench << " " << code << std::endl;
    log.activity("run-mmtests: test end :: " + bench + " " + std::to_string(epochNow()) + " " +
                 std::to_string(code));
    log.timestamp("test end :: " + bench + " " + std::to_string(epochNow()) + " " + std::to_string(code));
    log.timestamp(timeLines(bench, st, elapsed));
    if (interrupted) throwIfInterrupted();
    return code;
}

struct RunSettings {
    fs::path config;
    std::string runName;
    fs::path workDir;
};

const OptionTable& optionTable() {
    static const OptionTable table(
        {textOption("work-dir", 0, "", "work", "where the log tree goes: WORK/log/RUNNAME/iter-0/...")},
        {"CONFIG", "RUNNAME"});
    return table;
}

RunSettings settingsFrom(const OptionValues& v) {
    if (v.positionals.size() != 2) throw UsageError("usage: run-config CONFIG RUNNAME [--work-dir DIR]");
    RunSettings s{v.positionals[0], v.positionals[1], v.text("work-dir")};
    validateRunName(s.runName);
    if (!fs::is_regular_file(s.config)) throw UsageError("config " + s.config.string() + " is not a readable file");
    return s;
}

// The config is sourced with bash, as run-mmtests.sh does.
void supported(RunSettings& s) {
    if (findExecutable("bash").empty())
        throw UnsupportedError("bash not found in PATH: run-config sources the config with bash");
    requireWritableDir(s.workDir / "log", "--work-dir");
}

int run(const RunSettings& s) {
    const fs::path& config = s.config;
    const std::string& runName = s.runName;
    auto env = sourceConfig(config);
    auto benches = splitWords(env.count("MMTESTS") ? env["MMTESTS"] : "");
    if (benches.empty()) throw UsageError("config " + config.string() + " sets no MMTESTS");
    fs::path binDir = selfDir();
    std::vector<fs::path> binaries;
    for (const auto& b : benches) {
        fs::path p = binDir / b;
        if (b.find('/') != std::string::npos || ::access(p.c_str(), X_OK) != 0)
            throw UsageError("config " + config.string() + ": no binary for bench '" + b + "' (looked for " +
                             p.string() + ")");
        binaries.push_back(p);
    }

    fs::path runDir = s.workDir / "log" / runName;
    if (fs::exists(runDir))
        throw UsageError("run " + runDir.string() + " already exists; choose another RUNNAME or remove it");
    fs::path iterDir = runDir / "iter-0";
    fs::create_directories(iterDir);
    iterDir = fs::canonical(iterDir);

    RunLog log(iterDir);
    log.activity("run-mmtests: Start");
    log.activity("run-mmtests: Iteration 1 start");
    log.timestamp("start :: " + std::to_string(epochNow()));
    writeMitigationSnapshot(iterDir);
    std::cout << "run-config: " << config.string() << " -> " << iterDir.string() << std::endl;

    int failures = 0;
    for (std::size_t i = 0; i < benches.size(); ++i) {
        try {
            if (runBench(benches[i], binaries[i], iterDir, env, log) != 0) ++failures;
        } catch (const Interrupted&) {
            log.timestamp("finish :: " + std::to_string(epochNow()));
            log.activity("run-mmtests: Iteration 1 end");
            log.activity("run-mmtests: End");
            throw;
        }
    }
    log.timestamp("finish :: " + std::to_string(epochNow()));
    log.activity("run-mmtests: Iteration 1 end");
    log.activity("run-mmtests: End");
    if (failures) throw Error(std::to_string(failures) + " of " + std::to_string(benches.size()) +
                              " benchmarks failed; see " + (iterDir / "tests-timestamp").string());
    std::cout << "run-config: done, logs in " << iterDir.string() << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const Workload<RunSettings> w{
        kProg,
        "Runs each bench in the config's MMTESTS with the binary of the same name\n"
        "beside run-config, writing an MMTests log tree.\n"
        "Exit: 0 ok, 1 a benchmark failed, 2 bad arguments or config, 3 no bash, 130 interrupted.",
        optionTable(),
        settingsFrom,
        supported,
        run,
    };
    return workloadMain(w, argc, argv);
}
