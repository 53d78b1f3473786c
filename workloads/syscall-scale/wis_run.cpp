#include "syscall-scale/wis_run.hpp"

#include "base/atomic_file.hpp"
#include "base/clock.hpp"
#include "base/errors.hpp"
#include "base/text_format.hpp"
#include "common/cpu_pin.hpp"
#include "common/progress.hpp"
#include "common/signals.hpp"
#include "common/temp_dir.hpp"
#include "syscall-scale/task_group.hpp"
#include "syscall-scale/wis_cases.hpp"

#include <cerrno>
#include <cinttypes>
#include <ctime>
#include <sys/resource.h>

namespace mmtp::syscallscale {

std::string sampleLine(const WisSample& s) {
    return formatText("min:%" PRIu64 " max:%" PRIu64 " total:%" PRIu64, s.min, s.max, s.total);
}

namespace {

std::uint64_t averageOf(const std::vector<WisSample>& v) {
    std::uint64_t sum = 0;
    for (const WisSample& s : v) sum += s.total;
    return v.empty() ? 0 : sum / v.size();  // will-it-scale's integer average
}

std::string caseModel(const std::string& testcase, Model m) { return testcase + "_" + modelName(m); }

double threadCpuSeconds() {
    rusage ru{};
    ::getrusage(RUSAGE_THREAD, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

struct WisResult {
    std::vector<WisSample> measured;
    double parentCpuSeconds = 0;   // the sampling thread, from the gate to the stop
    double wallSeconds = 0;        // the same span
    double taskCpuSeconds = 0;     // all tasks
    std::vector<std::string> cpus; // each task's CPU set
};

WisResult runOne(const WisCase& wc, Model model, unsigned tasks, const WisConfig& c, std::ostream& out) {
    TempDir dir("syscall-scale", c.testdir);
    CaseShared shared{dir.path(), {}};
    if (wc.prepare) wc.prepare(shared, tasks);

    TaskGroup group(model, taskCpusHere(c.affinity, tasks));
    WisResult r;
    for (unsigned i = 0; i < tasks; ++i) r.cpus.push_back(group.cpusOf(i).empty() ? "any" : formatCpuList(group.cpusOf(i)));
    group.start([&wc, &shared](TaskContext& ctx) { wc.task(ctx, shared); });

    out << "testcase:" << wc.description << "\nwarmup\n" << (c.warmup == 0 ? "measurement\n" : "") << std::flush;
    std::vector<std::uint64_t> prev(tasks, 0);
    const double cpu0 = threadCpuSeconds();
    const std::uint64_t t0 = monotonicNs();
    group.go();
    for (unsigned second = 0; second < c.warmup + c.seconds; ++second) {
        sleepUntilNs(t0 + std::uint64_t(second + 1) * 1000000000u);
        WisSample s{~std::uint64_t{0}, 0, 0};
        for (unsigned i = 0; i < tasks; ++i) {
            const std::uint64_t now = group.count(i), diff = now - prev[i];
            prev[i] = now;
            s.min = std::min(s.min, diff);
            s.max = std::max(s.max, diff);
            s.total += diff;
        }
        out << sampleLine(s) << "\n";
        if (second + 1 == c.warmup) out << "measurement\n";
        if (second >= c.warmup) r.measured.push_back(s);
        out << std::flush;
        group.checkHealthy();
    }
    r.wallSeconds = double(monotonicNs() - t0) * 1e-9;
    r.parentCpuSeconds = threadCpuSeconds() - cpu0;
    group.stop();
    for (unsigned i = 0; i < tasks; ++i) r.taskCpuSeconds += group.slot(i).usr + group.slot(i).sys;
    out << "average:" << averageOf(r.measured) << "\n" << std::flush;
    return r;
}

std::string extraText(const WisCase& wc, Model model, unsigned tasks, const WisConfig& c, const WisResult& r) {
    double mean = 0;
    for (const WisSample& s : r.measured) mean += double(s.total);
    mean = r.measured.empty() ? 0 : mean / double(r.measured.size());
    std::string cpus;
    for (const std::string& s : r.cpus) cpus += (cpus.empty() ? "" : " ") + s;
    std::string out = "# syscall-scale: will-it-scale " + std::string(wc.name) + " (" + wc.description + ")\n";
    out += "testcase " + std::string(wc.name) + "\n";
    out += std::string("model ") + modelName(model) + "\n";
    out += formatText("tasks %u\n", tasks);
    out += std::string("affinity ") + affinityName(c.affinity) + "\n";
    out += "task-cpus " + cpus + "\n";
    out += formatText("warmup-seconds %u\n", c.warmup);
    out += formatText("measured-seconds %zu\n", r.measured.size());
    out += formatText("ops-per-sec %.1f\n", mean);
    out += formatText("ops-per-sec-per-task %.1f\n", mean / double(tasks));
    // The cost of one call as one task sees it: at one task, the figure a
    // hardening patch moves.
    out += formatText("ns-per-op %.3f\n", mean > 0 ? 1e9 * double(tasks) / mean : 0.0);
    out += formatText("task-cpu-seconds %.3f\n", r.taskCpuSeconds);
    out += formatText("parent-cpu-usecs-per-sec %.1f\n", r.wallSeconds > 0 ? r.parentCpuSeconds * 1e6 / r.wallSeconds : 0.0);
    return out;
}

}  // namespace

std::string benchlogText(const std::vector<WisSample>& measured) {
    std::string out = "measurement\n";
    for (const WisSample& s : measured) out += sampleLine(s) + "\n";
    return out + "average:" + std::to_string(averageOf(measured)) + "\n";
}

std::string benchlogName(const std::string& testcase, Model m, unsigned tasks) {
    return "benchlog-" + caseModel(testcase, m) + "-" + std::to_string(tasks);
}

std::string extraName(const std::string& testcase, Model m, unsigned tasks) {
    return "syscall-scale-" + caseModel(testcase, m) + "-" + std::to_string(tasks) + ".extra";
}

void runWis(const WisConfig& c, std::ostream& out) {
    const auto sweep = powerTwoSweep(c.minThreads, c.maxThreads);
    Progress done("syscall-scale", unsigned(c.workloads.size() * sweep.size() * c.models.size()), out);
    for (const std::string& name : c.workloads) {
        const WisCase& wc = *findWisCase(name);
        for (unsigned tasks : sweep) {
            for (Model model : c.models) {
                out << "Starting " << name << "-" << modelName(model) << " " << tasks << "/" << c.maxThreads << std::endl;
                const WisResult r = runOne(wc, model, tasks, c, out);
                // The extra file first: the benchlog is what parsers look for.
                writeFileAtomically(c.logdir / extraName(name, model, tasks), extraText(wc, model, tasks, c, r));
                writeFileAtomically(c.logdir / benchlogName(name, model, tasks), benchlogText(r.measured));
                done.iterationDone(caseModel(name, model) + " " + std::to_string(tasks) + " tasks");
            }
        }
    }
}

}  // namespace mmtp::syscallscale
