#include "kernels/app.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/diagnostics.hpp"
#include "core/metric_regex.hpp"
#include "input/bounded_read.hpp"
#include "input/run_settings.hpp"
#include "kernels/bisect_references.hpp"
#include "kernels/report.hpp"
#include "kernels/report_fingerprint.hpp"
#include "kernels/run_selection.hpp"
#include "kernels/verdict_roles.hpp"
#include "load/command_line.hpp"
#include "load/store_runs.hpp"

#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// The most of report.md5 read back: the fingerprint is one md5 line.
constexpr std::size_t kFingerprintBytes = 4096;

// The first line of DIR/report.md5, "" when there is none. Read like a file
// from the tree: a FIFO or a /dev/zero link there is a warning, not a hang.
std::string previousFingerprint(const fs::path& file, std::ostream& err) {
    try {
        ReadLimits small;
        small.fileBytes = kFingerprintBytes;
        small.insideTree = false;  // --output-dir is the user's, not the tree's
        std::optional<std::string> text = readRegularFile(file, small);
        return text ? text->substr(0, text->find('\n')) : "";
    } catch (const InputError& e) {
        warn(err, std::string(e.what()) + "; the report is rebuilt");
        return "";
    }
}

// A percentage as the user wrote it: a plain decimal number ("5", "2.5",
// ".5"), never " 5", "0x10", "1e1", "inf" (strtod took them all).
bool plainDecimal(const std::string& text) {
    const std::size_t point = text.find('.');
    const std::string digits = point == std::string::npos ? text : text.substr(0, point) + text.substr(point + 1);
    return !digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos;
}

// A user's regular expression for --metric or --threshold: a usage error
// naming the option when it is refused (core/metric_regex.hpp's bounds).
void checkRegex(const std::string& option, const std::string& arg, const std::string& re) {
    std::optional<std::string> why = refusedRegex(re);
    if (!why) return;
    if (arg == re) throw mmtp::UsageError(option + " '" + re + "' " + *why);
    throw mmtp::UsageError(option + " '" + arg + "': '" + re + "' " + *why);
}

// --threshold PCT or REGEX=PCT (the regex may hold '=': the last one splits).
void parseThreshold(const std::string& arg, CallSettings& calls) {
    std::size_t eq = arg.rfind('=');
    std::string pct = eq == std::string::npos ? arg : arg.substr(eq + 1);
    double v = plainDecimal(pct) ? std::strtod(pct.c_str(), nullptr) : 0;
    if (!(v > 0) || v > 1000)
        throw mmtp::UsageError("--threshold '" + arg +
                               "': use PCT or REGEX=PCT with PCT a plain decimal number above 0 and at most 1000");
    if (eq == std::string::npos) {
        calls.thresholdPct = v;
        return;
    }
    std::string re = arg.substr(0, eq);
    checkRegex("--threshold", arg, re);
    calls.perMetric.emplace_back(re, v);
}

// What the command line says beyond KernelsOptions' own fields: checked and
// turned into them (applyCommandLine), or how the report is written out.
struct CommandLine {
    std::string format = "text", changeDir, outputDir, outputFile, jsonExport, excludeList;
    std::vector<std::string> verdicts, thresholds;
    std::string iterationStat;
    bool bisect = false;
    std::optional<std::string> mmtestsDir;
    bool ignoreFingerprint = false, followOutsideLinks = false, allWarnings = false;
    StoreOptions storeOptions;
};

