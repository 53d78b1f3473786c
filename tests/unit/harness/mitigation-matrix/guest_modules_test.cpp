// The scratch disk's modules: found beside the kernel image (an unpacked
// .deb has no modules.dep), each after the modules its modinfo depends on.
#include "mitigation-matrix/guest_modules.hpp"

#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>

using namespace mmtp::matrix;
using namespace std::string_literals;
namespace fs = std::filesystem;

namespace {

// A module file: some ELF-ish bytes, then its .modinfo strings.
void writeModule(const fs::path& file, const std::string& depends) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << "\x7f"
                                             "ELF\0\0license=GPL\0depends="s
                                          << depends << "\0name=x\0"s;
}

}  // namespace

TEST_CASE("a module's depends= is read from its modinfo", "[mitigation-matrix]") {
    CHECK(moduleDepends("x\0depends=virtio,virtio_ring\0name=virtio_blk\0"s) ==
          std::vector<std::string>{"virtio", "virtio_ring"});
    CHECK(moduleDepends("x\0depends=\0name=virtio\0"s).empty());
    CHECK(moduleDepends("no modinfo").empty());
}

TEST_CASE("virtio_pci and virtio_blk come after what they depend on, each once", "[mitigation-matrix]") {
    mmtp::TempDir dir("guest-modules-test");
    const fs::path mods = dir.path() / "kernel/lib/modules/6.1.0-9-cloud-amd64";
    writeModule(mods / "kernel/drivers/virtio/virtio.ko", "");
    writeModule(mods / "kernel/drivers/virtio/virtio_ring.ko", "");
    writeModule(mods / "kernel/drivers/virtio/virtio_pci_modern_dev.ko", "virtio");
    writeModule(mods / "kernel/drivers/virtio/virtio_pci.ko", "virtio_ring,virtio_pci_modern_dev,virtio");
    writeModule(mods / "kernel/drivers/block/virtio_blk.ko", "virtio,virtio_ring");
    writeModule(mods / "kernel/drivers/net/virtio_net.ko", "virtio");
    fs::create_directories(dir.path() / "kernel/boot");
    const fs::path image = dir.path() / "kernel/boot/vmlinuz-6.1.0-9-cloud-amd64";
    std::ofstream(image) << "image";
    CHECK(modulesDirOf(image) == mods);
    std::vector<std::string> at;
    for (const auto& m : scratchDiskModules(image)) {
        CHECK(m.from == mods / m.at.substr(std::string("lib/modules/6.1.0-9-cloud-amd64/").size()));
        at.push_back(m.at);
    }
    const std::string p = "lib/modules/6.1.0-9-cloud-amd64/kernel/drivers/";
    CHECK(at == std::vector<std::string>{p + "virtio/virtio_ring.ko", p + "virtio/virtio.ko",
                                         p + "virtio/virtio_pci_modern_dev.ko", p + "virtio/virtio_pci.ko",
                                         p + "block/virtio_blk.ko"});
}

TEST_CASE("a kernel without a modules folder (or with virtio built in) needs no modules", "[mitigation-matrix]") {
    mmtp::TempDir dir("guest-modules-test");
    std::ofstream(dir.path() / "vmlinuz-0.0-nothing") << "image";
    CHECK(modulesDirOf(dir.path() / "vmlinuz-0.0-nothing").empty());
    CHECK(scratchDiskModules(dir.path() / "vmlinuz-0.0-nothing").empty());
    CHECK(scratchDiskModules(dir.path() / "bzImage").empty());
    // Built in: modules.dep-less folder without the virtio modules.
    const fs::path mods = dir.path() / "k/lib/modules/7";
    writeModule(mods / "kernel/fs/ext4.ko", "");
    fs::create_directories(dir.path() / "k/boot");
    std::ofstream(dir.path() / "k/boot/vmlinuz-7") << "image";
    CHECK(scratchDiskModules(dir.path() / "k/boot/vmlinuz-7").empty());
}
