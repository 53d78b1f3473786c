#include "input/run_snapshot.hpp"

#include <algorithm>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

const RunSnapshot*& inForce() {
    static const RunSnapshot* snapshot = nullptr;
    return snapshot;
}

// "DIR/NAME" split at its last '/'; nothing for a path whose last component
// is empty, "." or ".." (the disk answers those).
std::optional<std::pair<std::string_view, std::string_view>> dirAndName(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos || slash == 0) return std::nullopt;
    std::string_view dir(path.data(), slash), name(path.data() + slash + 1, path.size() - slash - 1);
    if (name.empty() || name == "." || name == "..") return std::nullopt;
    return std::make_pair(dir, name);
}

}  // namespace

void RunSnapshot::addDirectory(const fs::path& dir,
                               std::vector<std::pair<std::string, EntryKind>>&& entries) {
    Dir d;
    d.names.reserve(entries.size());
    d.kinds.reserve(entries.size());
    for (auto& [name, kind] : entries) {
        d.names.push_back(std::move(name));
        d.kinds.push_back(kind);
    }
    dirs_[dir.native()] = std::move(d);
}

bool RunSnapshot::addFile(const fs::path& file, std::string bytes) {
    if (bytes.size() > kMaxKeptBytes - kept_) return false;
    kept_ += bytes.size();
    files_[file.native()] = std::move(bytes);
    return true;
}

const std::vector<std::string>* RunSnapshot::names(const fs::path& dir) const {
    auto it = dirs_.find(dir.native());
    return it == dirs_.end() ? nullptr : &it->second.names;
}

std::optional<EntryKind> RunSnapshot::kind(const fs::path& path) const {
    auto parts = dirAndName(path.native());
    if (!parts) return std::nullopt;
    auto d = dirs_.find(parts->first);
    if (d == dirs_.end()) return std::nullopt;
    const std::vector<std::string>& names = d->second.names;
    auto at = std::lower_bound(names.begin(), names.end(), parts->second);
    if (at == names.end() || *at != parts->second) return EntryKind::Missing;
    return d->second.kinds[static_cast<std::size_t>(at - names.begin())];
}

const std::string* RunSnapshot::bytes(const fs::path& file) const {
    auto it = files_.find(file.native());
    return it == files_.end() ? nullptr : &it->second;
}

// As recursive_directory_iterator walks (real directories only, none below
// maxDepth); false when a directory to walk is not in the snapshot or the
// entries run out.
bool RunSnapshot::walk(const std::string& dir, const std::string& rel, int depth, const std::string& name,
                       int maxDepth, std::size_t& left, std::vector<std::string>& found) const {
    auto d = dirs_.find(dir);
    if (d == dirs_.end()) return false;
    for (std::size_t i = 0; i < d->second.names.size(); ++i) {
        if (left-- == 0) return false;
        const std::string& n = d->second.names[i];
        if (n == name) found.push_back(rel + "/" + n);
        if (d->second.kinds[i] == EntryKind::Directory && depth < maxDepth - 1 &&
            !walk(dir + "/" + n, rel + "/" + n, depth + 1, name, maxDepth, left, found))
            return false;
    }
    return true;
}

std::optional<std::vector<std::string>> RunSnapshot::find(const fs::path& logDir, const std::string& run,
                                                          const std::string& name, int maxDepth,
                                                          std::size_t maxEntries) const {
    std::vector<std::string> found;
    std::size_t left = maxEntries;
    if (!walk((logDir / run).native(), run, 0, name, maxDepth, left, found)) return std::nullopt;
    std::sort(found.begin(), found.end());
    return found;
}

SnapshotInForce::SnapshotInForce(const RunSnapshot& snapshot) : previous_(inForce()) { inForce() = &snapshot; }

SnapshotInForce::~SnapshotInForce() { inForce() = previous_; }

const RunSnapshot* snapshotInForce() { return inForce(); }

std::optional<EntryKind> knownKind(const fs::path& path) {
    const RunSnapshot* s = inForce();
    return s ? s->kind(path) : std::nullopt;
}

}  // namespace mmtp::compare