// Every option, declared once: the parser and --help read the same table.
void describeOptions(po::options_description& desc, KernelsOptions& o, CommandLine& c) {
    desc.add_options()
        ("baseline", po::value<std::string>()->notifier([&o](const std::string& v) { o.baseline = v; }), "the baseline run")
        ("compare", po::value<std::vector<std::string>>(&o.compare), "a run to compare with the baseline (repeatable)")
        ("exclude", po::value(&c.excludeList), "comma-separated runs to leave out")
        ("format", po::value(&c.format),
         "text (default: the verdict first, then compare-kernels.sh's report, then ours), html, or mail (the "
         "verdict and the state differences in 80 columns of ASCII, to paste under a patch)")
        ("output-dir", po::value(&c.outputDir), "write the report into this directory")
        ("output-file", po::value(&c.outputFile), "file name inside --output-dir (default index.html / report.txt)")
        ("report-title", po::value(&o.title), "title of the report")
        ("ignore-fingerprint", po::bool_switch(&c.ignoreFingerprint),
         "rebuild the report even when DIR/report.md5 says nothing changed: the runs' tests-timestamp files "
         "(compare-kernels.sh's md5) and, for a report that is ours (html, mail, verdicts, --metric, --exclude, "
         "--include-invalid, --json-export), our options and this program's build (the check needs --output-dir "
         "and --output-file, as in compare-kernels.sh)")
        ("sort-version", po::bool_switch(&o.sortVersion), "order runs by version number, as compare-kernels.sh does under LC_ALL=C (a run it would drop, with nothing "
         "after its major version, is listed last with a warning)")
        ("auto-detect", po::bool_switch(&o.autoDetect), "add significance rows to every table")
        (",C", po::value(&c.changeDir),
         "the work/log directory (default: the current directory); a symlinked run directory (latest -> RUN) is "
         "not a run of its own, as MMTests' find does not follow it");
    addStoreOptions(desc, c.storeOptions);  // beside -C
    desc.add_options()
        ("verdict", po::value<std::vector<std::string>>(&c.verdicts),
         "without it, the verdict the runs imply: aba when there are 3+ runs and the first and last share a "
         "baseline name (v7.1.3-first, v7.1.3-return), otherwise first. aba (B against A1 and A2 over their "
         "iterations, beyond the A1-A2 drift), first (each run against the first), baselines (mean/stdev and % "
         "against the first two runs, with intervals; fiolike: kIOPS with CPU use), lkp (base +-stddev %change "
         "new and the call, one table across benchmarks), rfc (pipe-pingpong: mode, iters, us/iter, iter/sec, x "
         "baseline), none (compare-kernels.sh's report first, no verdict); repeatable")
        ("threshold", po::value<std::vector<std::string>>(&c.thresholds),
         "PCT: no change means the whole interval lies within +-PCT % (default 5); REGEX=PCT for the metrics "
         "matching REGEX (unanchored; the first match wins); repeatable")
        ("family-alpha", po::value<double>()->notifier([&o](double a) {
             if (!(a > 0 && a < 1)) throw mmtp::UsageError("--family-alpha " + std::to_string(a) + ": use a number in (0, 1)");
             o.calls.alpha = a;
         }),
         "the error rate the calls' intervals share over the report's metrics (default 0.05)")
        ("sequential-look", po::value<std::string>()->notifier([&o](const std::string& v) {
             CallSettings::Look l;
             char tail = 0;
             if (std::sscanf(v.c_str(), "%d:%d:%d%c", &l.round, &l.first, &l.last, &tail) != 3 || l.first < 2 ||
                 l.round < l.first || l.round > l.last)
                 throw mmtp::UsageError("--sequential-look " + v + ": use ROUND:FIRST:LAST, 2 <= FIRST <= ROUND <= LAST");
             o.calls.look = l;
         }),
         "ROUND:FIRST:LAST: this report is one look of a group-sequential schedule (looks at every round from FIRST "
         "to LAST, mitigation-matrix --until-decided): calls at the look's exact boundary, no change by repeated "
         "intervals")
        ("all", po::bool_switch(&o.lkpAll), "--verdict lkp: every row, not only the calls (LKP shows only changes that pass its check)")
        ("lkp-layout", po::value<std::string>()->notifier([&o](const std::string& v) {
             if (v != "boxed" && v != "lkp") throw mmtp::UsageError("--lkp-layout " + v + ": use lkp or boxed");
             o.lkpBoxed = v == "boxed";
         }), "lkp (default: base +-stddev %change new) or boxed (seed 002's mainline | +patch | %change)")
        ("bisect", po::bool_switch(&c.bisect),
         "exit as git bisect run wants: 0 when every verdict metric is no change, an improvement or a change "
         "smaller than the threshold, 1 when any is a regression, 125 (skip) when none is but any is inconclusive, "
         "a run is invalid or the report could not be made; with --good/--bad: 0/1 by the candidate's side of the "
         "midpoint, 125 when it straddles it; a wrong command line: 128 (git bisect run stops)")
        ("good", po::value<std::vector<std::string>>(&o.bisectGood),
         "with --bad: a known-good reference run (repeatable: its repeats); every other run group (rev-1, rev-2: one "
         "candidate) is placed between the references, and --bisect answers good or bad when the interval of its "
         "place lies on one side of the midpoint, skip only when it straddles it")
        ("bad", po::value<std::vector<std::string>>(&o.bisectBad), "with --good: a known-bad reference run (repeatable)")
        ("anchor", po::value<std::vector<std::string>>(&o.bisectAnchor),
         "with --good/--bad: the good reference rerun beside this step's candidate (repeatable, 2+ runs): the "
         "candidate is placed against these runs, the effect carried over in proportion, and 125 when they are "
         "shown to have moved from --good by more than bad - good (the machine drifted)")
        ("iterations-are-boots", po::bool_switch(&o.units.iterationsAreBoots),
         "count each iteration as its own boot in a tree without boot records (iter-N/boot-id); without it such a "
         "run is one boot, as run-mmtests.sh runs all its iterations in one")
        ("iteration-stat", po::value(&c.iterationStat),
         "how a boot's samples become one value: trimmed (default: the 20% trimmed mean, which one hiccup sample "
         "cannot sway), median, or mean")
        ("metric", po::value<std::string>()->notifier([&o](const std::string& v) { o.metric = v; }),
         "verdict rows only for metrics matching this regular expression (unanchored), e.g. 'ZPOPMIN|time'")
        ("include-invalid", po::bool_switch(&o.includeInvalid),
         "keep failed, interrupted, incomplete and log-less runs in the verdicts (they are warned about either way)")
        ("warnings", po::bool_switch(&c.allWarnings),
         "print every warning in full on stderr; without it the repetitive ones (our workloads' clock records, "
         "invalid runs) are counted in a few lines below the verdict and after the report")
        ("mix-settings", po::bool_switch(&o.mixSettings),
         "keep runs whose workload settings (runtime.opts' Run: line) differ from the last run's in the verdicts; "
         "without it they are named in one line and left out")
        ("json-export", po::value(&c.jsonExport), "also write everything the report shows as JSON to this file")
        ("follow-outside-links", po::bool_switch(&c.followOutsideLinks), kFollowOutsideLinksHelp)
        ("mmtests-dir", po::value<std::string>()->notifier([&c](const std::string& v) { c.mmtestsDir = v; }),
         "MMTests checkout for benchmarks not parsed natively (default: $MMTESTS_DIR)")
        ("help,h", "print this help");
}

