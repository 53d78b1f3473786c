#include "input/log_files.hpp"

#include "input/run_snapshot.hpp"

#include <algorithm>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

namespace {

// The sorted names; false when dir could not be listed to its end.
bool listInto(const fs::path& dir, std::vector<std::string>& names) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().filename().string());
    std::sort(names.begin(), names.end());
    return !ec;
}

}  // namespace

std::vector<std::string> listDirectory(const fs::path& dir) {
    if (const RunSnapshot* snapshot = snapshotInForce())
        if (const std::vector<std::string>* names = snapshot->names(dir)) return *names;
    std::vector<std::string> names;
    listInto(dir, names);
    return names;
}

bool listDirectoryFromDisk(const fs::path& dir, std::vector<std::string>& names) { return listInto(dir, names); }

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
