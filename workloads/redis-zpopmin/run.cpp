#include "redis-zpopmin/run.hpp"

#include "base/atomic_file.hpp"
#include "common/clock_check.hpp"
#include "common/cpu_pin.hpp"
#include "common/progress.hpp"
#include "base/errors.hpp"
#include "common/signals.hpp"
#include "redis-zpopmin/batch_buffer.hpp"
#include "redis-zpopmin/client_counts.hpp"
#include "redis-zpopmin/redis_server.hpp"
#include "redis-zpopmin/resource_budget.hpp"
#include "redis-zpopmin/report.hpp"
#include "redis-zpopmin/test_runner.hpp"

#include <cstdio>
#include <iostream>
#include <ctime>
#include <fstream>
#include <memory>
#include <ostream>
#include <unistd.h>

namespace mmtp::rediszpopmin {

namespace {

constexpr const char* kZset = "myzset";
const std::string kFilledTitle = "ZPOPMIN (set kept filled)";

// The first line of the --attach-password-file, without its newline.
std::string firstLineOf(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    if (!in || !std::getline(in, line) || line.empty())
        throw Error("--attach-password-file " + file.string() + ": cannot read a password from its first line");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

class Bench {
public:
    Bench(const Settings& s, std::ostream& progress)
        : s_(s), out_(progress), rng_(s.seed ? s.seed : (uint64_t(::time(nullptr)) ^ uint64_t(::getpid()))),
          suite_(selectTests(defaultSuite(benchmarkData(s.datasize), s.randomKeys()), s.tests)),
          clock_(clockSpec(s), std::cerr) {}

    void run() {
        std::filesystem::create_directories(s_.logdir);
        pinTask(0, s_.clientCpus);
        long ncpu = ::sysconf(_SC_NPROCESSORS_CONF);
        auto counts = largeStrideClients(s_.minClients, s_.maxClients, ncpu > 0 ? int(ncpu) : 1);
        if (s_.freshServer == "run") startServer();
        Progress progress("redis-zpopmin", unsigned(counts.size()) * unsigned(s_.iterations), out_);
        for (int clients : counts)
            for (int it = 1; it <= s_.iterations; ++it) {
                if (s_.freshServer == "iteration") startServer();
                iteration(clients, it);
                progress.iterationDone("clients " + std::to_string(clients));
            }
        server_.reset();
        clock_.finish(s_.logdir);
    }

private:
    static ClockSpec clockSpec(const Settings& s) {
        const bool ms = s.rpsClock == RpsClock::Ms;
        return {"redis-zpopmin", ms ? "redis-benchmark's whole milliseconds (--rps-clock ms)" : "CLOCK_MONOTONIC ns",
                ms ? 1e6 : monotonicResolutionNs(), "REDIS_ZPOPMIN_REQUESTS (--requests, -n)",
                "REDIS_ZPOPMIN_ITERATIONS (--iterations)", s.iterations};
    }

    void startServer() {
        server_.reset();
        ServerOptions o;
        o.binary = s_.redisServer;
        o.persistence = s_.persistence;
        o.port = s_.port;
        o.unixSocket = s_.unixSocket;
        o.cpus = s_.serverCpus;
        o.logFile = s_.logdir / "redis-server.log";
        o.maxClients = s_.maxClients + kServerExtraClients;
        if (!s_.attach.empty()) {
            auto colon = s_.attach.rfind(':');
            Endpoint ep;
            ep.host = s_.attach.substr(0, colon);
            ep.port = std::stoi(s_.attach.substr(colon + 1));
            if (!s_.attachPasswordFile.empty()) ep.password = firstLineOf(s_.attachPasswordFile);
            o.attach = ep;
            server_ = std::make_unique<RedisServer>(o);
            out_ << "attached to the redis-server at " << ep.describe() << std::endl;
            return;
        }
        server_ = std::make_unique<RedisServer>(o);
        out_ << "redis-server pid " << server_->pid() << " on " << server_->endpoint().describe()
             << ", persistence " << s_.persistence
             << ", clients AUTH with a random requirepass (in a 0600 file, not on its command line)" << std::endl;
    }

    std::optional<long long> zcard() { return server_->integerCommand({"ZCARD", kZset}); }

    // Adds members until ZPOPMIN cannot run dry: -n plus the overshoot of
    // the last batches (P per client). Untimed.
    void fillZset(int clients) {
        long long need = s_.requests + int64_t(s_.pipeline) * clients;
        long long have = *zcard();
        std::vector<std::vector<std::string>> cmds;
        std::vector<std::string> cmd;
        for (long long i = have; i < need; ++i) {
            if (cmd.empty()) cmd = {"ZADD", kZset};
            uint64_t score = s_.randomKeys() ? rng_.below(s_.keyspace) : 0;
            char member[32];
            std::snprintf(member, sizeof member, "fill:%012llu", static_cast<unsigned long long>(fillSerial_++));
            cmd.push_back(std::to_string(score));
            cmd.push_back(member);
            if (cmd.size() >= 2 + 2 * 1000) cmds.push_back(std::move(cmd)), cmd.clear();
        }
        if (!cmd.empty()) cmds.push_back(std::move(cmd));
        server_->pipeline(cmds);
    }

    TestOutcome measure(const TestSpec& t, const RunParams& p) {
        try {
            return runTest(t, p, server_->endpoint(), rng_);
        } catch (const Interrupted&) {
            throw;
        } catch (const Error& e) {
            server_->checkAlive(std::chrono::milliseconds(500));  // a dead server explains it better
            throw;
        }
    }

    void iteration(int clients, int it) {
        out_ << "iteration " << it << "/" << s_.iterations << " clients " << clients << std::endl;
        AtomicFile csv(s_.logdir / csvLogName(clients, it));
        AtomicFile replies(s_.logdir / repliesLogName(clients, it));
        csv.stream() << csvHeader();
        replies.stream() << repliesHeader();
        RunParams p{clients, s_.pipeline, s_.requests, s_.randomKeys(), s_.keyspace};
        for (const TestSpec& spec : suite_) {
            throwIfInterrupted();
            const bool zadd = spec.title == "ZADD", zpop = spec.title == "ZPOPMIN";
            const bool filled = zpop && s_.popMode == "filled";
            if (filled) fillZset(clients);
            RepliesRow row;
            if (zadd || zpop) row.zcardBefore = zcard();
            TestSpec t = spec;
            if (filled) t.title = kFilledTitle;
            TestOutcome o = measure(t, p);
            server_->checkAlive();
            if (zadd || zpop) row.zcardAfter = zcard();
            row.outcome = &o;
            csv.stream() << csvRow(o, s_.rpsClock);
            const std::string sample = o.title + " clients " + std::to_string(clients);
            clock_.span(sample + " iteration " + std::to_string(it), o.elapsedNs);
            clock_.rate(sample, double(o.rps(s_.rpsClock)));
            replies.stream() << repliesRow(row);
            char rps[32];
            std::snprintf(rps, sizeof rps, "%.2f", static_cast<double>(o.rps(s_.rpsClock)));
            out_ << "  " << o.title << ": " << rps << " rps";
            if (o.replies.empty || zpop) out_ << " (replies: real " << o.replies.real << ", empty " << o.replies.empty << ")";
            if (o.replies.errors) out_ << " (" << o.replies.errors << " error replies)";
            out_ << std::endl;
            if (o.msClockTooCoarse(s_.rpsClock))
                std::cerr << "redis-zpopmin: warning: " << o.title << " took under 1 ms (" << o.elapsedUs
                          << " us): its rps is from the nanosecond clock where redis-benchmark would print inf; "
                             "too short to trust, raise -n" << std::endl;
        }
        server_->checkAlive();
        csv.commit();
        replies.commit();
    }

    const Settings& s_;
    std::ostream& out_;
    KeyRng rng_;
    std::vector<TestSpec> suite_;
    std::unique_ptr<RedisServer> server_;
    uint64_t fillSerial_ = 0;
    ClockCheck clock_;
};

}  // namespace

void runBenchmark(const Settings& s, std::ostream& progress) {
    Bench b(s, progress);
    b.run();
}

}  // namespace mmtp::rediszpopmin
