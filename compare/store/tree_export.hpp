// tree_export.hpp - stored runs back into a work/log tree, byte for byte, in
// a private temporary directory, so compare-mmtests and compare-kernels read
// them through the very input layer and parsers they read a tree with.
// A store is untrusted like a tree: every stored path is checked (no "..",
// no absolute path, bounded depth and size) and files are created O_EXCL |
// O_NOFOLLOW inside a 0700 directory of ours.
#pragma once
#include "store/db.hpp"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct StoredRun {
    std::int64_t id = 0;
    std::string machine, name;
    std::int64_t startEpoch = 0;
    std::int64_t replacedEpoch = 0;  // when import --replace superseded it (0: current)
};

// Every current run of the machine (all machines when empty), oldest first;
// with withReplaced also the runs import --replace superseded.
std::vector<StoredRun> storedRuns(Db& db, const std::string& machine = "", bool withReplaced = false);
// The current runs named so, of any machine.
std::vector<StoredRun> storedRunsNamed(Db& db, const std::string& name);
// The machines with runs in the store.
std::vector<std::string> storedMachines(Db& db);

// What writing stored runs back may cost, all runs of one report together
// (a store is untrusted: 1.2 MiB of it named one blob from 500 paths, each
// declared huge, and the export wrote 511 MiB). Bytes are the blobs' real
// bytes, each blob written once and every other path naming it a hard link.
inline constexpr std::size_t kMaxExportBytes = std::size_t{16} << 30;
inline constexpr std::size_t kMaxExportFiles = 2000000;
inline constexpr std::size_t kMaxExportFilesPerRun = 200000;  // import's bound (ImportLimits::filesPerRun)

struct ExportLimits {
    std::size_t bytes = kMaxExportBytes;
    std::size_t files = kMaxExportFiles;
    std::size_t filesPerRun = kMaxExportFilesPerRun;
};

// A name an export made, relative to its directory: what PrivateTempDir
// removes by name, one unlinkat each, instead of listing every directory.
struct MadeName {
    std::string path;
    bool directory = false;
};
// The names remembered (a path each: bounded memory); past it the removal's
// walk finds the rest.
inline constexpr std::size_t kMaxMadeNames = 100000;

// A stored path is "a/b/c": components neither empty, "." nor "..", at
// most maxDepth of them (a run's files: 32; a run's label: 1).
bool isSafeRelativePath(const std::string& path, int maxDepth);
inline constexpr int kMaxStoredPathDepth = 32;

// A stored file of a run: its path in the run and its blob's hash.
struct StoredPath {
    std::string path, hash;
};
// The run's stored paths, in path order, each checked (isSafeRelativePath,
// stored once) and counted against limits (filesBefore: the report's so
// far); StoreError naming the run otherwise.
std::vector<StoredPath> storedPaths(Db& db, const StoredRun& run, std::size_t filesBefore, const ExportLimits& limits);
// The paths of a run's files that name one blob, in path order.
using BlobPaths = std::vector<const std::string*>;
// Each blob files name, once, in one query (no order), with the paths naming
// it; false when a file's blob is not stored.
bool eachRunBlob(Db& db, const StoredRun& run, const std::vector<StoredPath>& files,
                 const std::function<void(const std::string& hash, const std::string& data, const BlobPaths&)>& take);

// Writes stored runs back as a tree under dir. StoreError naming the run for
// a bad stored path, a file stored twice, a file whose blob is missing, or
// past a limit.
class TreeExport {
public:
    TreeExport(Db& db, std::filesystem::path dir, ExportLimits limits = {});
    // The run's files under dir/label (label: one path component).
    void add(const StoredRun& run, const std::string& label);
    // What add made (directories and files), in the order made: each
    // directory before what it holds. The first kMaxMadeNames only.
    const std::vector<MadeName>& made() const { return madeNames_; }

private:
    Db& db_;
    std::filesystem::path dir_;
    ExportLimits limits_;
    std::size_t bytes_ = 0, files_ = 0;
    std::map<std::string, std::filesystem::path> written_;  // blob hash -> the first file holding it
    std::set<std::string> made_;                             // directories made so far
    std::vector<MadeName> madeNames_;
    void writeFiles(const StoredRun& run, const std::string& label, const std::vector<StoredPath>& files,
                    const std::string& refused);
    void linkPaths(const std::string& label, const BlobPaths& paths, const std::filesystem::path& holder,
                   const std::string& refused);
    void makeParents(const std::filesystem::path& runDir, const std::string& label, const std::string& path);
    void remember(std::string path, bool directory);
};

// The bytes of the runs' stored blobs (their real length, each once per
// run): where the export goes (memory or disk), not a bound.
std::size_t storedBytes(Db& db, const std::vector<StoredRun>& runs);

// A mkdtemp directory removed with everything in it when the object goes,
// and also when the process is killed: a watcher child, given the
// directory's descriptors over a socket, removes it once the process's end
// closes (SIGKILL included). In $TMPDIR when set; else in /dev/shm (memory:
// creating files there costs a report a fraction of what ext4 costs) when
// expectedBytes is under 256 MiB; else in /tmp. Removal goes through
// descriptors of the directory made here (openat, unlinkat, O_NOFOLLOW),
// never by walking its path: once it is gone, another user may create that
// name in /dev/shm, and the watcher (root's, for root) must not remove what
// they made. It does nothing when the directory it holds is already removed.
class PrivateTempDir {
public:
    explicit PrivateTempDir(std::size_t expectedBytes = 0) : PrivateTempDir(Deferred{}) { create(expectedBytes); }
    // The watcher now, the directory at create(). A fork costs the program
    // a copy of every page it writes afterwards that existed before (a
    // two-run --store report: 127 page faults forked after the store's
    // queries, 54 forked before them), so it forks before the work.
    struct Deferred {};
    explicit PrivateTempDir(Deferred);
    // Makes the directory and hands it to the watcher; once.
    void create(std::size_t expectedBytes);
    ~PrivateTempDir();
    PrivateTempDir(const PrivateTempDir&) = delete;
    PrivateTempDir& operator=(const PrivateTempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }  // empty before create()
    // Names made inside (relative to path(), in the order made): removed
    // newest first, one unlinkat each, before the walk that removes what is
    // left. Listing, opening and closing every directory cost a two-run
    // report 335 system calls; the names, 56.
    void removeFirst(std::vector<MadeName> names) { madeNames_ = std::move(names); }

private:
    std::filesystem::path path_;
    std::vector<MadeName> madeNames_;
    int parentFd_ = -1, dirFd_ = -1;  // the directory it was made in, and itself
    int watcher_ = -1;                // our end of the watcher's socket
};

}  // namespace mmtp::compare::store
