// warnings.hpp - what a stage could not use but did not stop for (a malformed
// line, a file it refused to read), as "FILE[:LINE]: what" for stderr.
#pragma once
#include <string>
#include <vector>

namespace mmtp::compare {

using Warnings = std::vector<std::string>;

}  // namespace mmtp::compare
