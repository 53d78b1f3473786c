// boot_files.hpp - what one boot hands back: its evidence (boot/...) and the
// run-config tree it wrote (log/ROW/...), as relative paths and bytes. A
// guest sends them over its second serial port; a reboot backend reads them
// from its own run. Either way they are untrusted: names are checked and the
// count and bytes bounded before anything is written.
//
// The serial form, from the guest's /init:
//   MATRIX-BEGIN
//   F RELATIVE/PATH
//   base64 lines
//   E
//   ...
//   MATRIX-END
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

inline constexpr std::size_t kMaxBootFiles = 4096;
inline constexpr std::size_t kMaxBootBytes = std::size_t{256} << 20;
inline constexpr int kMaxBootPathDepth = 8;
// The serial stream as read from the guest's data port: the files' base64
// (4/3 of kMaxBootBytes) and 1 MiB for the framing; one line of it.
inline constexpr std::size_t kMaxSerialBytes = kMaxBootBytes / 3 * 4 + (std::size_t{1} << 20);
inline constexpr std::size_t kMaxSerialLineBytes = std::size_t{1} << 20;

struct BootFile {
    std::string path;  // relative, checked by checkedBootPath
    std::string bytes;
};

struct BootFiles {
    std::vector<BootFile> files;
    const std::string* find(const std::string& path) const;
};

// Throws Error unless path is a/b/c of [A-Za-z0-9._+=,-] names (no "." or
// ".."), at most kMaxBootPathDepth deep.
void checkBootPath(const std::string& path);

// The serial stream (carriage returns allowed) -> files. Throws Error
// when the stream ends before MATRIX-END or breaks a bound or a name rule.
BootFiles parseSerialArchive(const std::string& stream);
// The same from the guest's data port file (O_NOFOLLOW, regular only), parsed
// as it is read: the memory is the decoded files, never the stream or its
// bound (a 342 MiB buffer was allocated per boot). Throws Error naming the
// bound past kMaxSerialBytes.
BootFiles readSerialArchive(const std::filesystem::path& file);

// Every regular file under dir (symlinks and others are not followed or
// read), with the same bounds, prefixed by `prefix/`.
void addTreeFiles(BootFiles& out, const std::filesystem::path& dir, const std::string& prefix);

std::string decodeBase64(const std::string& text);

}  // namespace mmtp::matrix