void printUsage(const po::options_description& desc, std::ostream& out) {
    out << "usage: compare-kernels [-C WORK/log | --store DB [--machine M]] [--baseline RUN --compare RUN...] "
           "[options]\n"
           "Reports every benchmark of the runs in a work/log directory, as MMTests' compare-kernels.sh:\n"
           "its sections first, in its order and layout, then ours (mitigation costs and state, run\n"
           "validity, verdicts).\n\n"
        << desc
        << "\nExit status: 0 when anything could be reported, even if some sections failed (as\n"
           "compare-kernels.sh goes on: each failed section is named on stderr and at the end of the\n"
           "report); 1 when nothing could be reported (not an MMTests results directory, a run not found,\n"
           "nothing left after --exclude, or no table at all); 2 for a bad command line. With --bisect:\n"
           "0 good, 1 regression, 125 inconclusive, an invalid run or any error (git bisect run's\n"
           "skip), 128 for a bad command line (git bisect run stops).\n";
}

KernelsFormat formatNamed(const std::string& format) {
    if (format == "text") return KernelsFormat::Text;
    if (format == "html") return KernelsFormat::Html;
    if (format == "mail") return KernelsFormat::Mail;
    throw mmtp::UsageError("--format " + format + ": use text, html or mail");
}

// --verdict NAME..., or --verdict none alone.
void addVerdicts(const std::vector<std::string>& verdicts, KernelsOptions& o) {
    for (const std::string& v : verdicts) {
        if (v == "aba") o.verdicts.push_back(Verdict::Aba);
        else if (v == "baselines") o.verdicts.push_back(Verdict::TwoBaselines);
        else if (v == "lkp") o.verdicts.push_back(Verdict::Lkp);
        else if (v == "rfc") o.verdicts.push_back(Verdict::Rfc);
        else if (v == "first") o.verdicts.push_back(Verdict::AgainstFirst);
        else if (v == "none") o.noVerdict = true;
        else throw mmtp::UsageError("--verdict " + v + ": use aba, first, baselines, lkp, rfc or none");
    }
    if (o.noVerdict && !o.verdicts.empty()) throw mmtp::UsageError("--verdict none cannot go with another --verdict");
}

