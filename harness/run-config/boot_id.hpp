// boot_id.hpp - which boot each iteration ran in: iter-N/boot-id holds the
// kernel's boot_id (one line, as /proc/sys/kernel/random/boot_id gives it),
// so that a verdict can take the boot, not the iteration, as its unit
// (issue 28: iterations of one boot share its layout, its luck).
#pragma once
#include <filesystem>
#include <iosfwd>

namespace mmtp::runconfig {

inline constexpr const char* kBootIdSource = "/proc/sys/kernel/random/boot_id";

class BootIdRecorder {
public:
    explicit BootIdRecorder(std::filesystem::path source = kBootIdSource) : source_(std::move(source)) {}
    // Writes ITERDIR/boot-id atomically (temp file, O_EXCL|O_NOFOLLOW, rename).
    // When the source cannot be read (or is not one short line), writes
    // nothing and says so on `warn`, the first time only. Throws Error only
    // when the file cannot be written.
    void record(const std::filesystem::path& iterDir, std::ostream& warn);

private:
    std::filesystem::path source_;
    bool warned_ = false;
};

}  // namespace mmtp::runconfig
