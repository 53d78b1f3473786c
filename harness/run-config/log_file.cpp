#include "run-config/log_file.hpp"

namespace mmtp::runconfig {

LogFile::LogFile(const std::filesystem::path& path, Mode mode)
    : path_(path), fd_(openAppendNoFollow(path, mode == Mode::New)) {}

void LogFile::write(std::string_view text) {
    if (fd_) appendTo(fd_, text, path_);
}

void appendToLog(const std::filesystem::path& path, std::string_view text) {
    LogFile(path, LogFile::Mode::Append).write(text);
}

}  // namespace mmtp::runconfig
