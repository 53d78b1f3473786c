// atomic_file.hpp - results are written to a temp file next to NAME and
// renamed to NAME only when complete, so a failed or interrupted run never
// leaves a half-written log that a parser would read as a result.
//
// The temp file, "NAME.tmp.PID.XXXXXX", gets a random suffix and is created
// with O_EXCL|O_NOFOLLOW: a name planted in a shared (sticky) directory,
// symlink or not, is never followed, truncated or written through. What a
// SIGKILLed run left (its PID gone) is removed by the next AtomicFile for
// the same NAME.
#pragma once
#include "base/fd.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

namespace mmtp {

class AtomicFile {
public:
    // Creates the temp file now. Throws Error naming it on failure.
    explicit AtomicFile(std::filesystem::path target);
    ~AtomicFile();  // removes the temp file unless commit() ran
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Buffered in memory; written out by commit().
    std::ostream& stream() { return out_; }
    // Writes, fsyncs and renames onto the target. Throws Error on failure
    // (the temp file is then removed by the destructor).
    void commit();
    const std::filesystem::path& tempPath() const { return temp_; }
    // The temp file's fd, for a child that writes the content itself (its
    // stdout): commit() then adds stream()'s text after what it wrote.
    int fd() const { return fd_.get(); }

private:
    std::filesystem::path target_;
    std::filesystem::path temp_;
    UniqueFd fd_;
    std::ostringstream out_;
    bool committed_ = false;
};

// Writes the whole text atomically.
void writeFileAtomically(const std::filesystem::path& target, const std::string& text);

// The longest an appender waits for the directory's lock (someone else may
// hold it forever), and the largest existing log it copies: a log is a few
// KiB per result, and a planted sparse file must not cost its size in work.
inline constexpr std::chrono::seconds kAppendLockTimeout{10};
inline constexpr std::uintmax_t kAppendMaxExisting = 64 * 1024 * 1024;

struct AppendWait {
    std::chrono::milliseconds timeout = kAppendLockTimeout;
    // Called at every pass of the wait for the lock (every few ms): throw
    // from it to give up (throwIfInterrupted, so a signal ends the wait).
    void (*check)() = nullptr;
};

// Appends text to target (a newline is added first if the file does not end
// in one) by copying it into an AtomicFile, so a reader never sees half a
// line. A target that is a symlink, FIFO or device is refused (Error), never
// read; so is one larger than kAppendMaxExisting. Appenders in any process
// serialize on an flock of target's directory: concurrent runs sharing one
// log keep every line. A lock held longer than `wait.timeout` is an Error.
// Throws Error naming the file; the target is then as it was.
void appendFileAtomically(const std::filesystem::path& target, const std::string& text, const AppendWait& wait = {});

}  // namespace mmtp
