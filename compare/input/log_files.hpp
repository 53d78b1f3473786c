// log_files.hpp - reading MMTests log directories: file listings in the order
// a shell glob gives them, and logs that may have been compressed after the
// run (MMTests' open_log: NAME.gz, then NAME.xz, then NAME).
#pragma once
#include "core/warnings.hpp"
#include "input/bounded_read.hpp"
#include "input/run_snapshot.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

// Names (not paths) of the entries in dir, sorted bytewise like a glob in the
// C locale; empty when dir does not exist.
std::vector<std::string> listDirectory(const std::filesystem::path& dir);

// A directory, not a link to one: the run snapshot's answer where it listed
// path's directory (run_snapshot.hpp), else lstat's.
bool isRealDirectory(const std::filesystem::path& path);

// Something is at path (a link too: lstat's answer), and stat's answer
// (links followed): the run snapshot's where it knows, else the disk's.
bool existsNotFollowing(const std::filesystem::path& path);
bool existsFollowingLinks(const std::filesystem::path& path);

// listDirectory's names from the disk, each with what lstat says it is (from
// readdir's d_type when the file system gives it), into entries; false when
// dir could not be listed to its end or an entry not lstat'ed (that entry is
// left out). A snapshot keeps only what it saw whole (run_snapshot.hpp).
bool listEntriesFromDisk(const std::filesystem::path& dir, std::vector<std::pair<std::string, EntryKind>>& entries);

// The name a log had before compression ("x.log.gz" -> "x.log").
std::string uncompressedName(const std::string& name);

// The contents of the log, looking for path.gz, path.xz, then path (a .gz/.xz
// suffix on path is ignored first). nullopt when none exists. Throws
// InputError naming the file when it exists but is not a regular file, cannot
// be read or decompressed, or passes a read limit (bounded_read.hpp).
std::optional<std::string> readLog(const std::filesystem::path& path, const ReadLimits& limits = {});

// readLog, but a refused file (a directory, a FIFO, a symlink loop, a read
// limit) is a warning and nullopt, so the rest of a report goes on.
std::optional<std::string> readLogOrWarn(const std::filesystem::path& path, Warnings& warnings);

// Splits text into lines without their "\n" (a final line without "\n" counts).
std::vector<std::string> splitLines(const std::string& text);

}  // namespace mmtp::compare