// The command line's values, checked in this order (the first refused one
// is the usage error), into o.
void applyCommandLine(const CommandLine& c, KernelsOptions& o) {
    o.format = formatNamed(c.format);
    o.bisect = c.bisect;
    o.json = !c.jsonExport.empty();
    if (!c.changeDir.empty()) o.logDir = c.changeDir;
    for (const std::string& e : splitRunNames(c.excludeList)) o.exclude.push_back(e);
    addVerdicts(c.verdicts, o);
    for (const std::string& t : c.thresholds) parseThreshold(t, o.calls);
    if (!c.iterationStat.empty()) {
        std::optional<UnitStat> stat = parseUnitStat(c.iterationStat);
        if (!stat) throw mmtp::UsageError("--iteration-stat " + c.iterationStat + ": use trimmed, median or mean");
        o.units.stat = *stat;
    }
    if (o.bisectGood.empty() != o.bisectBad.empty())
        throw mmtp::UsageError("--good and --bad go together: the references a candidate is placed between");
    checkBisectReferences(o.bisectGood, o.bisectBad);
    if (o.metric) checkRegex("--metric", *o.metric, *o.metric);
    if (!c.outputFile.empty() && c.outputDir.empty()) throw mmtp::UsageError("--output-file needs --output-dir");
    // The fingerprint is written after the report, under this very name.
    if (fs::path(c.outputFile).filename() == "report.md5")
        throw mmtp::UsageError("--output-file report.md5: that name holds the runs' fingerprint; choose another");
    o.mmtestsDir = mmtestsDirOrEnv(c.mmtestsDir);
}

// DIR/report.md5 holds fingerprint and the report is still there, unless
// --ignore-fingerprint (report.md5 is read either way: a bad one is warned of).
bool reportUpToDate(const CommandLine& c, const std::string& fingerprint, std::ostream& err) {
    std::string previous = previousFingerprint(fs::path(c.outputDir) / "report.md5", err);
    std::error_code ec;
    bool pageThere = !c.outputFile.empty() && fs::exists(fs::path(c.outputDir) / fs::path(c.outputFile).filename(), ec);
    return !c.ignoreFingerprint && pageThere && previous == fingerprint;
}

