// run_snapshot.hpp - one run's directories and files as results-store import
// read them (every file once, to hash and store it), answered from memory
// while the snapshot is in force: the parsers, the machine state and the
// settings then read the run without going to the disk again (the import
// listed each directory up to four times and read each file twice). What the
// snapshot did not see whole (a link, a directory it could not list or lstat
// entirely, a file past its memory bound) is read from the disk as before,
// with every check of bounded_read.hpp.
#pragma once
#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mmtp::compare {

// What lstat says is at a path.
enum class EntryKind { Missing, Directory, Regular, Other };

class RunSnapshot {
public:
    // A directory listed whole, every entry's kind known; names sorted as
    // listDirectory sorts them.
    void addDirectory(const std::filesystem::path& dir, std::vector<std::pair<std::string, EntryKind>>&& entries);
    // A regular file's bytes as read; kept while the snapshot holds less than
    // its memory bound (false: not kept, read from the disk again).
    bool addFile(const std::filesystem::path& file, std::string bytes);

    // The sorted names of dir; nullptr when the snapshot did not list it.
    const std::vector<std::string>* names(const std::filesystem::path& dir) const;
    // lstat's kind of path, when the snapshot listed its directory.
    std::optional<EntryKind> kind(const std::filesystem::path& path) const;
    // The bytes of a regular file the snapshot kept; nullptr otherwise.
    const std::string* bytes(const std::filesystem::path& file) const;
    // findInRun's answer (run_settings.hpp) when every directory it would
    // walk is in the snapshot and the walk stays below maxEntries.
    std::optional<std::vector<std::string>> find(const std::filesystem::path& logDir, const std::string& run,
                                                 const std::string& name, int maxDepth, std::size_t maxEntries) const;

    static constexpr std::size_t kMaxKeptBytes = std::size_t{64} << 20;

private:
    struct Dir {
        std::vector<std::string> names;
        std::vector<EntryKind> kinds;
    };
    bool walk(const std::string& dir, const std::string& rel, int depth, const std::string& name, int maxDepth,
              std::size_t& left, std::vector<std::string>& found) const;

    std::map<std::string, Dir, std::less<>> dirs_;
    std::map<std::string, std::string, std::less<>> files_;
    std::size_t kept_ = 0;
};

// The snapshot the input layer answers from while the object lives (the
// previous one, or none, comes back after).
class SnapshotInForce {
public:
    explicit SnapshotInForce(const RunSnapshot& snapshot);
    ~SnapshotInForce();
    SnapshotInForce(const SnapshotInForce&) = delete;
    SnapshotInForce& operator=(const SnapshotInForce&) = delete;

private:
    const RunSnapshot* previous_;
};

// The snapshot in force; nullptr when none is.
const RunSnapshot* snapshotInForce();

// lstat's kind of path from the snapshot in force, when it listed path's
// directory; nullopt when the disk must be asked.
std::optional<EntryKind> knownKind(const std::filesystem::path& path);

}  // namespace mmtp::compare
