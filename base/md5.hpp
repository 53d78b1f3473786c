// md5.hpp - MD5 (RFC 1321) as lowercase hex, for fingerprints that must match
// what `md5sum` printed (compare-kernels.sh's report.md5). Not for security.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mmtp {

std::string md5Hex(std::string_view data);

// The same digest fed in pieces (a file read in blocks, never held whole).
class Md5 {
public:
    void update(std::string_view data);
    std::string hex();  // the digest of everything fed; the object is spent

private:
    std::array<std::uint32_t, 4> h_ = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    unsigned char buffered_[64] = {};
    std::size_t bufferedSize_ = 0;
    std::uint64_t total_ = 0;
};

}  // namespace mmtp
