#include "fiolike/mounts.hpp"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <vector>

namespace mmtp::fiolike {

namespace {

struct Entry {
    unsigned major = 0, minor = 0;
    MountInfo info;
};

// mountinfo escapes spaces etc. as \040.
std::string unescape(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size()) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 3), nullptr, 8));
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::vector<Entry> readMountinfo() {
    std::vector<Entry> out;
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ss(line);
        std::string id, parent, majmin, root, mp, field;
        ss >> id >> parent >> majmin >> root >> mp;
        while (ss >> field && field != "-") {}
        Entry e;
        ss >> e.info.fsType >> e.info.source;
        e.info.mountPoint = unescape(mp);
        if (std::sscanf(majmin.c_str(), "%u:%u", &e.major, &e.minor) != 2) continue;
        out.push_back(std::move(e));
    }
    return out;
}

std::string sysfsPath(unsigned major, unsigned minor) {
    const std::string p = "/sys/dev/block/" + std::to_string(major) + ":" + std::to_string(minor);
    char buf[PATH_MAX];
    if (!::realpath(p.c_str(), buf)) return {};
    return buf;
}

}  // namespace

std::optional<MountInfo> mountOf(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    std::optional<MountInfo> best;
    for (auto& e : readMountinfo()) {
        if (e.major != ::major(st.st_dev) || e.minor != ::minor(st.st_dev)) continue;
        if (!best || e.info.mountPoint.size() > best->mountPoint.size()) best = e.info;
    }
    return best;
}

std::optional<MountInfo> mountOfBlockDevice(dev_t rdev) {
    const std::string dev = sysfsPath(::major(rdev), ::minor(rdev));
    if (dev.empty()) return std::nullopt;
    for (auto& e : readMountinfo()) {
        if (e.major == ::major(rdev) && e.minor == ::minor(rdev)) return e.info;
        const std::string p = sysfsPath(e.major, e.minor);
        // a partition of the device lives below the device's sysfs directory
        if (!p.empty() && p.size() > dev.size() && p.compare(0, dev.size(), dev) == 0 && p[dev.size()] == '/')
            return e.info;
    }
    return std::nullopt;
}

std::string describeFilesystem(const std::string& path) {
    if (auto m = mountOf(path)) return m->fsType + " filesystem at " + m->mountPoint;
    return "filesystem at " + path;
}

}  // namespace mmtp::fiolike
