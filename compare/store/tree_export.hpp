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
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct StoredRun {
    std::int64_t id = 0;
    std::string machine, name;
    std::int64_t startEpoch = 0;
};

// Every run of the machine (all machines when empty), oldest first.
std::vector<StoredRun> storedRuns(Db& db, const std::string& machine = "");
// The runs named so, of any machine.
std::vector<StoredRun> storedRunsNamed(Db& db, const std::string& name);
// The machines with runs in the store.
std::vector<std::string> storedMachines(Db& db);

// Writes run's files under dir/label (label: one path component). Throws
// StoreError naming the run for a bad stored path or past maxBytes.
void exportRun(Db& db, const StoredRun& run, const std::filesystem::path& dir, const std::string& label,
               std::size_t maxBytes = std::size_t{16} << 30);

// The bytes of the runs' stored files.
std::size_t storedBytes(Db& db, const std::vector<StoredRun>& runs);

// A mkdtemp directory removed with everything in it when the object goes,
// and also when the process is killed: a watcher child removes it once the
// process's end of a pipe closes (SIGKILL included). In $TMPDIR when set;
// else in /dev/shm (memory: creating files there costs a report a fraction
// of what ext4 costs) when expectedBytes is under 256 MiB; else in /tmp.
class PrivateTempDir {
public:
    explicit PrivateTempDir(std::size_t expectedBytes = 0);
    ~PrivateTempDir();
    PrivateTempDir(const PrivateTempDir&) = delete;
    PrivateTempDir& operator=(const PrivateTempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    int watcherPipe_ = -1;
};

}  // namespace mmtp::compare::store
