// guest_check.cpp - the boot check before the workload (guest_check.hpp).
#include "mitigation-matrix/guest_check.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "mitigation-matrix/boot_files.hpp"
#include "mitigation-matrix/tree_import.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// Evidence files are small; dmesg of a big machine is the largest.
constexpr std::streamsize kMaxEvidenceBytes = 16 << 20;

std::string readEvidence(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot read " + file.string());
    std::string text(std::size_t(kMaxEvidenceBytes), '\0');
    in.read(text.data(), kMaxEvidenceBytes);
    text.resize(std::size_t(in.gcount()));
    return text;
}

// One value a line: a newline in a value would forge the next key.
std::string oneLine(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '\n' || c == '\r' ? ' ' : c;
    return out;
}

}  // namespace

std::string rowCheckText(const MatrixRow& row, const KernelIdentity& kernel) {
    std::ostringstream out;
    out << "row " << oneLine(row.name) << "\n"
        << "release " << oneLine(kernel.release) << "\n"
        << "cmdline " << oneLine(row.cmdline) << "\n";
    for (const auto& e : row.expect) out << "expect " << oneLine(e.file) << ": " << oneLine(e.prefix) << "\n";
    for (const auto& d : row.expectDmesg) out << "expect-dmesg " << oneLine(d) << "\n";
    return out.str();
}

RowCheck parseRowCheck(const std::string& text) {
    RowCheck c;
    std::istringstream in(text);
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        ++n;
        const auto space = line.find(' ');
        const std::string key = line.substr(0, space);
        const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
        if (key == "row") c.row.name = value;
        else if (key == "release") c.kernel.release = value;
        else if (key == "cmdline") c.row.cmdline = value;
        else if (key == "expect-dmesg") c.row.expectDmesg.push_back(value);
        else if (key == "expect" && value.find(": ") != std::string::npos)
            c.row.expect.push_back({value.substr(0, value.find(": ")), value.substr(value.find(": ") + 2)});
        else throw Error("row check line " + std::to_string(n) + ": cannot read '" + escapeControls(line) + "'");
    }
    return c;
}

std::optional<std::string> checkBoot(const RowCheck& check, const BootEvidence& evidence) {
    if (auto why = wrongKernel(check.kernel, evidence.release)) return why;
    return rejection(check.row, evidence);
}

int guestCheckMain(int argc, char** argv) {
    // Every program built from workloads/ answers this; the check reads no config variable.
    if (argc == 2 && std::string(argv[1]) == "--print-variables") return 0;
    if (argc != 3) {
        std::cerr << "usage: matrix-boot-check CHECK-FILE EVIDENCE-DIR" << std::endl;
        return 2;
    }
    try {
        const RowCheck check = parseRowCheck(readEvidence(argv[1]));
        BootFiles files;
        for (const char* name : {"boot-id", "release", "cmdline", "vulnerabilities", "dmesg"})
            files.files.push_back({std::string("boot/") + name, readEvidence(fs::path(argv[2]) / name)});
        const auto why = checkBoot(check, evidenceFrom(files));
        std::cout << (why ? "rejected: " + *why : std::string("accepted")) << std::endl;
        return why ? 1 : 0;
    } catch (const std::exception& e) {
        std::cerr << "matrix-boot-check: " << escapeControls(e.what()) << std::endl;
        return 2;
    }
}

}  // namespace mmtp::matrix
