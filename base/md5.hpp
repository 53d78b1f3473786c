// md5.hpp - MD5 (RFC 1321) as lowercase hex, for fingerprints that must match
// what `md5sum` printed (compare-kernels.sh's report.md5). Not for security.
#pragma once
#include <string>
#include <string_view>

namespace mmtp {

std::string md5Hex(std::string_view data);

}  // namespace mmtp