void sayUpToDate(const KernelsOptions& o, const std::vector<std::string>& runs, std::ostream& out) {
    std::string list;
    for (const std::string& r : runs) list += (list.empty() ? "" : " ") + r;
    out << "Report" << (o.title.empty() ? "" : " '" + o.title + "'") << " comparing '" << list << "' is up to date\n";
}

// The page into --output-dir (with the fingerprint beside it), else on out.
void writeReport(const KernelsOptions& o, const CommandLine& c, const KernelsReport& report,
                 const std::string& fingerprint, std::ostream& out) {
    if (c.outputDir.empty()) {
        out << report.page << std::flush;  // before stderr's warnings: the answer first on a terminal
        return;
    }
    fs::create_directories(c.outputDir);
    std::string outputFile = c.outputFile;
    if (outputFile.empty()) outputFile = o.format == KernelsFormat::Html ? "index.html" : "report.txt";
    mmtp::writeFileAtomically(fs::path(c.outputDir) / fs::path(outputFile).filename(),
                              mmtp::escapeControlsKeepingLines(report.page));
    mmtp::writeFileAtomically(fs::path(c.outputDir) / "report.md5", fingerprint);
}

}  // namespace

int compareKernels(int argc, const char* const argv[], std::ostream& out, std::ostream& err) {
    KernelsOptions o;
    CommandLine c;
    po::options_description desc("Options (compare-kernels.sh's, plus verdicts and JSON)");
    describeOptions(desc, o, c);
    po::variables_map vm = parseCommandLine(argc, argv, desc);  // the notifiers may throw UsageError
    if (vm.count("help")) {
        printUsage(desc, out);
        return 0;
    }
    // --store: the stored runs as a private tree, read as -C's.
    if (c.storeOptions.store && vm.count("-C"))  // the key of an option with only a short name
        throw mmtp::UsageError("--store reads the runs from the store: it cannot go with -C");
    const std::optional<store::StoreView> stored = openStoreRuns(c.storeOptions, std::nullopt);
    if (stored) c.changeDir = stored->logDir.string();
    applyCommandLine(c, o);
    const TreeBoundary confined(treeBoundary(o.logDir, o.mmtestsDir, c.followOutsideLinks));  // every read of the tree

    // compare-kernels.sh's fingerprint (kernels/report_fingerprint.hpp), kept
    // in DIR/report.md5; an unchanged one (and the report still there) means
    // nothing to do. It is written whenever there is an --output-dir, never
    // empty (compare-kernels.sh writes it empty without --output-file).
    std::string fingerprint;
    if (!c.outputDir.empty()) {
        Warnings said;  // the report says them, if it is made
        std::vector<std::string> runs = selectRuns(o, said);
        fingerprint = kernelsReportFingerprint(o, runs, c.jsonExport);
        if (reportUpToDate(c, fingerprint, err)) {
            sayUpToDate(o, runs, out);
            return mmtp::kExitOk;
        }
    }
    KernelsReport report = buildKernelsReport(o, err);
    writeReport(o, c, report, fingerprint, out);
    sayAfterReport(report, c.allWarnings, err);
    if (!c.jsonExport.empty()) mmtp::writeFileAtomically(c.jsonExport, report.json);
    if (report.reportedTables == 0) {  // never a silent failure: say why
        note(err, "not one table with a row could be made from these runs (their logs gave no samples a table "
                  "shows; compare-mmtests -d DIR -b BENCH says why for one benchmark)");
        return c.bisect ? kBisectSkip : mmtp::kExitFailure;
    }
    return c.bisect ? report.bisectStatus : mmtp::kExitOk;
}

int runWithBisectExits(int argc, const char* const argv[], std::ostream& err, const std::function<int()>& body) {
    bool finished = false;  // the report was made: its status is the answer
    int rc = mmtp::runReportingErrors("compare-kernels", err, [&] {
        int status = body();
        finished = true;
        return status;
    });
    return !finished && asksForBisect(argc, argv) ? bisectExitForError(rc) : rc;
}

}  // namespace mmtp::compare
