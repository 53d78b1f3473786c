// guest_modules.cpp - the scratch disk's modules (guest_modules.hpp).
#include "mitigation-matrix/guest_modules.hpp"

#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// A virtio module is tens of KiB; the modinfo is read from at most this much.
constexpr std::size_t kMaxModuleBytes = 16 << 20;

std::string readUpTo(const fs::path& file, std::size_t limit) {
    std::ifstream in(file, std::ios::binary);
    std::string bytes(limit, '\0');
    in.read(bytes.data(), std::streamsize(limit));
    bytes.resize(std::size_t(in.gcount()));
    return bytes;
}

std::string canonicalName(std::string name) {
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

}  // namespace

fs::path modulesDirOf(const fs::path& kernelImage) {
    const std::string file = kernelImage.filename().string();
    const std::string prefix = "vmlinuz-";
    if (file.rfind(prefix, 0) != 0) return {};
    const std::string version = file.substr(prefix.size());
    for (const fs::path& dir :
         {kernelImage.parent_path().parent_path() / "lib/modules" / version, fs::path("/lib/modules") / version})
        if (fs::is_directory(dir / "kernel")) return dir;
    return {};
}

std::map<std::string, fs::path> moduleFiles(const fs::path& dir) {
    std::map<std::string, fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir / "kernel", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        // Only plain .ko: busybox insmod does not decompress .ko.xz/.ko.zst.
        if (name.size() > 3 && name.ends_with(".ko") && it->is_regular_file())
            files[canonicalName(name.substr(0, name.size() - 3))] = it->path();
    }
    return files;
}

std::vector<std::string> moduleDepends(const std::string& moduleBytes) {
    const std::string key = std::string(1, '\0') + "depends=";
    const auto at = moduleBytes.find(key);
    if (at == std::string::npos) return {};
    const auto start = at + key.size();
    std::istringstream list(moduleBytes.substr(start, moduleBytes.find('\0', start) - start));
    std::vector<std::string> names;
    for (std::string name; std::getline(list, name, ',');)
        if (!name.empty()) names.push_back(canonicalName(name));
    return names;
}

std::vector<fs::path> moduleLoadOrder(const std::map<std::string, fs::path>& files,
                                      const std::vector<std::string>& wanted,
                                      const std::function<std::vector<std::string>(const fs::path&)>& dependsOf) {
    std::vector<fs::path> order;
    std::set<std::string> seen;
    std::function<void(const std::string&)> add = [&](const std::string& name) {
        const auto it = files.find(name);
        if (it == files.end() || !seen.insert(name).second) return;
        for (const auto& need : dependsOf(it->second)) add(need);
        order.push_back(it->second);
    };
    for (const auto& name : wanted) add(name);
    return order;
}

std::vector<GuestFile> scratchDiskModules(const fs::path& kernelImage) {
    const fs::path dir = modulesDirOf(kernelImage);
    if (dir.empty()) return {};
    const auto dependsOf = [](const fs::path& ko) { return moduleDepends(readUpTo(ko, kMaxModuleBytes)); };
    std::vector<GuestFile> files;
    const std::string at = "lib/modules/" + dir.filename().string() + "/";
    for (const auto& ko : moduleLoadOrder(moduleFiles(dir), {"virtio_pci", "virtio_blk"}, dependsOf))
        files.push_back({at + fs::relative(ko, dir).string(), ko});
    return files;
}

}  // namespace mmtp::matrix
