// lava_log.hpp - what a LAVA job's log says: lava-run writes one YAML flow
// mapping a line ({"dt": ..., "lvl": ..., "msg": ...}); "target" lines are
// the device's console, one line each, and the "results" line of case "job"
// is LAVA's verdict on the job (not on the boot: the matrix's own check on
// the console's files decides that). The log is untrusted: its size and each
// line are bounded, and a line that is not such a mapping is skipped.
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>

namespace mmtp::matrix {

inline constexpr std::size_t kMaxLavaLogBytes = std::size_t{512} << 20;
inline constexpr std::size_t kMaxLavaLogLine = std::size_t{1} << 20;

struct LavaLog {
    std::string console;      // the target lines, each ended by '\n'
    bool finished = false;    // the job's result line was seen
    bool passed = false;      // LAVA's job result was pass
    std::string error;        // LAVA's error_msg when it failed (raw: escape before printing)
    std::size_t skipped = 0;  // lines too long or not a log line
};

LavaLog parseLavaLog(const std::string& text);
// The log file, read up to kMaxLavaLogBytes; throws Error naming it when unreadable.
LavaLog readLavaLog(const std::filesystem::path& file);

}  // namespace mmtp::matrix
