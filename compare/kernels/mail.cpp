// --format mail: what a reply to a patch needs, pasteable as it is (at most
// 80 columns of plain ASCII): the runs and their roles or the design, the
// machine, kernels and config, what differs between the runs, then each
// verdict (render/verdict_mail.hpp) and the runs that could not be used.
#include "kernels/page.hpp"

#include "base/text_format.hpp"
#include "benchmarks/benchmark_description.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "kernels/design_line.hpp"
#include "kernels/machine_limits.hpp"
#include "kernels/table_vs_verdict.hpp"
#include "kernels/verdict_inputs.hpp"
#include "kernels/verdict_roles.hpp"
#include "render/verdict_mail.hpp"
#include "render/verdict_text.hpp"

#include <set>
#include <sstream>

namespace mmtp::compare {

using mmtp::formatText;

namespace {

// Differences between the runs' machine state listed one a line; the rest counted.
constexpr std::size_t kStateLinesShown = 6;
// Characters of runtime.opts' settings shown in the Config line.
constexpr std::size_t kConfigChars = 160;

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string joined(const std::vector<std::string>& items, const char* separator = ", ") {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : separator) + s;
    return out;
}

// "Machine: HOST x86_64" and the kernels from each run's uname -a
// ("Linux HOST RELEASE #1 SMP ... ARCH GNU/Linux").
std::string machineLines(const KernelsData& d) {
    std::vector<std::string> first = words(d.states.empty() ? std::string() : d.states.front().uname);
    if (first.size() < 4) return "Machine: not recorded (no iter-0/kernel.version)\n";
    std::string out = "Machine: " + first[1] + " " + first[first.size() - 2] + "\n" + measuredOnLine(d);
    std::vector<std::string> kernels;
    std::set<std::string> distinct;
    for (const RunMachineState& s : d.states) {
        std::vector<std::string> w = words(s.uname);
        std::string release = w.size() >= 3 ? w[2] : "(not recorded)";
        kernels.push_back(s.run + " " + release);
        distinct.insert(release);
    }
    if (distinct.size() == 1) return out + "Kernel: " + *distinct.begin() + " (every run)\n";
    return out + "Kernels: " + joined(kernels) + "\n";
}

// The benchmarks and the settings the baseline's runtime.opts records, as
// the verdicts read them (input/recorded_settings.hpp): those that differ
// from the workload's own defaults when run-config recorded them, else all.
std::string configLine(const KernelsData& d) {
    std::vector<std::string> benches;
    for (const BenchmarkResults& b : d.benchmarks) benches.push_back(b.name);
    const std::optional<std::string> offDefaults = firstRunSettingsOffDefaults(d.recordedSettings);
    std::string settings = offDefaults.value_or(firstRunSettings(d.recordedSettings));
    if (settings.size() > kConfigChars) settings = settings.substr(0, kConfigChars) + "...";
    const char* lead = offDefaults ? "; not the defaults: " : "; set ";
    return "Config: " + (benches.empty() ? std::string("no benchmark") : joined(benches)) +
           (settings.empty() ? std::string("; no runtime.opts settings") : lead + settings) + "\n";
}

// One line per machine-state entry that differs: each run's value (of a
// command line, only the tokens not every run has).
std::vector<std::string> stateDifferences(const KernelsData& d) {
    std::vector<std::string> lines;
    for (const StateDifference& diff : differingEntries(d.states)) {
        std::vector<std::string> values = diff.key == "cmdline" ? cmdlineTokensNotShared(diff.values) : diff.values;
        std::vector<std::string> perRun;
        for (std::size_t i = 0; i < values.size() && i < d.states.size(); ++i)
            perRun.push_back(d.states[i].run + "=" + (values[i].empty() ? "-" : values[i]));
        lines.push_back("  " + diff.key + ": " + joined(perRun, "; "));
    }
    return lines;
}

// compare-kernels.sh's settings that differ, by name (the text report shows them).
std::string settingsDiffering(const KernelsData& d) {
    struct Setting {
        const char* name;
        std::string (*value)(const RunSettings&);
    };
    const Setting settings[] = {
        {"command line (dmesg)", [](const RunSettings& r) { return r.cmdline.value_or(""); }},
        {"LSM order", [](const RunSettings& r) { return r.lsm; }},
        {"preemption", [](const RunSettings& r) { return r.preempt; }},
        {"C-state latencies", [](const RunSettings& r) { return r.cpuidle; }},
        {"storage scheduler", [](const RunSettings& r) { return joined(r.ioSchedulers, "\n"); }},
    };
    std::vector<std::string> differ;
    for (const Setting& s : settings) {
        std::set<std::string> values;
        for (const RunSettings& r : d.settings) values.insert(s.value(r));
        if (values.size() > 1) differ.push_back(s.name);
    }
    return differ.empty() ? "" : "  also differs (the text report shows how): " + joined(differ) + "\n";
}

std::string differencesBlock(const KernelsData& d) {
    std::vector<std::string> lines = stateDifferences(d);
    for (const std::string& l : settingsDifferences(d.recordedSettings, d.runs)) lines.push_back("  " + l);
    std::string settings = settingsDiffering(d);
    if (lines.empty() && settings.empty())
        return "Differs: nothing in the mitigation state, command line or settings the runs recorded\n";
    std::string out = "Differs between the runs:\n";
    for (std::size_t i = 0; i < lines.size() && i < kStateLinesShown; ++i) out += lines[i] + "\n";
    if (lines.size() > kStateLinesShown)
        out += formatText("  ... and %zu more state entries (the text report lists them)\n",
                          lines.size() - kStateLinesShown);
    return out + settings;
}

std::string headerBlock(const KernelsOptions& o, const KernelsData& d) {
    std::string out = "compare-kernels: " + std::to_string(d.runs.size()) + " runs: " + joined(d.roleRuns) + "\n";
    if (!o.title.empty()) out += o.title + "\n";
    out += designSummary(o, d) + machineLines(d) + configLine(d) + differencesBlock(d);
    // What the machine could not do qualifies the verdict below it, as in the text report.
    if (!d.limits.empty()) out += "Read before the verdict:\n";
    for (const std::string& line : d.limits) out += "  " + line + "\n";
    return out;
}

// A metric's unit from the benchmark's (or its -a report's) shellpack.yaml.
UnitOf unitsOf(const std::string& bench, const std::string& alt) {
    std::optional<std::string> yaml = embeddedShellpackYaml(alt.empty() ? bench : bench + ":" + alt);
    std::map<std::string, std::string> units = yaml ? metricUnits(*yaml) : std::map<std::string, std::string>();
    return [units](const std::string& op) { return unitOfOperation(units, op); };
}

// LKP's metrics are "BENCH.op" across benchmarks.
std::string lkpUnit(const std::string& metric) {
    std::size_t dot = metric.find('.');
    if (dot == std::string::npos) return "";
    return unitsOf(metric.substr(0, dot), "")(metric.substr(dot + 1));
}

std::string benchmarkBlock(const BenchmarkResults& b) {
    std::string out;
    for (const RunVerdict& v : b.verdicts)
        out += "\n" + mailVerdict(b.name, v) + disagreementLines(signDisagreements(b, v), v);
    for (const BenchmarkResults::Candidate& c : b.bisect)
        out += "\n" + renderBisect(b.name, c.name, c.runs, c.positions, c.confidence);
    if (b.baselines) {
        std::string alt = verdictReport(b.name, Verdict::TwoBaselines).value_or("");
        const auto shortLabel = verdictHints(b.name).shortLabel;
        const LabelOf labelOf = shortLabel ? LabelOf(shortLabel) : LabelOf();
        out += "\n" + mailTwoBaselines(b.name + (alt.empty() ? "" : " -a " + alt), *b.baselines, unitsOf(b.name, alt),
                                       labelOf);
    }
    if (!b.rfc.empty()) out += "\n" + mailRfc(b.name, b.rfc);
    for (const std::string& n : b.verdictNotes) out += n + "\n";
    if (!b.error.empty()) out += b.name + ": not compared: " + b.error + "\n";
    for (const RunValidity& v : b.validity)
        if (!v.valid()) out += b.name + ": INVALID run " + v.run + " (" + problemName(v.problem) + ")\n";
    return out;
}

// --bisect: the answer git bisect run acts on, and what it means.
std::string bisectAnswer(const KernelsOptions& o, const KernelsData& d) {
    if (!o.bisect) return "";
    const int status = bisectStatus(d);
    return formatText("Bisect answer: exit %d (%s; 0 good, 1 bad, 125 skip)\n", status,
                      status == kBisectGood  ? "good"
                      : status == kBisectBad ? "bad: a regression"
                                             : "skip: cannot tell");
}

}  // namespace

std::string renderKernelsMail(const KernelsOptions& o, const KernelsData& d) {
    std::string out = headerBlock(o, d) + bisectAnswer(o, d);
    for (const BenchmarkResults& b : d.benchmarks) out += benchmarkBlock(b);
    if (!d.lkpAcross.empty()) out += "\n" + mailLkp(d.lkpAcross, o.lkpAll, lkpUnit);
    return mailWrapped(out);
}

}  // namespace mmtp::compare
