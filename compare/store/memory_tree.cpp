#include "store/memory_tree.hpp"

#include <map>

namespace fs = std::filesystem;

namespace mmtp::compare::store {

namespace {

// Every directory of the tree with its entries' kinds (names in byte order,
// as listDirectory sorts them).
using Directories = std::map<std::string, std::map<std::string, EntryKind>>;

// path's kind in its parent; false when the export would find it taken
// (a file where a directory goes, or the other way round).
bool addEntry(Directories& dirs, const fs::path& path, EntryKind kind) {
    auto [entry, added] = dirs[path.parent_path().native()].emplace(path.filename().native(), kind);
    if (!added && (entry->second != kind || kind == EntryKind::Regular)) return false;
    if (kind == EntryKind::Directory) dirs[path.native()];
    return true;
}

// A run's paths under runDir, each directory above them too.
bool addPaths(Directories& dirs, const fs::path& runDir, const std::vector<StoredPath>& files) {
    for (const StoredPath& f : files) {
        fs::path at = runDir;
        for (std::size_t start = 0, slash; (slash = f.path.find('/', start)) != std::string::npos; start = slash + 1) {
            at /= f.path.substr(start, slash - start);
            if (!addEntry(dirs, at, EntryKind::Directory)) return false;
        }
        if (!addEntry(dirs, runDir / f.path, EntryKind::Regular)) return false;
    }
    return true;
}

// Each file's bytes; false when a blob is missing or the snapshot is full.
bool addFiles(Db& db, const StoredRun& run, const fs::path& runDir, const std::vector<StoredPath>& files,
              RunSnapshot& snapshot) {
    bool fits = true;
    const bool whole = eachRunBlob(db, run, files, [&](const std::string&, const std::string& data, const BlobPaths& paths) {
        for (const std::string* path : paths) fits = fits && snapshot.addFile(runDir / *path, data);
    });
    return fits && whole;
}

}  // namespace

std::optional<MemoryTree> memoryTree(Db& db, const std::vector<StoredRun>& runs, const std::vector<std::string>& labels) {
    const fs::path root = "/dev/null/results-store";
    MemoryTree tree{std::make_unique<RunSnapshot>(), root / "log"};
    Directories dirs;
    addEntry(dirs, tree.logDir, EntryKind::Directory);
    std::size_t files = 0;
    try {
        for (std::size_t i = 0; i < runs.size() && i < labels.size(); ++i) {
            const fs::path runDir = tree.logDir / labels[i];
            if (!isSafeRelativePath(labels[i], 1) || dirs[tree.logDir.native()].count(labels[i]) ||
                !addEntry(dirs, runDir, EntryKind::Directory))
                return std::nullopt;
            const std::vector<StoredPath> paths = storedPaths(db, runs[i], files, ExportLimits{});
            files += paths.size();
            if (files > kMaxMemoryTreeFiles || !addPaths(dirs, runDir, paths) ||
                !addFiles(db, runs[i], runDir, paths, *tree.snapshot))
                return std::nullopt;
        }
    } catch (const StoreError&) {  // the export refuses the run too, and says why
        return std::nullopt;
    }
    for (auto& [dir, entries] : dirs) {
        std::vector<std::pair<std::string, EntryKind>> listed(entries.begin(), entries.end());
        tree.snapshot->addDirectory(dir, std::move(listed));
    }
    return tree;
}

}  // namespace mmtp::compare::store
