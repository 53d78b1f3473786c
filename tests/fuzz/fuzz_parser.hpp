// Shared body of the parser fuzz targets: the input becomes one log file in a
// scratch logs directory, which the parser under test then reads. Any crash,
// sanitizer report or uncaught exception is a finding.
#pragma once
#include "parsers/parsers.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fuzz {

inline const std::filesystem::path& scratchDir() {
    static const std::filesystem::path dir = [] {
        std::string tmpl = (std::filesystem::temp_directory_path() / "mmtp-fuzz-XXXXXX").string();
        std::filesystem::path p = ::mkdtemp(tmpl.data());
        std::atexit([] { std::error_code ec; std::filesystem::remove_all(scratchDir(), ec); });
        return p;
    }();
    return dir;
}

inline int parseAsLog(const uint8_t* data, size_t size, const char* logName, mmtp::compare::ParseFn parse) {
    const auto& dir = scratchDir();
    {
        std::ofstream out(dir / logName, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    mmtp::compare::Warnings warnings;
    mmtp::compare::Rows rows = parse(dir, warnings);
    (void)rows;
    return 0;
}

}  // namespace fuzz
