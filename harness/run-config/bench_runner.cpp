#include "run-config/bench_runner.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"
#include "run-config/gzip_file.hpp"
#include "run-config/log_file.hpp"
#include "run-config/monitor_set.hpp"
#include "run-config/piped_child.hpp"
#include "run-config/system_state.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

int recordedExitCode(const ExitStatus& st) { return st.success() ? 0 : 255; }

std::string runtimeCommand(const std::vector<std::string>& variables, const fs::path& binary,
                           const std::map<std::string, std::string>& env) {
    std::string cmd;
    for (const auto& [k, v] : env)
        if (std::find(variables.begin(), variables.end(), k) != variables.end()) cmd += k + "=" + v + " ";
    return cmd + binary.string();
}

std::string defaultsLine(const std::vector<std::string>& variables, const fs::path& binary,
                         const std::map<std::string, std::string>& env,
                         const std::map<std::string, std::string>& defaults) {
    std::string line = "Defaults: ";
    for (const auto& [k, v] : env) {
        const auto d = defaults.find(k);
        if (d != defaults.end() && std::find(variables.begin(), variables.end(), k) != variables.end())
            line += k + "=" + d->second + " ";
    }
    return line + binary.string();
}

namespace {

// shellpacks' log_runtime/log_cmd: runtime.opts in the iteration,
// commands.log beside the bench's logs.
void logRuntime(const BenchJob& job, const fs::path& logs) {
    fs::path opts = job.iterDir / "runtime.opts";
    std::string text;
    if (!fs::exists(fs::symlink_status(opts))) {
        text += "Runtime options\n";
        for (const auto& [k, v] : job.overrides) text += "Set: " + k + "=" + v + "\n";
    }
    const std::string cmd = runtimeCommand(job.variables, job.binary, job.env);
    appendToLog(opts, text + defaultsLine(job.variables, job.binary, job.env, job.defaults) + "\nRun: " + cmd + "\n");
    appendToLog(logs / "commands.log", cmd + "\n");
}

// The workload's output: on our stdout and in logs/mmtests.log.
class Tee {
public:
    explicit Tee(const fs::path& file) : file_(file, LogFile::Mode::New) {}
    void write(std::string_view chunk) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!failed_) {
            try {
                file_.write(chunk);
            } catch (const Error& e) {  // on the reader thread: say it once, keep the output on stdout
                failed_ = true;
                std::cerr << "run-config: " << e.what() << std::endl;
            }
        }
        std::fwrite(chunk.data(), 1, chunk.size(), stdout);
        std::fflush(stdout);
    }
private:
    LogFile file_;
    bool failed_ = false;
    std::mutex mu_;
};

}  // namespace

BenchOutcome runBench(const BenchJob& job, const RunPlan& plan, RunLog& log) {
    const std::string& bench = job.bench;
    fs::path top = job.iterDir / bench, logs = top / "logs";
    fs::create_directories(logs);
    auto env = job.env;
    env["LOGDIR_RESULTS"] = logs.string();
    env["LOGDIR_TOPLEVEL"] = top.string();
    env["SHELLPACK_LOG"] = job.iterDir.string();

    std::cout << "Starting test " << bench << std::endl;
    log.teststate("test begin :: " + bench + " " + std::to_string(epochNow()));
    log.activity("run-mmtests: test start :: " + bench + " " + std::to_string(epochNow()));
    recordProcFiles(log, "start");
    logRuntime(job, logs);

    BenchOutcome out;
    double elapsed = 0;
    {
        ::sync();
        MonitorSet monitors(plan.monitors, plan.updateFrequency, job.env, job.iterDir, bench);
        {
            Tee tee(logs / "mmtests.log");
            auto t0 = std::chrono::steady_clock::now();
            PipedChild child({job.binary.string()}, envList(env), top, [&tee](std::string_view c) { tee.write(c); });
            try {
                out.status = child.wait();
            } catch (const Interrupted&) {
                out.interrupted = true;
                out.status = child.stop(std::chrono::seconds(15));  // the workload cleans up on SIGTERM
            }
            elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        ::sync();
        monitors.stop(!out.interrupted);
    }
    recordProcFiles(log, "end");
    gzipFile(logs / "mmtests.log");

    out.recordedCode = recordedExitCode(out.status);
    if (!out.status.success())
        std::cout << "run-config: " << bench << " " << out.status.describe() << " (recorded as "
                  << out.recordedCode << ", as run-single-test.sh records a failed benchmark)" << std::endl;
    std::cout << "test exit :: " << bench << " " << out.recordedCode << std::endl;
    std::string end = std::to_string(epochNow()) + " " + std::to_string(out.recordedCode);
    log.activity("run-mmtests: test end :: " + bench + " " + end);
    log.teststate("test end :: " + bench + " " + end);
    // /usr/bin/time reports run-single-test.sh's exit, which is the recorded code.
    ExitStatus timed = out.status;
    if (!timed.success()) timed.raw = out.recordedCode << 8;
    log.teststate(timeLines(bench, timed, elapsed));
    return out;
}

}  // namespace mmtp::runconfig
