// bounded_json.hpp - JSON from a tree or a file the user named, parsed with
// bounds on nesting and on the number of values, checked while nlohmann
// builds the tree: 32 MiB of '[' cost 2.2 GB as a json tree, and a few KB
// compressed expand to that.
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mmtp::compare {

struct JsonBounds {
    int depth;           // nesting levels
    std::size_t values;  // values, objects and arrays
    std::string name;    // "the import limit": named in the error
};

// Thrown when text passes a bound: "WHERE: JSON nested deeper than N levels
// (NAME); not read" or "WHERE: more than N JSON values (NAME); not read".
struct JsonBoundError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The parsed text. Throws JsonBoundError past a bound (before the tree grows
// further) and nlohmann::json::exception when the text is not JSON.
nlohmann::json parseBoundedJson(std::string_view text, const JsonBounds& bounds, const std::string& where);

}  // namespace mmtp::compare
