// compare-kernels: MMTests' compare-kernels.sh as a native program, plus the
// mitigation-state differences and verdict tables the seeds compute by hand.
#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/diagnostics.hpp"
#include "report/command_line.hpp"
#include "input/bounded_read.hpp"
#include "input/run_settings.hpp"
#include "report/kernels_report.hpp"

#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <regex>

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace mmtp::compare;

namespace {

constexpr const char* kProg = "compare-kernels";

// The first line of DIR/report.md5, "" when there is none. Read like a file
// from the tree: a FIFO or a /dev/zero link there is a warning, not a hang.
std::string previousFingerprint(const fs::path& file) {
    try {
        ReadLimits small;
        small.fileBytes = 4096;
        std::optional<std::string> text = readRegularFile(file, small);
        return text ? text->substr(0, text->find('\n')) : "";
    } catch (const InputError& e) {
        warn(std::cerr, std::string(e.what()) + "; the report is rebuilt");
        return "";
    }
}

int run(int argc, char** argv) {
    KernelsOptions o;
    std::string format = "text", changeDir, outputDir, outputFile, jsonExport, excludeList;
    std::vector<std::string> verdicts;
    std::optional<std::string> mmtestsDir;
    bool ignoreFingerprint = false, followOutsideLinks = false;
    po::options_description desc("Options (compare-kernels.sh's, plus verdicts and JSON)");
    desc.add_options()
        ("baseline", po::value<std::string>()->notifier([&o](const std::string& v) { o.baseline = v; }), "the baseline run")
        ("compare", po::value<std::vector<std::string>>(&o.compare), "a run to compare with the baseline (repeatable)")
        ("exclude", po::value(&excludeList), "comma-separated runs to leave out")
        ("format", po::value(&format), "text (default) or html")
        ("output-dir", po::value(&outputDir), "write the report into this directory")
        ("output-file", po::value(&outputFile), "file name inside --output-dir (default index.html / report.txt)")
        ("report-title", po::value(&o.title), "title of the report")
        ("ignore-fingerprint", po::bool_switch(&ignoreFingerprint),
         "rebuild the report even when DIR/report.md5 says the runs' tests-timestamp files have not changed "
         "(the check needs --output-dir and --output-file, as in compare-kernels.sh)")
        ("sort-version", po::bool_switch(&o.sortVersion), "order runs by version number, as compare-kernels.sh does under LC_ALL=C (a run it would drop, with nothing "
         "after its major version, is listed last with a warning)")
        ("auto-detect", po::bool_switch(&o.autoDetect), "add significance rows to every table")
        (",C", po::value(&changeDir),
         "the work/log directory (default: the current directory); a symlinked run directory (latest -> RUN) is "
         "not a run of its own, as MMTests' find does not follow it")
        ("verdict", po::value<std::vector<std::string>>(&verdicts),
         "aba (B against the mean of the first and last run, with drift and CoV), baselines (mean/stdev and % "
         "against the first two runs; fiolike: kIOPS with CPU use), lkp (base +-stddev %change new, one table "
         "across benchmarks), rfc (pipe-pingpong: the RFC's mode, iters, us/iter, iter/sec); repeatable")
        ("metric", po::value<std::string>()->notifier([&o](const std::string& v) { o.metric = v; }),
         "verdict rows only for metrics matching this regular expression (unanchored), e.g. 'ZPOPMIN|time'")
        ("include-invalid", po::bool_switch(&o.includeInvalid),
         "keep failed, interrupted, incomplete and log-less runs in the verdicts (they are warned about either way)")
        ("json-export", po::value(&jsonExport), "also write everything the report shows as JSON to this file")
        ("follow-outside-links", po::bool_switch(&followOutsideLinks), kFollowOutsideLinksHelp)
        ("mmtests-dir", po::value<std::string>()->notifier([&mmtestsDir](const std::string& v) { mmtestsDir = v; }),
         "MMTests checkout for benchmarks not parsed natively (default: $MMTESTS_DIR)")
        ("help,h", "print this help");
    po::variables_map vm = parseCommandLine(argc, argv, desc);
    if (vm.count("help")) {
        std::cout << "usage: compare-kernels [-C WORK/log] [--baseline RUN --compare RUN...] [options]\n"
                     "Reports every benchmark of the runs in a work/log directory, as MMTests' compare-kernels.sh:\n"
                     "its sections first, in its order and layout, then ours (mitigation costs and state, run\n"
                     "validity, verdicts).\n\n"
                  << desc
                  << "\nExit status: 0 when anything could be reported, even if some sections failed (as\n"
                     "compare-kernels.sh goes on: each failed section is named on stderr and at the end of the\n"
                     "report); 1 when nothing could be reported (not an MMTests results directory, a run not found,\n"
                     "nothing left after --exclude, or no table at all); 2 for a bad command line.\n";
        return 0;
    }
    if (format != "text" && format != "html") throw mmtp::UsageError("--format " + format + ": use text or html");
    o.html = format == "html";
    if (!changeDir.empty()) o.logDir = changeDir;
    for (const std::string& e : splitRunNames(excludeList)) o.exclude.push_back(e);
    for (const std::string& v : verdicts) {
        if (v == "aba") o.verdicts.push_back(Verdict::Aba);
        else if (v == "baselines") o.verdicts.push_back(Verdict::TwoBaselines);
        else if (v == "lkp") o.verdicts.push_back(Verdict::Lkp);
        else if (v == "rfc") o.verdicts.push_back(Verdict::Rfc);
        else throw mmtp::UsageError("--verdict " + v + ": use aba, baselines, lkp or rfc");
    }
    if (o.metric) {
        try {
            std::regex check(*o.metric);
        } catch (const std::regex_error&) {
            throw mmtp::UsageError("--metric '" + *o.metric + "' is not a valid regular expression");
        }
    }
    if (!outputFile.empty() && outputDir.empty()) throw mmtp::UsageError("--output-file needs --output-dir");
    // The fingerprint is written after the report, under this very name.
    if (fs::path(outputFile).filename() == "report.md5")
        throw mmtp::UsageError("--output-file report.md5: that name holds the runs' fingerprint; choose another");
    o.mmtestsDir = mmtestsDirOrEnv(mmtestsDir);
    const TreeBoundary confined(treeBoundary(o.logDir, o.mmtestsDir, followOutsideLinks));  // every read of the tree

    // compare-kernels.sh's fingerprint: the md5 of the runs' tests-timestamp
    // files, kept in DIR/report.md5; an unchanged one means nothing to do.
    std::string fingerprint;
    if (!outputDir.empty() && !outputFile.empty() && !ignoreFingerprint) {
        Warnings said;  // the report says them, if it is made
        std::vector<std::string> runs = selectRuns(o, said);
        fingerprint = reportFingerprint(o.logDir, runs);
        std::string previous = previousFingerprint(fs::path(outputDir) / "report.md5");
        if (previous == fingerprint) {
            std::string list;
            for (const std::string& r : runs) list += (list.empty() ? "" : " ") + r;
            std::cout << "Report" << (o.title.empty() ? "" : " '" + o.title + "'") << " comparing '" << list
                      << "' is up to date\n";
            return mmtp::kExitOk;
        }
    }
    KernelsReport report = buildKernelsReport(o, std::cerr);
    if (!outputDir.empty()) {
        fs::create_directories(outputDir);
        if (outputFile.empty()) outputFile = o.html ? "index.html" : "report.txt";
        mmtp::writeFileAtomically(fs::path(outputDir) / fs::path(outputFile).filename(),
                                  mmtp::escapeControlsKeepingLines(report.page));
        mmtp::writeFileAtomically(fs::path(outputDir) / "report.md5", fingerprint);  // "" when not checked, as compare-kernels.sh
    } else {
        std::cout << report.page;
    }
    if (!jsonExport.empty()) mmtp::writeFileAtomically(jsonExport, report.json);
    return report.reportedTables == 0 ? mmtp::kExitFailure : mmtp::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    mmtp::TerminalSafeOutput safe;  // no control character from a tree reaches the terminal raw
    setProgramName(kProg);
    return mmtp::runReportingErrors(kProg, [&] { return withFailuresAsErrors([&] { return run(argc, argv); }); });
}
