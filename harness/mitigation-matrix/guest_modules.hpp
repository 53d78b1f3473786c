// guest_modules.hpp - the kernel modules a guest needs to see its scratch
// disk (virtio_pci and virtio_blk, and the modules each names in its
// modinfo `depends=`). Debian's kernels build them as modules; a kernel with
// them built in, or whose modules folder is not found, needs none.
#pragma once
#include "mitigation-matrix/guest_image.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace mmtp::matrix {

// IMAGE's modules folder: vmlinuz-VER's VER under IMAGE/../../lib/modules
// (/boot/vmlinuz-VER: /lib/modules/VER; an unpacked .deb: DIR/lib/modules/VER,
// which has no modules.dep, hence modinfo), else /lib/modules/VER. Empty
// when neither is a folder.
std::filesystem::path modulesDirOf(const std::filesystem::path& kernelImage);

// Module name ('-' read as '_') -> its .ko under dir/kernel.
std::map<std::string, std::filesystem::path> moduleFiles(const std::filesystem::path& dir);

// The names in a module's `depends=` (its .modinfo); none when it has none.
std::vector<std::string> moduleDepends(const std::string& moduleBytes);

// The wanted modules and what they depend on, each after what it needs and
// once; a name without a file (built in) is left out.
std::vector<std::filesystem::path> moduleLoadOrder(
    const std::map<std::string, std::filesystem::path>& files, const std::vector<std::string>& wanted,
    const std::function<std::vector<std::string>(const std::filesystem::path&)>& dependsOf);

// The scratch disk's modules for IMAGE as guest files under
// lib/modules/VER/, in load order (empty: none needed or none found).
std::vector<GuestFile> scratchDiskModules(const std::filesystem::path& kernelImage);

}  // namespace mmtp::matrix
