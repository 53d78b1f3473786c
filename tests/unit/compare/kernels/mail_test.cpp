// --format mail over every verdict design (kernels/mail.cpp,
// render/verdict_mail.cpp): pasteable (<= 80 columns of ASCII, no raw
// control character), with the absolute values, units, machine and kernels,
// short for a 55-metric report, and never empty for rfc or baselines.
#include "kernels/page.hpp"
#include "render/verdict_mail.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace mmtp::compare;

namespace {

const std::vector<std::string> kRuns{"base-first", "cand", "base-return"};

KernelsData dataOfRuns(const std::vector<std::string>& runs) {
    KernelsData d;
    d.runs = d.roleRuns = runs;
    for (const std::string& r : runs) {
        RunMachineState s;
        s.run = r;
        s.uname = "Linux host1 6.1.0-" + std::string(r == "cand" ? "9" : "8") + "-amd64 #1 SMP x86_64 GNU/Linux";
        s.entries["vulnerabilities/spectre_v2"] = r == "cand" ? "Vulnerable" : "Mitigation: Retpolines";
        s.entries["cmdline"] = "quiet root=/dev/sda1" + std::string(r == "cand" ? " mitigations=off" : "");
        d.states.push_back(s);
        RunSettings settings;
        settings.run = r;
        d.settings.push_back(settings);
    }
    d.optionBlocks = "Runtime options\nSet: REDIS_CLIENTS=4\nRun: REDIS_CLIENTS=4 redis-zpopmin\n\n";
    d.recordedSettings = {{"redis",
                           std::vector<std::optional<std::vector<std::string>>>(
                               runs.size(), std::vector<std::string>{"REDIS_CLIENTS=4"}),
                           std::nullopt}};
    return d;
}

MetricCall metric(const std::string& op, double base, double changePct, double halfPct, Call call) {
    MetricCall m;
    m.op = op;
    m.unit = "KOPS_PER_SECOND";
    m.higherIsBetter = true;
    m.change.changePct = changePct;
    m.change.lowPct = changePct - halfPct;
    m.change.highPct = changePct + halfPct;
    m.change.df = 6;
    m.change.baseN = 8;
    m.change.nowN = 4;
    m.change.baseMean = base;
    m.change.nowMean = base * (1 + changePct / 100);
    m.thresholdPct = 5;
    m.call = call;
    m.why = call == Call::Inconclusive ? Undecided::Wide : Undecided::Called;
    return m;
}

// 55 metrics: one regression, two inconclusive, the rest no change.
RunVerdict verdictOf55(RunVerdict::Design design) {
    RunVerdict v;
    v.design = design;
    v.base = "base-first";
    v.now = "cand";
    v.a2 = design == RunVerdict::Design::Aba ? "base-return" : "";
    v.units.kind = UnitKind::Boot;
    v.family.rows.push_back(metric("ZPOPMIN-RPS-1", 1000123, -15.0, 1.1, Call::Regression));
    v.family.rows.push_back(metric("LRANGE_600 (first 600 elements)-RPS-1", 41234.5, -3.0, 9.0, Call::Inconclusive));
    v.family.rows.push_back(metric("MSET (10 keys)-RPS-1", 200000, 2.0, 8.0, Call::Inconclusive));
    for (int i = 0; i < 52; ++i)
        v.family.rows.push_back(
            metric("OP" + std::to_string(i) + "-RPS-1", 2300000, 0.1 * (i % 7 - 3), 0.5 + 0.01 * i, Call::NoChange));
    v.family.tested = 55;
    v.family.confidence = 1 - 0.05 / 55;
    return v;
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

void requirePasteable(const std::string& mail) {
    INFO(mail);
    REQUIRE_FALSE(mail.empty());
    for (const std::string& line : linesOf(mail)) {
        CHECK(line.size() <= kMailWidth);
        for (char c : line) CHECK((c >= ' ' && c <= '~'));
    }
}

// The mail with each line it wrapped (continued after six blanks) joined again.
std::string unwrapped(const std::string& mail) {
    std::string out;
    for (const std::string& line : linesOf(mail)) {
        bool continued = line.rfind("      ", 0) == 0 && line.size() > 6 && line[6] != ' ';
        out += continued ? " " + line.substr(6) : (out.empty() ? "" : "\n") + line;
    }
    return out + "\n";
}

bool has(const std::string& text, const std::string& what) { return unwrapped(text).find(what) != std::string::npos; }

}  // namespace

TEST_CASE("mail of an A/B/A report of 55 metrics fits 40 lines with values, units, machine and roles",
          "[compare][kernels][mail]") {
    KernelsData d = dataOfRuns(kRuns);
    d.design = Verdict::Aba;
    d.impliedDesign = true;
    BenchmarkResults b;
    b.name = "redis";
    b.verdicts.push_back(verdictOf55(RunVerdict::Design::Aba));
    d.benchmarks.push_back(b);
    std::string mail = renderKernelsMail(KernelsOptions{}, d);
    requirePasteable(mail);
    INFO(mail);
    CHECK(linesOf(mail).size() <= 40);
    CHECK(has(mail, "Roles: A1 base-first, B cand, A2 base-return"));
    CHECK(has(mail, "Machine: host1 x86_64"));
    CHECK(has(mail, "Kernels: base-first 6.1.0-8-amd64, cand 6.1.0-9-amd64"));
    CHECK(has(mail, "Config: redis; set REDIS_CLIENTS=4"));  // no Defaults: line recorded
    d.recordedSettings.front().firstRunDefaults = std::vector<std::string>{"REDIS_CLIENTS=1"};
    CHECK(has(renderKernelsMail(KernelsOptions{}, d), "Config: redis; not the defaults: REDIS_CLIENTS=4\n"));
    CHECK(has(mail, "vulnerabilities/spectre_v2: base-first=Mitigation: Retpolines; cand=Vulnerable"));
    CHECK(has(mail, "cmdline: base-first=-; cand=mitigations=off"));
    // the absolute means of both sides, the unit, the change with its interval, the call
    CHECK(has(mail, "ZPOPMIN-RPS-1        1000123    850105 kops/s   -15.0%   +-1.1% regression"));
    CHECK(has(mail, "20% trimmed mean"));
    // the no-change metrics counted, with the widest interval
    CHECK(has(mail, "... and 52 metrics: 52 no change (every interval within +-"));
    CHECK_FALSE(has(mail, "OP7-RPS-1"));
}

TEST_CASE("mail outside A/B/A states its design in one line and prints no roles", "[compare][kernels][mail]") {
    KernelsData d = dataOfRuns({"demo-first", "demo-second"});
    d.design = Verdict::AgainstFirst;
    KernelsOptions o;
    o.verdicts = {Verdict::AgainstFirst};
    BenchmarkResults b;
    b.name = "redis";
    RunVerdict v = verdictOf55(RunVerdict::Design::AgainstFirst);
    v.base = "demo-first";
    v.now = "demo-second";
    b.verdicts.push_back(v);
    d.benchmarks.push_back(b);
    std::string mail = renderKernelsMail(o, d);
    requirePasteable(mail);
    CHECK(has(mail, "Design: each run against the first (demo-first)"));
    CHECK_FALSE(has(mail, "Roles:"));
    CHECK(has(mail, "demo-second (new) against demo-first (base)"));
}

TEST_CASE("mail of --verdict baselines shows each run's mean, unit and change against the first",
          "[compare][kernels][mail]") {
    KernelsData d = dataOfRuns({"mitigations=off", "retbleed=off", "retbleed=ibrs"});
    d.design = Verdict::Aba;  // what report.cpp sets whenever --verdict is given
    KernelsOptions o;
    o.verdicts = {Verdict::TwoBaselines};
    BenchmarkResults b;
    b.name = "fiolike";
    TwoBaselinesTable t;
    t.runs = d.runs;
    TwoBaselinesBlock block;
    block.op = "kiops-io_uring-randrw70-4k-j1-qd8-read";
    for (std::size_t i = 0; i < 3; ++i) {
        TwoBaselinesRow r;
        r.run = t.runs[i];
        r.stats.mean = 123.456 - 10.0 * static_cast<double>(i);
        r.stats.stddev = 1.5;
        r.pctBase1 = -8.1 * static_cast<double>(i);
        r.pctBase2 = i == 0 ? 8.8 : -8.8 * static_cast<double>(i - 1);
        if (i == 2) r.cpuPct = 55.9;
        r.vsBase1.changePct = -8.1 * static_cast<double>(i);
        r.vsBase1.lowPct = r.vsBase1.changePct - 2;
        r.vsBase1.highPct = r.vsBase1.changePct + 2;
        r.vsBase1.df = 8;
        block.rows.push_back(r);
    }
    t.blocks.push_back(block);
    b.baselines = t;
    d.benchmarks.push_back(b);
    std::string mail = renderKernelsMail(o, d);
    requirePasteable(mail);
    INFO(mail);
    CHECK_FALSE(has(mail, "Roles:"));
    CHECK(has(mail, "Design: each run against two baselines, mitigations=off and retbleed=off"));
    // Seed 004's shape: the job's short name and unit, then a line per run within 80 columns.
    CHECK(has(mail, "70/30 read (kops/s)\n                    mean   stdev  vs base1  vs base2    CPU  interval\n"));
    CHECK(has(mail, "\nmitigations=off   123.46   1.500     0.00%     8.80%      -  [-2.0, +2.0]\n"));
    CHECK(has(mail, "\nretbleed=ibrs     103.46   1.500   -16.20%    -8.80%  55.9%  [-18.2, -14.2]\n"));
}

TEST_CASE("mail of --verdict rfc shows us/iter per run against the first", "[compare][kernels][mail]") {
    KernelsData d = dataOfRuns({"baseline", "d", "parent", "both"});
    d.design = Verdict::Aba;
    KernelsOptions o;
    o.verdicts = {Verdict::Rfc};
    BenchmarkResults b;
    b.name = "pipe-pingpong";
    for (const std::string& run : d.runs) {
        RfcRow r;
        r.run = run;
        r.mode = run;
        r.usPerIter.mean = run == "baseline" ? 2.5 : 25.0;
        r.usPerIter.stddev = 0.1;
        r.usPerIter.n = 3;
        r.iterPerSec = 1e6 / r.usPerIter.mean;
        r.timesBaseline = r.usPerIter.mean / 2.5;
        b.rfc.push_back(r);
    }
    d.benchmarks.push_back(b);
    std::string mail = renderKernelsMail(o, d);
    requirePasteable(mail);
    INFO(mail);
    CHECK_FALSE(has(mail, "Roles:"));
    CHECK(has(mail, "Design: RFC table, each run's us/iter against the first run's (baseline)"));
    CHECK(has(mail, "us/iter"));
    CHECK(has(mail, "parent"));
    CHECK(has(mail, "10.00x"));
}

TEST_CASE("mail of --verdict lkp lists the calls with both means and their unit", "[compare][kernels][mail]") {
    KernelsData d = dataOfRuns({"base", "patch"});
    KernelsOptions o;
    o.verdicts = {Verdict::Lkp};
    LkpTable t;
    t.baseRun = "base";
    t.newRun = "patch";
    for (const MetricCall& m : verdictOf55(RunVerdict::Design::AgainstFirst).family.rows) {
        LkpRow r;
        r.op = "redis-zpopmin." + m.op;
        r.base.mean = m.change.baseMean;
        r.now.mean = m.change.nowMean;
        r.changePct = m.change.changePct;
        r.call = m;
        t.rows.push_back(r);
    }
    d.lkpAcross.push_back(t);
    std::string mail = renderKernelsMail(o, d);
    requirePasteable(mail);
    INFO(mail);
    CHECK(has(mail, "Design: LKP, each later run against the first (base)"));
    CHECK(has(mail, "1000123    850105 kops/s   -15.0%   +-1.1% regression"));
    CHECK(has(mail, "... and 54 metrics: 2 inconclusive, 52 no change (every interval within +-1.29%)"));
}

TEST_CASE("mail never passes on a control character or non-ASCII byte from a tree", "[compare][kernels][mail]") {
    CHECK(mailWrapped("run\x1b]0;PWNED\x07 \xc3\xa9\n") == "run?]0;PWNED? ??\n");
    std::string wide = mailWrapped(std::string(200, 'x') + " " + std::string(30, 'y'));
    for (const std::string& line : linesOf(wide)) CHECK(line.size() <= kMailWidth);
    CHECK(mailUnit("KOPS_PER_SECOND") == "kops/s");
    CHECK(mailUnit("") == "-");
    CHECK(mailValue(1000123.4) == "1000123");
    CHECK(mailValue(0.0912) == "0.091");
    CHECK(mailValue(1.5e12) == "1.50e+12");
}
