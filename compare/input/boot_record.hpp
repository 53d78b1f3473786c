// boot_record.hpp - the boot an iteration ran in: iter-N/boot-id, the
// kernel's /proc/sys/kernel/random/boot_id as run-config (and the mitigation
// matrix) recorded it. Iterations with the same id share a boot and are one
// unit of replication for the verdict (stats/boot_units.hpp).
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <string>

namespace mmtp::compare {

inline constexpr std::size_t kBootIdMaxBytes = 64;  // a boot_id is 36 bytes

// The iteration's boot id, or "" when none is recorded or the file is not a
// plain id (hex digits and dashes, at most kBootIdMaxBytes): a warning then.
std::string readBootId(const std::filesystem::path& iterDir, Warnings& warnings);

}  // namespace mmtp::compare
