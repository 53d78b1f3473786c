#include "base/stale_leftovers.hpp"

#include <cerrno>
#include <charconv>
#include <csignal>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace mmtp {

namespace {

// The pid in NAME = PREFIX<pid>[.-]..., or 0 when NAME is not of that shape.
pid_t leftoverPid(std::string_view name, std::string_view prefix) {
    if (!name.starts_with(prefix)) return 0;
    std::string_view rest = name.substr(prefix.size());
    pid_t pid = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (ec != std::errc() || end == rest.data() || pid <= 0) return 0;
    if (end != rest.data() + rest.size() && *end != '.' && *end != '-') return 0;
    return pid;
}

}  // namespace

bool processGone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

std::size_t removeStaleLeftovers(const std::filesystem::path& dir, std::string_view prefix) noexcept {
    std::size_t removed = 0;
    try {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
            const std::string name = entry.path().filename().string();
            const pid_t pid = leftoverPid(name, prefix);
            if (pid == 0 || pid == ::getpid()) continue;
            struct stat st;
            if (::lstat(entry.path().c_str(), &st) != 0 || st.st_uid != ::geteuid()) continue;
            if (!processGone(pid)) continue;
            std::error_code rmEc;
            if (std::filesystem::remove_all(entry.path(), rmEc) > 0 && !rmEc) ++removed;
        }
    } catch (...) {
        // A directory we cannot list has nothing of ours to clean.
    }
    return removed;
}

}  // namespace mmtp
