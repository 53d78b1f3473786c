// boot_check.cpp - a boot's state against its row (boot_check.hpp).
#include "mitigation-matrix/boot_check.hpp"

#include "base/terminal_text.hpp"

#include <array>
#include <sstream>
#include <string_view>

namespace mmtp::matrix {
namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// How Linux says it did not take a boot parameter: the mitigation parsers'
// "Ignoring unknown ... option", "Unknown kernel command line parameters"
// (init/main.c), "Malformed early option", "invalid/unknown option" wording.
constexpr std::array kIgnoredParameter{"Ignoring unknown",       "Unknown kernel command line parameter",
                                       "Malformed early option", "unknown option",
                                       "Unknown option",         "invalid option",
                                       "Invalid option"};

constexpr std::array kMitigationWords{"Spectre",     "RETBleed", "Retbleed",   "Mitigation", "mitigation",
                                      "MDS:",        "TAA:",     "MMIO Stale", "SRBDS",      "GDS:",
                                      "Speculative", "SRSO",     "ITS:",       "RFDS",       "Register File",
                                      "BHI",         "IBRS",     "IBPB",       "retbleed",   "spectre"};

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::optional<std::string> ignoredParameterLine(const std::vector<std::string>& dmesg) {
    for (const auto& line : dmesg)
        for (const char* marker : kIgnoredParameter)
            if (contains(line, marker)) return line;
    return std::nullopt;
}

// Printable for a one-line reason and the state file.
std::string inQuotes(const std::string& s) { return "\"" + escapeControls(s) + "\""; }

}  // namespace

std::map<std::string, std::string> parseVulnerabilities(const std::string& grepOutput) {
    std::map<std::string, std::string> out;
    std::istringstream in(grepOutput);
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string path = line.substr(0, colon);
        out[path.substr(path.find_last_of('/') + 1)] = line.substr(colon + 1);
    }
    return out;
}

std::vector<std::string> mitigationLines(const std::vector<std::string>& dmesg) {
    std::vector<std::string> out;
    for (const auto& line : dmesg) {
        bool hit = false;
        for (const char* w : kMitigationWords) hit = hit || contains(line, w);
        for (const char* w : kIgnoredParameter) hit = hit || contains(line, w);
        if (hit || contains(line, "Command line:")) out.push_back(line);
    }
    return out;
}

std::optional<std::string> rejection(const MatrixRow& row, const BootEvidence& boot) {
    if (auto line = ignoredParameterLine(boot.dmesg))
        return "the kernel ignored a boot parameter: dmesg " + inQuotes(*line);
    const auto have = words(boot.cmdline);
    for (const auto& w : words(row.cmdline)) {
        bool found = false;
        for (const auto& h : have) found = found || h == w;
        if (!found) return "/proc/cmdline lacks " + inQuotes(w) + ": " + inQuotes(boot.cmdline);
    }
    for (const auto& e : row.expect) {
        const auto it = boot.vulnerabilities.find(e.file);
        if (it == boot.vulnerabilities.end())
            return "vulnerabilities/" + escapeControls(e.file) + " is missing (want " + inQuotes(e.prefix) + ")";
        if (it->second.rfind(e.prefix, 0) != 0)
            return "vulnerabilities/" + escapeControls(e.file) + " is " + inQuotes(it->second) + ", want " +
                   inQuotes(e.prefix + "...");
    }
    for (const auto& want : row.expectDmesg) {
        bool found = false;
        for (const auto& line : boot.dmesg) found = found || contains(line, want);
        if (!found) return "no dmesg line holds " + inQuotes(want);
    }
    return std::nullopt;
}

std::string bootRecordText(const MatrixRow& row, int bootNumber, const BootEvidence& boot,
                           const std::optional<std::string>& rejected) {
    std::ostringstream out;
    out << "row: " << row.name << "\n"
        << "boot: " << bootNumber << "\n"
        << "verdict: " << (rejected ? "rejected: " + *rejected : std::string("accepted")) << "\n"
        << "boot-id: " << escapeControls(boot.bootId) << "\n"
        << "uname-r: " << escapeControls(boot.release) << "\n"
        << "cmdline: " << escapeControls(boot.cmdline) << "\n";
    for (const auto& [file, text] : boot.vulnerabilities)
        out << "vulnerabilities/" << escapeControls(file) << ": " << escapeControls(text) << "\n";
    for (const auto& line : mitigationLines(boot.dmesg)) out << "dmesg: " << escapeControls(line) << "\n";
    return out.str();
}

}  // namespace mmtp::matrix
