#include "base/atomic_file.hpp"

#include "base/errors.hpp"
#include "base/stale_leftovers.hpp"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <random>
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
        fd_ = UniqueFd(::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
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

}  // namespace mmtp
