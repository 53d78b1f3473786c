#include "input/log_files.hpp"

#include "input/run_snapshot.hpp"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <string_view>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// f(name, d_type) for each entry of dir but "." and ".."; false when dir
// could not be read to its end. opendir and readdir: four system calls a
// directory where directory_iterator made seven.
template <typename F>
bool eachEntry(const fs::path& dir, F&& f) {
    DIR* d = ::opendir(dir.c_str());
    if (!d) return false;
    while (true) {
        errno = 0;  // readdir's end and its error differ only by errno
        const dirent* e = ::readdir(d);
        if (!e) break;
        const std::string_view name = e->d_name;
        if (name != "." && name != "..") f(name, e->d_type);
    }
    const bool whole = errno == 0;
    ::closedir(d);
    return whole;
}

// The sorted names; false when dir could not be listed to its end.
bool listInto(const fs::path& dir, std::vector<std::string>& names) {
    const bool whole = eachEntry(dir, [&names](std::string_view name, unsigned char) { names.emplace_back(name); });
    std::sort(names.begin(), names.end());
    return whole;
}

// What lstat would say of dir/name: readdir's d_type, or lstat itself when
// the file system does not say (DT_UNKNOWN); nullopt when lstat fails.
std::optional<EntryKind> kindOf(const fs::path& dir, std::string_view name, unsigned char type) {
    switch (type) {
    case DT_DIR: return EntryKind::Directory;
    case DT_REG: return EntryKind::Regular;
    case DT_UNKNOWN: break;
    default: return EntryKind::Other;
    }
    struct stat st {};
    if (::lstat((dir / name).c_str(), &st) != 0) return std::nullopt;
    if (S_ISDIR(st.st_mode)) return EntryKind::Directory;
    return S_ISREG(st.st_mode) ? EntryKind::Regular : EntryKind::Other;
}

}  // namespace

std::vector<std::string> listDirectory(const fs::path& dir) {
    if (const RunSnapshot* snapshot = snapshotInForce())
        if (const std::vector<std::string>* names = snapshot->names(dir)) return *names;
    std::vector<std::string> names;
    listInto(dir, names);
    return names;
}

bool isRealDirectory(const fs::path& path) {
    if (const std::optional<EntryKind> kind = knownKind(path)) return *kind == EntryKind::Directory;
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool existsNotFollowing(const fs::path& path) {
    if (const std::optional<EntryKind> kind = knownKind(path)) return *kind != EntryKind::Missing;
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

bool existsFollowingLinks(const fs::path& path) {
    // A link is Other to the snapshot: where it points, only the disk says.
    if (const std::optional<EntryKind> kind = knownKind(path); kind && *kind != EntryKind::Other)
        return *kind != EntryKind::Missing;
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

bool listEntriesFromDisk(const fs::path& dir, std::vector<std::pair<std::string, EntryKind>>& entries) {
    bool everyKind = true;
    const bool listed = eachEntry(dir, [&](std::string_view name, unsigned char type) {
        if (std::optional<EntryKind> kind = kindOf(dir, name, type)) entries.emplace_back(name, *kind);
        else everyKind = false;
    });
    std::sort(entries.begin(), entries.end());
    return listed && everyKind;
}

std::string uncompressedName(const std::string& name) {
    if (endsWith(name, ".gz")) return name.substr(0, name.size() - 3);
    if (endsWith(name, ".xz")) return name.substr(0, name.size() - 3);
    return name;
}

std::optional<std::string> readLog(const fs::path& path, const ReadLimits& limits) {
    fs::path base = path.parent_path() / uncompressedName(path.filename().string());
    fs::path gz = base.string() + ".gz", xz = base.string() + ".xz";
    std::optional<std::string> text;
    fs::path read = gz;
    if (auto data = readRegularFile(gz, limits)) {
        text = gunzipBounded(*data, gz, limits);
    } else if ((data = readRegularFile(read = xz, limits))) {
        text = unxzBounded(*data, xz, limits);
    } else {
        text = readRegularFile(read = base, limits);
    }
    if (text) checkLineLengths(*text, read, limits);
    return text;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

std::optional<std::string> readLogOrWarn(const std::filesystem::path& path, Warnings& warnings) {
    try {
        return readLog(path);
    } catch (const InputError& e) {
        warnings.push_back(e.what());
        return std::nullopt;
    }
}

}  // namespace mmtp::compare
