// stale_leftovers.hpp - a run that is SIGKILLed cannot clean up, so what it
// leaves (temp dirs, "NAME.tmp.PID.*" files) carries the pid that made it in
// its name, and the next run removes those that are ours and whose pid is
// gone.
#pragma once
#include <cstddef>
#include <filesystem>
#include <string_view>
#include <sys/types.h>

namespace mmtp {

// True when no process `pid` exists now (kill(pid, 0) fails with ESRCH).
bool processGone(pid_t pid);

// How deep removeStaleLeftovers descends into a leftover directory: ours
// are two levels deep; a deeper tree is left, not recursed into without end.
inline constexpr int kMaxRemoveDepth = 16;

// Removes, with all they hold, the entries of `dir` named PREFIX<pid>, or
// PREFIX<pid> followed by '.' or '-' and anything, that belong to our
// effective uid and whose pid is gone. Everything else is left alone, errors
// included. The removal is fd-relative (openat/unlinkat, O_NOFOLLOW): no
// path is walked again after it was checked, a symlink inside is removed,
// never followed, and a directory inside that is not ours is left (with
// what holds it). Returns how many it removed.
std::size_t removeStaleLeftovers(const std::filesystem::path& dir, std::string_view prefix) noexcept;

}  // namespace mmtp
