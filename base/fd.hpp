// fd.hpp - a file descriptor that closes itself, and a write that writes
// everything (short writes and EINTR are retried).
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace mmtp {

class UniqueFd {
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) : fd_(fd) {}
    ~UniqueFd() { reset(); }
    UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
    UniqueFd& operator=(UniqueFd&& other) noexcept;
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;

    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    // Closes it now (idempotent).
    void reset() noexcept;
    // Gives up ownership: returns the fd, which the caller now closes.
    int release() noexcept;

private:
    int fd_ = -1;
};

// Both ends of a pipe2(O_CLOEXEC). Throws Error on failure.
struct Pipe {
    UniqueFd read, write;
    Pipe();
};

// Opens a log for appending, as the process that owns it: O_APPEND with
// O_NOFOLLOW (a symlink planted in a log dir is refused, never written
// through) and, when mustBeNew, O_EXCL (any existing name is refused).
// Anything but a regular file (FIFO, device) is refused too. Throws Error
// naming the file.
UniqueFd openAppendNoFollow(const std::filesystem::path& path, bool mustBeNew);
// Appends text through such an fd; throws Error naming `path` on failure.
void appendTo(const UniqueFd& fd, std::string_view text, const std::filesystem::path& path);

// Writes all n bytes, retrying short writes and EINTR. When a write returns
// EINTR, `stopOnEintr()` (if given) decides whether to give up instead.
// Returns false on error (errno says why) or when told to stop.
bool writeAll(int fd, const void* buf, std::size_t n, bool (*stopOnEintr)() = nullptr);
inline bool writeAll(int fd, std::string_view text) { return writeAll(fd, text.data(), text.size()); }

// Reads fd to its end, keeping at most limit + 1 bytes, so a caller can tell
// "larger than limit" from out.size(). False on a read error (errno set).
// The buffer grows with what is read, not with the limit.
bool readUpTo(int fd, std::size_t limit, std::string& out);

}  // namespace mmtp
