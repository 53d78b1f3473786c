#include "base/atomic_file.hpp"

#include "base/errors.hpp"
#include "base/stale_leftovers.hpp"

#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mmtp {

namespace {

std::string randomSuffix(std::random_device& rd) {
    static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::uniform_int_distribution<std::size_t> pick(0, sizeof kChars - 2);
    std::string s(6, 'X');
    for (char& c : s) c = kChars[pick(rd)];
    return s;
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
    const std::string prefix = target_.filename().string() + ".tmp.";
    std::filesystem::path dir = target_.parent_path();
    removeStaleLeftovers(dir.empty() ? "." : dir, prefix);
    const std::string stem = target_.string() + ".tmp." + std::to_string(::getpid()) + ".";
    std::random_device rd;
    for (int attempt = 0; attempt < 100 && !fd_; ++attempt) {
        temp_ = stem + randomSuffix(rd);
        // 0666 less the umask, as the ofstream it replaces; never an existing name.
        // Read-write: a writer handed only the fd (ibpb-pulse's child) is read back through it.
        fd_ = UniqueFd(::open(temp_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
        if (!fd_ && errno != EEXIST) break;
    }
    if (!fd_) throw Error(errnoMessage("cannot create " + temp_.string()));
}

AtomicFile::~AtomicFile() {
    if (!committed_) {
        fd_.reset();
        ::unlink(temp_.c_str());
    }
}

void AtomicFile::commit() {
    const std::string text = out_.str();
    if (!writeAll(fd_.get(), text.data(), text.size()) || ::fsync(fd_.get()) != 0)
        throw Error(errnoMessage("cannot write " + temp_.string()));
    if (::close(fd_.release()) != 0) throw Error(errnoMessage("cannot write " + temp_.string()));
    if (std::rename(temp_.c_str(), target_.c_str()) != 0)
        throw Error(errnoMessage("cannot rename " + temp_.string() + " to " + target_.string()));
    committed_ = true;
}

void writeFileAtomically(const std::filesystem::path& target, const std::string& text) {
    AtomicFile f(target);
    f.stream() << text;
    f.commit();
}

namespace {

// Takes target's directory lock, looking every few ms (a blocking flock would
// be deaf to signals when its holder never lets go).
UniqueFd lockDirFor(const std::filesystem::path& target, const AppendWait& wait) {
    // The lock is on the directory, not the file: rename replaces the file's
    // inode, so a lock on the old one would not stop the next appender.
    const std::filesystem::path dir = target.parent_path().empty() ? "." : target.parent_path();
    UniqueFd lock(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!lock) throw Error(errnoMessage("cannot open " + dir.string() + " to lock it for " + target.string()));
    const auto deadline = std::chrono::steady_clock::now() + wait.timeout;
    while (::flock(lock.get(), LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR)
            throw Error(errnoMessage("cannot lock " + dir.string() + " for " + target.string()));
        if (wait.check) wait.check();
        if (std::chrono::steady_clock::now() >= deadline)
            throw Error("cannot append to " + target.string() + ": another process has held the lock on " +
                        dir.string() + " for over " + std::to_string(wait.timeout.count()) + " ms");
        const timespec step{0, 5'000'000};
        ::nanosleep(&step, nullptr);  // EINTR: the next pass looks at once
    }
    return lock;
}

// Copies what `in` holds into `out`, 64 KiB at a time; returns its last byte
// ('\n' when empty). Refuses a file past kAppendMaxExisting.
char copyExisting(int in, int out, const std::filesystem::path& target) {
    struct stat st;
    if (::fstat(in, &st) != 0 || !S_ISREG(st.st_mode))
        throw Error("refusing to append to " + target.string() + ": not a regular file");
    const auto tooBig = [&](std::uintmax_t size) {
        return Error("refusing to append to " + target.string() + ": it holds " + std::to_string(size) +
                     " bytes, more than a log may (" + std::to_string(kAppendMaxExisting >> 20) + " MiB)");
    };
    if (std::uintmax_t(st.st_size) > kAppendMaxExisting) throw tooBig(std::uintmax_t(st.st_size));
    char buf[65536];
    char last = '\n';
    std::uintmax_t total = 0;
    for (;;) {
        const ssize_t n = ::read(in, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw Error(errnoMessage("cannot read " + target.string()));
        if (n == 0) return last;
        total += std::uintmax_t(n);
        if (total > kAppendMaxExisting) throw tooBig(total);  // it grew while we read
        if (!writeAll(out, buf, std::size_t(n))) throw Error(errnoMessage("cannot copy " + target.string()));
        last = buf[n - 1];
    }
}

}  // namespace

void appendFileAtomically(const std::filesystem::path& target, const std::string& text, const AppendWait& wait) {
    const UniqueFd lock = lockDirFor(target, wait);
    AtomicFile out(target);
    char last = '\n';
    if (UniqueFd in(::open(target.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)); in) {
        last = copyExisting(in.get(), out.fd(), target);
    } else if (errno == ELOOP) {
        throw Error("refusing to append through the symlink " + target.string());
    } else if (errno != ENOENT) {
        throw Error(errnoMessage("cannot read " + target.string()));
    }
    if (last != '\n') out.stream() << '\n';
    out.stream() << text;
    out.commit();
}  // the lock goes with the fd

}  // namespace mmtp
