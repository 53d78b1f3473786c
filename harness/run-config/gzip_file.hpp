// gzip_file.hpp - compress a finished log the way MMTests does (`gzip -f`),
// so FILE becomes FILE.gz with gzip's own header and nothing is left half-done.
#pragma once
#include <filesystem>

namespace mmtp::runconfig {

// Runs `gzip -f FILE`; throws Error naming FILE if gzip fails.
void gzipFile(const std::filesystem::path& file);

}  // namespace mmtp::runconfig
