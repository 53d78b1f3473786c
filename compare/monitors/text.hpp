// text.hpp - the Perl text rules the monitor modules lean on: split
// on whitespace (leading empty field kept, trailing ones dropped), undef
// fields, numification, and computed numbers written so they read back exact.
#pragma once
#include "input/bounded_read.hpp"
#include "core/rows.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// split(/\s+/, s) (runs of blanks) or split(/\s/, s) (each blank) as Perl does.
std::vector<std::string> splitBlankRuns(std::string_view s);
std::vector<std::string> splitEachBlank(std::string_view s);
// split(/SEP/, s) for a literal separator.
std::vector<std::string> splitLiteral(std::string_view s, std::string_view sep);
// s =~ s/^\s+//
std::string trimLeft(std::string_view s);

// $fields[i]: nullopt (undef) past the end.
std::optional<std::string> fieldAt(const std::vector<std::string>& fields, long i);
// Perl's numeric value of a possibly undef scalar (undef is 0).
double numOf(const std::optional<std::string>& s);
// A computed number as row text that numifies back to the same double.
std::string exactText(double v);
// A scalar as row text: undef becomes "" (which is not a number, as undef is not).
std::string rowText(const std::optional<std::string>& s);

// One monitor row: addData(op, sample, value).
inline Row monitorRow(const std::string& op, double sample, std::string value) {
    return Row{op, "", "", exactText(sample), std::move(value), ""};
}

// Monitor parsers match their lines with std::regex, whose matcher recurses
// once per character: a 300k-digit line overflows the stack. No real monitor
// line comes near 16 KiB (a /proc/interrupts line for 256 CPUs is ~3 KiB), so
// longer lines are refused with one line naming the file (InputError).
inline constexpr std::size_t kMonitorLineBytes = 16 * 1024;
ReadLimits monitorReadLimits();

// The lines of iterDir/FILE (.gz/.xz) with their "\n" removed. When the log
// is absent, open_log gives the module an undef handle and its close() dies:
// MonitorDied naming the file.
// Read with monitorReadLimits() unless told otherwise.
std::vector<std::string> requiredLogLines(const std::filesystem::path& iterDir, const std::string& file);
std::vector<std::string> requiredLogLines(const std::filesystem::path& iterDir, const std::string& file,
                                          const ReadLimits& limits);
// A "time: N"-framed snapshot log as MonitorProcvmstat.pm and
// MonitorProcschedstat.pm walk it: the lines before each stamp form a block,
// handed over with that stamp's seconds since the first one; the first stamp
// only sets the start (its block stays and joins the next).
void forEachTimedBlock(const std::vector<std::string>& lines,
                       const std::function<void(double sinceStart, const std::vector<std::string>& block)>& use);
// The log MONITOR-BENCH of iterDir, as above.
std::vector<std::string> monitorLogLines(const std::filesystem::path& iterDir, const std::string& monitor,
                                         const std::string& bench);

// MMTests' pattern for a benchmark name in tests-sysstate: only '+' escaped.
std::string sysstateBenchmarkRegex(const std::string& benchmark);

// tests-sysstate brackets each /proc snapshot with "file start :: PATH"
// (before the benchmark) and "file end :: PATH" (after); a file's lines run
// until the next file's mark. followSysstateMark updates `in` when line is a
// mark for `file` or for `next` (the file written after it), and says
// whether it was one.
struct SysstateSection {
    bool before = false, after = false;
};
bool followSysstateMark(const std::string& line, const std::string& file, const std::string& next,
                        SysstateSection& in);

}  // namespace mmtp::compare
