// bounded_read.hpp - the one way compare reads a file from a log tree (or a
// --from-json file) it does not trust: regular files only, opened with
// O_NONBLOCK so a FIFO cannot hang the report; every read, every
// decompression and every line bounded, so /dev/zero, a gzip bomb or a
// 200 MB line is one clear error instead of gigabytes of memory.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// The limits (README, "Trust model"). Tests pass smaller ones.
struct ReadLimits {
    std::size_t fileBytes = std::size_t{256} << 20;          // read from disk, compressed or not
    std::size_t decompressedBytes = std::size_t{256} << 20;  // what a .gz/.xz/.zst may expand to
    std::size_t lineBytes = std::size_t{1} << 20;            // longest line of a text log
    // Lines of a text log: each costs a std::string (32 bytes) before it is
    // parsed, so 256 MiB of newlines (a 260 KB .gz) would cost 8 GiB.
    std::size_t lines = std::size_t{8} << 20;
    // The file belongs to the tree: a real path outside setTreeBoundary's
    // directories is refused. False for a file the user named (--from-json).
    bool insideTree = true;
};

// The directories a tree's files may really be in (links resolved): the
// tree itself and the MMTests checkout. A link out of them (to /etc/shadow,
// in a tree mailed in and reported on as root) is refused with InputError.
// Empty, the default and --follow-outside-links: links are followed anywhere.
// In force while the object lives (the previous boundary comes back after).
class TreeBoundary {
public:
    explicit TreeBoundary(const std::vector<std::filesystem::path>& roots);
    ~TreeBoundary();
    TreeBoundary(const TreeBoundary&) = delete;
    TreeBoundary& operator=(const TreeBoundary&) = delete;

private:
    std::vector<std::string> previous_;
};

// A file that exists but is refused or unreadable; what() names the file.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The bytes of a regular file; nullopt when nothing is at path. Throws
// InputError for anything else at path (FIFO, device, directory, socket,
// symlink loop), a read error, or more than limits.fileBytes.
std::optional<std::string> readRegularFile(const std::filesystem::path& path, const ReadLimits& limits = {});

// Decompress data read from file; InputError on corrupt data or output beyond
// limits.decompressedBytes (a zstd frame that declares more is refused before
// anything is allocated).
std::string gunzipBounded(std::string_view data, const std::filesystem::path& file, const ReadLimits& limits = {});
std::string unxzBounded(std::string_view data, const std::filesystem::path& file, const ReadLimits& limits = {});
std::string unzstdBounded(std::string_view data, const std::filesystem::path& file, const ReadLimits& limits = {});

// zstd's frame magic (28 B5 2F FD) starts data.
bool looksLikeZstd(std::string_view data);

// Throws InputError naming file and line when a line is longer than
// limits.lineBytes, or naming file when it has more than limits.lines lines.
void checkLineLengths(std::string_view text, const std::filesystem::path& file, const ReadLimits& limits = {});

}  // namespace mmtp::compare
