// content_hash.hpp - the store's content address: SHA-256 as lowercase hex
// (a tree is untrusted, so the address must not be forgeable as MD5's is).
#pragma once
#include <string>
#include <string_view>

namespace mmtp::compare::store {

std::string sha256Hex(std::string_view data);

}  // namespace mmtp::compare::store
