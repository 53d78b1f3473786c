// log_file.hpp - a file run-config writes in the log tree. The tree may be
// in a directory another user can write (a shared work dir, run as root), so
// a file is created with O_EXCL|O_NOFOLLOW when it must be new and appended
// to through an fd opened O_NOFOLLOW otherwise: a planted symlink, FIFO or
// device is refused with one line naming it, never written through. Every
// write is checked, so a full disk is an error naming the file, not a
// silently short log.
#pragma once
#include "base/fd.hpp"

#include <filesystem>
#include <string_view>

namespace mmtp::runconfig {

class LogFile {
public:
    enum class Mode { New, Append };
    LogFile() = default;
    LogFile(const std::filesystem::path& path, Mode mode);  // throws Error naming path
    bool isOpen() const { return static_cast<bool>(fd_); }
    void write(std::string_view text);  // throws Error naming the file
    void close() { fd_.reset(); }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    UniqueFd fd_;
};

// Appends text to path (created if missing), as LogFile::Mode::Append.
void appendToLog(const std::filesystem::path& path, std::string_view text);

}  // namespace mmtp::runconfig
