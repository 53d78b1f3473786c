#include "kernels/report_fingerprint.hpp"

#include "base/fd.hpp"
#include "base/md5.hpp"
#include "input/run_settings.hpp"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace mmtp::compare {

bool reportIsOurs(const KernelsOptions& o, bool jsonExport) {
    // The default text report (the implied verdict first, then
    // compare-kernels.sh's report) keeps compare-kernels.sh's plain md5, so
    // either tool finds the other's report up to date; any option of ours
    // that changes the page makes it ours.
    return o.format != KernelsFormat::Text || !o.verdicts.empty() || o.metric || o.includeInvalid ||
           !o.exclude.empty() || jsonExport || o.calls.thresholdPct != kDefaultThresholdPct ||
           !o.calls.perMetric.empty() || o.lkpAll || o.lkpBoxed;
}

std::string reportOptionsText(const KernelsOptions& o, const std::string& jsonExport) {
    const char* verdictNames[] = {"aba", "baselines", "lkp", "rfc", "first"};
    const char* formatNames[] = {"text", "html", "mail"};
    std::string out = std::string("format=") + formatNames[static_cast<int>(o.format)] + "\n";
    out += "title=" + o.title + "\n";
    out += std::string("auto-detect=") + (o.autoDetect ? "yes" : "no") + "\n";
    out += std::string("sort-version=") + (o.sortVersion ? "yes" : "no") + "\n";
    for (const std::string& e : o.exclude) out += "exclude=" + e + "\n";
    for (Verdict v : o.verdicts) out += std::string("verdict=") + verdictNames[static_cast<int>(v)] + "\n";
    out += std::string("no-verdict=") + (o.noVerdict ? "yes" : "no") + "\n";
    out += "threshold=" + std::to_string(o.calls.thresholdPct) + "\n";
    for (const auto& [re, pct] : o.calls.perMetric) out += "threshold=" + re + "=" + std::to_string(pct) + "\n";
    out += std::string("lkp-all=") + (o.lkpAll ? "yes" : "no") + "\n";
    out += std::string("lkp-boxed=") + (o.lkpBoxed ? "yes" : "no") + "\n";
    out += "metric=" + (o.metric ? "'" + *o.metric + "'" : std::string("(all)")) + "\n";
    out += std::string("include-invalid=") + (o.includeInvalid ? "yes" : "no") + "\n";
    out += "mmtests-dir=" + (o.mmtestsDir ? o.mmtestsDir->string() : std::string()) + "\n";
    out += "json-export=" + jsonExport + "\n";
    return out;
}

namespace {

// md5 of the file at path read in blocks (an executable built with -g is tens
// of MiB), or "unknown". The executable is this program's own, so it is read
// outside the tree's boundary and its read limit.
std::string fileMd5(const char* path) {
    UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
    if (!fd) return "unknown";
    Md5 md5;
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buf, sizeof buf);
        if (n == 0) return md5.hex();
        if (n < 0 && errno != EINTR) return "unknown";
        if (n > 0) md5.update(std::string_view(buf, static_cast<std::size_t>(n)));
    }
}

}  // namespace

std::string programBuild() {
    static const std::string build = fileMd5("/proc/self/exe");
    return build;
}

std::string kernelsReportFingerprint(const KernelsOptions& o, const std::vector<std::string>& runs,
                                     const std::string& jsonExport) {
    std::string fingerprint = reportFingerprint(o.logDir, runs);
    if (!reportIsOurs(o, !jsonExport.empty())) return fingerprint;
    return fingerprint + "+" + md5Hex(reportOptionsText(o, jsonExport) + "build=" + programBuild() + "\n");
}

}  // namespace mmtp::compare
