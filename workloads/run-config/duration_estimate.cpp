#include "run-config/duration_estimate.hpp"

#include "base/errors.hpp"
#include "base/text_format.hpp"
#include "run-config/run_tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace mmtp::runconfig {

namespace {

// A setting as a number; one that is not a finite number >= 0 (1e308 makes
// the product infinite, -1 a negative time) is the config's error.
double number(const std::map<std::string, std::string>& env, const std::string& name, double fallback) {
    auto it = env.find(name);
    if (it == env.end() || it->second.empty()) return fallback;
    char* end = nullptr;
    double v = std::strtod(it->second.c_str(), &end);
    if (end == it->second.c_str()) return fallback;  // not a number: the bench itself says so
    if (!std::isfinite(v) || v < 0 || v > kMaxSettingValue)
        throw UsageError(name + "='" + it->second + "': not a number run-config can estimate a duration from (0.." +
                         formatText("%.0e", kMaxSettingValue) + ")");
    return v;
}

std::string text(const std::map<std::string, std::string>& env, const std::string& name) {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
}

// Measured costs (2-vCPU VM, see README).
constexpr double kPipeLoopSeconds = 9e-6;        // one pipe-pingpong round trip
constexpr double kRedisRequestSeconds = 1.2e-6;  // one pipelined request of a simple test
constexpr double kRedisHeavySeconds = 8e-5;      // one LRANGE_100..600 or MSET request (5e-5 idle .. 1.6e-4 loaded)
constexpr double kRedisRunSeconds = 0.35;        // a fresh redis-server per test run
constexpr double kProcessStartSeconds = 0.3;

}  // namespace

int powerOfTwoSteps(long minimum, long maximum) {
    if (minimum < 1) minimum = 1;
    int steps = 0;
    long c = minimum;
    for (; c < maximum; c *= 2) ++steps;
    return steps + 1;
}

std::optional<double> benchSeconds(const std::string& bench, const std::map<std::string, std::string>& env) {
    if (bench == "pipe-pingpong") {
        return kProcessStartSeconds + number(env, "PIPE_PINGPONG_ITERATIONS", 5) *
                                          number(env, "PIPE_PINGPONG_LOOPS", 1000000) * kPipeLoopSeconds;
    }
    if (bench == "ibpb-pulse") return 1.0;
    if (bench == "seccomp-churn") {
        int steps = powerOfTwoSteps(static_cast<long>(number(env, "SECCOMP_CHURN_MIN_THREADS", 1)),
                                    static_cast<long>(number(env, "SECCOMP_CHURN_MAX_THREADS", 1)));
        return kProcessStartSeconds + steps * number(env, "SECCOMP_CHURN_ITERATIONS", 5) *
                                          (number(env, "SECCOMP_CHURN_RUNTIME", 60) + 0.3);
    }
    if (bench == "syscall-scale") {
        // one run per testcase, model and task count: warm-up + measured seconds
        auto listed = [&env](const char* var, double fallback) {
            std::string list = text(env, var);
            std::replace(list.begin(), list.end(), ',', ' ');
            return list.empty() ? fallback : double(splitWords(list).size());
        };
        int steps = powerOfTwoSteps(static_cast<long>(number(env, "SYSCALL_SCALE_MIN_THREADS", 1)),
                                    static_cast<long>(number(env, "SYSCALL_SCALE_MAX_THREADS", 1)));
        return kProcessStartSeconds + listed("SYSCALL_SCALE_WORKLOADS", 4) * listed("SYSCALL_SCALE_MODELS", 1) * steps *
                                          (number(env, "SYSCALL_SCALE_WARMUP", 6) + number(env, "SYSCALL_SCALE_ITERATIONS", 5) + 0.1);
    }
    if (bench == "syscall-null") {
        int steps = powerOfTwoSteps(static_cast<long>(number(env, "SYSCALL_NULL_MIN_THREADS", 1)),
                                    static_cast<long>(number(env, "SYSCALL_NULL_MAX_THREADS", 1)));
        return kProcessStartSeconds + steps * number(env, "SYSCALL_NULL_ITERATIONS", 3) * (number(env, "SYSCALL_NULL_RUNTIME", 10) + 0.1);
    }
    if (bench == "syscall-fsbuffer") {
        // fstime: 2 s write and 2 s read passes, the copy, and 11 s of sleeps unless --settle no
        const std::string settle = text(env, "SYSCALL_FSBUFFER_SETTLE");
        const double sleeps = (settle == "no" || settle == "0" || settle == "false" || settle == "off") ? 0.0 : 11.0;
        return kProcessStartSeconds + number(env, "SYSCALL_FSBUFFER_ITERATIONS", 3) *
                                          (number(env, "SYSCALL_FSBUFFER_RUNTIME", 10) + 4 + sleeps);
    }
    if (bench == "fiolike") {
        // fiolike runs one job per pattern and depth listed (space or comma).
        auto listed = [&env](const char* var) {
            std::string list = text(env, var);
            std::replace(list.begin(), list.end(), ',', ' ');
            return double(std::max<std::size_t>(1, splitWords(list).size()));
        };
        double n = listed("FIO_IO_PATTERNS") * listed("FIO_IODEPTH");
        double run = number(env, "FIO_RUNTIME", 0) + number(env, "FIO_RAMP_TIME", 0);
        if (run <= 0) return std::nullopt;  // size-bound: depends on the device
        return kProcessStartSeconds + n * (run + 1.0);
    }
    if (bench == "redis-zpopmin") {
        // The default suite is 15 simple tests and five heavy ones (LRANGE_100,
        // _300, _500, _600 and MSET); "-t lrange" runs all four LRANGEs.
        std::string tests = text(env, "REDIS_ZPOPMIN_TESTS");
        std::replace(tests.begin(), tests.end(), ',', ' ');
        double simple = 15, heavy = 5;
        if (!tests.empty()) {
            simple = heavy = 0;
            for (const auto& t : splitWords(tests)) {
                if (t == "lrange") {
                    heavy += 4;
                    simple += 1;  // the LPUSH that fills the list
                } else if (t.rfind("lrange", 0) == 0 || t == "mset") {
                    heavy += 1;
                } else {
                    simple += 1;
                }
            }
        }
        int clients = powerOfTwoSteps(static_cast<long>(number(env, "REDIS_ZPOPMIN_MIN_CLIENTS", 1)),
                                      static_cast<long>(number(env, "REDIS_ZPOPMIN_MAX_CLIENTS", 1)));
        double runs = clients * number(env, "REDIS_ZPOPMIN_ITERATIONS", 5);
        return kProcessStartSeconds +
               runs * (kRedisRunSeconds + number(env, "REDIS_ZPOPMIN_REQUESTS", 100000) *
                                             (simple * kRedisRequestSeconds + heavy * kRedisHeavySeconds));
    }
    return std::nullopt;
}

}  // namespace mmtp::runconfig
