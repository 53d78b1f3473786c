// Shared body of the parser fuzz targets: the input becomes one log file in a
// scratch logs directory, which the parser under test then reads. Any crash,
// sanitizer report or uncaught exception is a finding, except the documented
// refusal of a file (InputError: past a read limit, corrupt compressed data).
#pragma once
#include "input/bounded_read.hpp"
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

// Writes the input as dir/name (creating dir).
inline void writeInput(const std::filesystem::path& file, const uint8_t* data, size_t size) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

inline int parseAsLog(const uint8_t* data, size_t size, const char* logName, mmtp::compare::ParseFn parse) {
    const auto& dir = scratchDir();
    writeInput(dir / logName, data, size);
    mmtp::compare::Warnings warnings;
    try {
        mmtp::compare::Rows rows = parse(dir, warnings);
        (void)rows;
    } catch (const mmtp::compare::InputError&) {
    }
    return 0;
}

}  // namespace fuzz
