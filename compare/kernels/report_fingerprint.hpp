// report_fingerprint.hpp - what compare-kernels keeps in DIR/report.md5 to
// know a report is up to date. compare-kernels.sh's fingerprint is the md5 of
// the runs' tests-timestamp files; it knows nothing of our options or of the
// program that wrote the page. Where the report is ours (HTML, verdicts,
// --metric, --include-invalid, --exclude, --json-export), our options and
// this program's build join it, so a new --metric or a rebuilt tool makes a
// new page; a text report with only compare-kernels.sh's options keeps its
// plain md5, so either tool finds the other's report up to date.
#pragma once
#include "kernels/model.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// Whether the report holds what compare-kernels.sh would not write.
bool reportIsOurs(const KernelsOptions& options, bool jsonExport);

// Our options that shape the report, one "name=value" line each, in a fixed order.
std::string reportOptionsText(const KernelsOptions& options, const std::string& jsonExport);

// md5 of this program's executable, read once ("unknown" when /proc/self/exe
// cannot be read): a rebuilt compare-kernels makes a new page.
std::string programBuild();

// compare-kernels.sh's md5, then (where the report is ours) "+" and the md5
// of our options and programBuild(). Never empty.
std::string kernelsReportFingerprint(const KernelsOptions& options, const std::vector<std::string>& runs,
                                     const std::string& jsonExport);

}  // namespace mmtp::compare
