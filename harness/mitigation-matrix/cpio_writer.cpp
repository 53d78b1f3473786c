// cpio_writer.cpp - newc cpio entries (cpio_writer.hpp).
#include "mitigation-matrix/cpio_writer.hpp"

#include <cstdio>

namespace mmtp::matrix {
namespace {
void pad4(std::string& s) {
    while (s.size() % 4) s += '\0';
}
}  // namespace

void CpioWriter::entry(const std::string& path, unsigned mode, const std::string& data) {
    char header[111];
    const unsigned fields[] = {
        nextInode_++, mode, 0, 0, 1, 0, unsigned(data.size()), 0, 0, 0, 0, unsigned(path.size() + 1), 0};
    int n = std::snprintf(header, sizeof header, "070701");
    for (unsigned f : fields) n += std::snprintf(header + n, sizeof header - std::size_t(n), "%08X", f);
    out_.append(header, std::size_t(n));
    out_ += path;
    out_ += '\0';
    pad4(out_);
    out_ += data;
    pad4(out_);
}

void CpioWriter::directory(const std::string& path) { entry(path, 040755, ""); }

void CpioWriter::file(const std::string& path, const std::string& bytes, bool executable) {
    entry(path, executable ? 0100755 : 0100644, bytes);
}

void CpioWriter::symlink(const std::string& path, const std::string& target) { entry(path, 0120777, target); }

std::string CpioWriter::finish() {
    entry("TRAILER!!!", 0, "");
    return std::move(out_);
}

}  // namespace mmtp::matrix
