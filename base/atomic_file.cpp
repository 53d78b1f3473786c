#include "base/atomic_file.hpp"

#include "base/errors.hpp"

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace mmtp {

AtomicFile::AtomicFile(std::filesystem::path target)
    : target_(std::move(target)),
      temp_(target_.string() + ".tmp." + std::to_string(::getpid())) {
    out_.open(temp_, std::ios::out | std::ios::trunc);
    if (!out_) throw Error(errnoMessage("cannot create " + temp_.string()));
}

AtomicFile::~AtomicFile() {
    if (!committed_) {
        out_.close();
        std::error_code ec;
        std::filesystem::remove(temp_, ec);
    }
}

void AtomicFile::commit() {
    out_.flush();
    if (!out_) throw Error("cannot write " + temp_.string());
    out_.close();
    int fd = ::open(temp_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
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
