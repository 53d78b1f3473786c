// report.hpp - compare-kernels: MMTests' compare-kernels.sh report
// for a whole work/log directory (every benchmark's compare-mmtests tables,
// the duration monitor, where the machine state differs), optionally with
// verdict tables, as text, one self-contained HTML page, and JSON.
#pragma once
#include "core/diagnostics_summary.hpp"
#include "core/warnings.hpp"
#include "kernels/model.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Loads and compares each benchmark's runs once, then renders the page and
// the JSON from that data. What it warns is kept in the report (said, held)
// for sayAfterReport, so that the answer comes first on a terminal; when it
// throws, it says them on err first.
KernelsReport buildKernelsReport(const KernelsOptions& options, std::ostream& err);

// After the report is out: the held warnings (their summary, or each in full
// with --warnings), then every other warning and note, on err.
void sayAfterReport(const KernelsReport& report, bool allWarnings, std::ostream& err);

}  // namespace mmtp::compare
