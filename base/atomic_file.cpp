#include "base/atomic_file.hpp"

#include "base/errors.hpp"
#include "base/stale_leftovers.hpp"

#include <cerrno>
#include <cstdio>
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

void appendFileAtomically(const std::filesystem::path& target, const std::string& text) {
    // The lock is on the directory, not the file: rename replaces the file's
    // inode, so a lock on the old one would not stop the next appender.
    const std::filesystem::path dir = target.parent_path().empty() ? "." : target.parent_path();
    UniqueFd lock(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!lock) throw Error(errnoMessage("cannot open " + dir.string() + " to lock it for " + target.string()));
    while (::flock(lock.get(), LOCK_EX) != 0)
        if (errno != EINTR) throw Error(errnoMessage("cannot lock " + dir.string() + " for " + target.string()));
    std::string all;
    if (UniqueFd in(::open(target.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)); in) {
        struct stat st;
        if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode))
            throw Error("refusing to append to " + target.string() + ": not a regular file");
        char buf[65536];
        for (;;) {
            const ssize_t n = ::read(in.get(), buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) throw Error(errnoMessage("cannot read " + target.string()));
            if (n == 0) break;
            all.append(buf, static_cast<std::size_t>(n));
        }
        if (!all.empty() && all.back() != '\n') all += '\n';
    } else if (errno == ELOOP) {
        throw Error("refusing to append through the symlink " + target.string());
    } else if (errno != ENOENT) {
        throw Error(errnoMessage("cannot read " + target.string()));
    }
    all += text;
    writeFileAtomically(target, all);
}  // the lock goes with the fd

}  // namespace mmtp
