// cpio_writer.hpp - an initramfs in the kernel's "newc" cpio format
// (Documentation/driver-api/early-userspace/buffer-format.rst): headers of
// 13 hex fields, names and data padded to 4 bytes, a TRAILER!!! entry.
#pragma once
#include <string>

namespace mmtp::matrix {

class CpioWriter {
public:
    void directory(const std::string& path);  // 0755
    void file(const std::string& path, const std::string& bytes, bool executable);
    void symlink(const std::string& path, const std::string& target);
    // The archive, ended by the trailer.
    std::string finish();

private:
    void entry(const std::string& path, unsigned mode, const std::string& data);
    std::string out_;
    unsigned nextInode_ = 1;
};

}  // namespace mmtp::matrix
