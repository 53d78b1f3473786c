#include "common/preflight.hpp"

#include "base/errors.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace mmtp {

namespace {
std::vector<std::filesystem::path> gCreated;  // deepest first, per directory asked for
}  // namespace

void requireWritableDir(const std::filesystem::path& dir, const std::string& option) {
    std::error_code ec;
    std::vector<std::filesystem::path> missing;  // dir and its parents that are not there yet
    for (std::filesystem::path p = dir; !p.empty() && !std::filesystem::exists(std::filesystem::symlink_status(p, ec));
         p = p.parent_path()) {
        missing.push_back(p);
        if (p == p.parent_path()) break;
    }
    std::filesystem::create_directories(dir, ec);
    for (const auto& p : missing)
        if (std::filesystem::is_directory(std::filesystem::symlink_status(p, ec))) gCreated.push_back(p);
    if (!std::filesystem::is_directory(dir))
        throw UsageError(option + " " + dir.string() + ": cannot create the directory" +
                         (ec ? ": " + ec.message() : std::string()));
    std::string probe = (dir / ".write-probe-XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0) throw UsageError(option + " " + dir.string() + ": cannot write there: " + std::strerror(errno));
    ::close(fd);
    ::unlink(probe.c_str());
}

void removeCreatedDirsIfEmpty() noexcept {
    for (const auto& p : gCreated) ::rmdir(p.c_str());  // deepest first; one holding anything stays
    gCreated.clear();
}

std::string findExecutable(const std::string& name) {
    if (name.empty()) return "";
    if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : "";
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

}  // namespace mmtp
