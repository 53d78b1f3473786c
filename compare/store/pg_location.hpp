// pg_location.hpp - a `--store postgresql://...` location read before libpq
// sees it: what to hand libpq, the name messages use (never the password),
// and every form the password may take in a message, so that no message,
// libpq's own included, prints it.
#pragma once
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct PgLocation {
    std::string conninfo;              // for libpq; "" for "postgresql:" alone (libpq's defaults and PG* variables)
    std::string display;               // scheme://[user[:***]@]host[:port][/db], parameters left out
    std::vector<std::string> secrets;  // the password raw and percent-decoded, ?password= values; longest first

    // message with every secret replaced by ***, and libpq's "invalid
    // percent-encoded token" (it echoes the token) cut to its first words.
    std::string redact(std::string message) const;
};

// postgresql:// or postgres:// URIs, or the scheme alone. Throws StoreError
// (naming the store without its password) for another form after the scheme
// or a user or password holding '/', '?', '#' or '@' (libpq would split the
// URI there and echo the pieces: they must be percent-encoded).
PgLocation parsePgLocation(const std::string& location);

}  // namespace mmtp::compare::store
