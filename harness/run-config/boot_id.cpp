#include "run-config/boot_id.hpp"

#include "base/atomic_file.hpp"
#include "base/fd.hpp"
#include "base/terminal_text.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <ostream>
#include <string>
#include <unistd.h>

namespace mmtp::runconfig {

namespace {

constexpr std::size_t kMaxBootIdBytes = 64;  // a UUID is 36 characters and a newline

// The first line of the source, or nullopt with errno's text in `why`.
std::optional<std::string> readBootId(const std::filesystem::path& source, std::string& why) {
    UniqueFd fd(::open(source.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (!fd) {
        why = std::strerror(errno);
        return std::nullopt;
    }
    char buf[kMaxBootIdBytes + 1];
    ssize_t n;
    do n = ::read(fd.get(), buf, sizeof buf);
    while (n < 0 && errno == EINTR);
    if (n < 0) {
        why = std::strerror(errno);
        return std::nullopt;
    }
    std::string text(buf, static_cast<std::size_t>(n));
    text = text.substr(0, text.find('\n'));
    if (text.empty() || std::size_t(n) > kMaxBootIdBytes) {
        why = "not one short line";
        return std::nullopt;
    }
    return text;
}

}  // namespace

void BootIdRecorder::record(const std::filesystem::path& iterDir, std::ostream& warn) {
    std::string why;
    const std::optional<std::string> id = readBootId(source_, why);
    if (!id) {
        if (!warned_)
            warn << "run-config: warning: cannot read " << escapeControls(source_.string()) << " (" << why
                 << "): no iteration records its boot (iter-N/boot-id)" << std::endl;
        warned_ = true;
        return;
    }
    writeFileAtomically(iterDir / "boot-id", *id + "\n");
}

}  // namespace mmtp::runconfig
