#include "common/temp_dir.hpp"

#include "base/errors.hpp"
#include "base/stale_leftovers.hpp"

#include <cstdlib>
#include <stdlib.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace mmtp {

TempDir::TempDir(const std::string& prefix, const std::filesystem::path& parent) {
    std::filesystem::path base = parent;
    if (base.empty()) {
        const char* t = std::getenv("TMPDIR");
        base = (t && *t) ? t : "/tmp";
    }
    // Ours from a run that was SIGKILLed: the pid in the name says whose.
    removeStaleLeftovers(base, prefix + "-");
    std::string templ = (base / (prefix + "-" + std::to_string(::getpid()) + "-XXXXXX")).string();
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!::mkdtemp(buf.data()))
        throw Error(errnoMessage("cannot create a temporary directory " + templ));
    path_ = buf.data();
}

TempDir::~TempDir() { remove(); }

TempDir::TempDir(TempDir&& other) noexcept : path_(std::exchange(other.path_, {})) {}

TempDir& TempDir::operator=(TempDir&& other) noexcept {
    if (this != &other) {
        remove();
        path_ = std::exchange(other.path_, {});
    }
    return *this;
}

void TempDir::remove() noexcept {
    if (path_.empty()) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
    path_.clear();
}

}  // namespace mmtp
