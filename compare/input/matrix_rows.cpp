// matrix_rows.cpp - a matrix's asked and missing columns (matrix_rows.hpp).
#include "input/matrix_rows.hpp"

#include "base/terminal_text.hpp"
#include "input/log_files.hpp"

namespace fs = std::filesystem;

namespace mmtp::compare {
namespace {

constexpr std::size_t kMaxRows = 64;
constexpr std::size_t kMaxLineChars = 400;

struct RowLine {
    std::string name, status, rest;
};

bool parse(const std::string& line, RowLine& out) {
    if (line.rfind("row ", 0) != 0) return false;
    const auto nameEnd = line.find(' ', 4);
    if (nameEnd == std::string::npos) return false;
    const auto statusEnd = line.find(' ', nameEnd + 1);
    out.name = escapeControls(line.substr(4, nameEnd - 4));
    out.status = line.substr(nameEnd + 1, statusEnd == std::string::npos ? std::string::npos : statusEnd - nameEnd - 1);
    out.rest = statusEnd == std::string::npos ? "" : escapeControls(line.substr(statusEnd + 1, kMaxLineChars));
    return true;
}

}  // namespace

std::vector<std::string> matrixRowNotes(const fs::path& logDir, Warnings& warnings) {
    const fs::path file = logDir / kMatrixRowsFile;
    if (!fs::exists(fs::symlink_status(file))) return {};
    const auto text = readLogOrWarn(file, warnings);
    if (!text) return {};
    std::vector<RowLine> rows;
    for (const std::string& line : splitLines(*text)) {
        RowLine r;
        if (rows.size() < kMaxRows && parse(line, r)) rows.push_back(r);
    }
    std::vector<std::string> notes;
    std::string asked;
    for (const RowLine& r : rows) {
        asked += (asked.empty() ? "" : ", ") + r.name;
        if (r.status != "accepted") notes.push_back("  " + r.name + " " + escapeControls(r.status) + ": " + r.rest);
    }
    if (notes.empty()) return {};
    notes.insert(notes.begin(), "the matrix asked for " + std::to_string(rows.size()) + " rows (" + asked + "); " +
                                    std::to_string(notes.size()) + " not in this tree:");
    return notes;
}

}  // namespace mmtp::compare
