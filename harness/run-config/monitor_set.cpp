#include "run-config/monitor_set.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"
#include "run-config/gzip_file.hpp"
#include "run-config/monitor_catalog.hpp"
#include "run-config/piped_child.hpp"
#include "run-config/run_tree.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

namespace {

double epochSeconds() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The monitor's log: lines written unbuffered, latency-stamped for
// MONITORS_WITH_LATENCY (monitors/latency-output).
class MonitorLog {
public:
    MonitorLog(const fs::path& path, bool withLatency) : file_(path, LogFile::Mode::New) {
        if (withLatency) stamp_.emplace(epochSeconds());
    }
    void write(const std::string& line) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!file_.isOpen()) return;
        std::string out = stamp_ ? stamp_->stamp(line, epochSeconds()) : line;
        out += '\n';
        try {
            file_.write(out);
        } catch (const Error& e) {  // on the monitor's thread: say it once, stop this log
            std::cerr << "run-config: " << e.what() << std::endl;
            file_.close();
        }
    }
    void close() {
        std::lock_guard<std::mutex> lock(mu_);
        file_.close();
    }
private:
    LogFile file_;
    std::optional<LatencyStamp> stamp_;
    std::mutex mu_;
};

// monitors.sh's NAME-BENCH.start: `date +%s`, then /proc/uptime.
void writeStartFile(const std::string& path) {
    LogFile(path, LogFile::Mode::New).write(std::to_string(epochNow()) + '\n' + catFile("/proc/uptime"));
}

void writeLines(MonitorLog& log, const std::string& text) {
    LineSplitter split([&](const std::string& line) { log.write(line); });
    split.feed(text);
    split.flush();
}

}  // namespace

struct MonitorSet::Running {
    PlannedMonitor plan;
    fs::path path;
    std::unique_ptr<MonitorLog> log;
    std::unique_ptr<PipedChild> tool;
    std::thread loop;
    std::mutex mu;
    std::condition_variable wake;
    bool stopping = false;

    void startTool(const MonitorRecipe& r, const std::vector<std::string>& env) {
        if (r.timeLineFirst) log->write("time: " + std::to_string(epochNow()));
        auto split = std::make_shared<LineSplitter>([this, filter = r.filter](const std::string& line) {
            if (!filter) return log->write(line);
            for (const auto& out : filter(line, epochNow())) log->write(out);
        });
        tool = std::make_unique<PipedChild>(r.argv, env, fs::path(), [split](std::string_view chunk) { split->feed(chunk); });
    }

    void startLoop(const MonitorRecipe& r) {
        loop = startQuietThread([this, snapshot = r.snapshot, interval = r.intervalSeconds] {
            std::unique_lock<std::mutex> lock(mu);
            while (!stopping) {
                lock.unlock();
                log->write("time: " + std::to_string(epochNow()));
                writeLines(*log, snapshot());
                lock.lock();
                wake.wait_for(lock, std::chrono::seconds(interval), [this] { return stopping; });
            }
        });
    }

    // Idempotent. Also run by the destructor: a monitor whose start failed
    // half way (no fd left for its .start file, say) must not leave a
    // joinable thread behind, which would std::terminate run-config.
    void stop() {
        if (stopped) return;
        stopped = true;
        if (tool) tool->stop(std::chrono::seconds(5));
        {
            std::lock_guard<std::mutex> lock(mu);
            stopping = true;
        }
        wake.notify_all();
        if (loop.joinable()) loop.join();
        if (log) log->close();
    }
    ~Running() {
        try {
            stop();
        } catch (...) {
        }
    }
    bool stopped = false;
};

MonitorSet::MonitorSet(const std::vector<PlannedMonitor>& monitors, int freq,
                       const std::map<std::string, std::string>& env, const fs::path& dir, const std::string& bench) {
    const std::vector<std::string> toolEnv = envList(env);
    for (const auto& m : monitors) {
        MonitorRecipe recipe = monitorRecipe(m.name, freq, env);
        if (!recipe.unavailable.empty()) continue;  // the plan said so once
        auto r = std::make_unique<Running>();
        r->plan = m;
        r->path = dir / (m.name + "-" + bench);
        try {
            r->log = std::make_unique<MonitorLog>(r->path, m.type == "with_latency");
            if (recipe.snapshot)
                r->startLoop(recipe);
            else
                r->startTool(recipe, toolEnv);
            writeStartFile(r->path.string() + ".start");
        } catch (const Error& e) {
            throw Error("cannot start monitor " + m.name + ": " + e.what());
        } catch (const std::system_error& e) {  // its thread
            throw Error("cannot start monitor " + m.name + ": " + e.code().message());
        }
        std::cout << "Started monitor " << m.name << " " << m.type << std::endl;
        running_.push_back(std::move(r));
    }
}

void MonitorSet::stop(bool settle) {
    if (stopped_) return;
    stopped_ = true;
    if (settle && !running_.empty()) {
        ::sync();
        for (int i = 0; i < 50 && !interruptRequested(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    for (auto& r : running_) r->stop();
    for (auto& r : running_)
        if (r->plan.type != "always") gzipFile(r->path);
    running_.clear();
}

MonitorSet::~MonitorSet() {
    try {
        stop(false);
    } catch (...) {
    }
}

}  // namespace mmtp::runconfig
