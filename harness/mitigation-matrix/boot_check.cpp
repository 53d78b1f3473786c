// boot_check.cpp - a boot's state against its row (boot_check.hpp).
#include "mitigation-matrix/boot_check.hpp"

#include "base/terminal_text.hpp"
#include "mitigation-matrix/mitigation_params.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <string_view>

namespace mmtp::matrix {
namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// How Linux says it did not take (or not wholly take) a boot parameter:
// the mitigation parsers' "Ignoring unknown ... option" and "Switching to
// AUTO select", kernel/cpu.c's "Unsupported mitigations=", "WARNING: CPU
// does not support IBPB", "not compiled in", "Malformed early option".
constexpr std::array kRefusal{"Ignoring",       "Unsupported",    "WARNING",        "Switching to",
                              "Defaulting to",  "not compiled",   "unknown option", "Unknown option",
                              "invalid option", "Invalid option", "does not support", "doesn't have",
                              "Malformed early option"};
// init/main.c lists what no __setup/early_param claimed; 6.1 lists
// spectre_v2= and friends there too (read with cmdline_find_option), so it
// refuses only a parameter the table cannot show by its effect.
constexpr std::string_view kUnknownParameters = "Unknown kernel command line parameters";

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

bool refuses(std::string_view line) {
    return std::any_of(kRefusal.begin(), kRefusal.end(), [&](const char* r) { return contains(line, r); });
}

// Printable for a one-line reason and the state file.
std::string inQuotes(const std::string& s) { return "\"" + escapeControls(s) + "\""; }

// A refusal line about this parameter: one of its own subsystem's lines
// (pr_fmt "RETBleed: "), or one that names it.
std::optional<std::string> refusalAbout(const BootParameter& p, const std::vector<std::string>& dmesg) {
    const MitigationParameter* known = findParameter(p.name);
    const std::string name = lower(p.name);
    for (const auto& line : dmesg) {
        if (!refuses(line)) continue;
        const bool ownSubsystem = known && !known->dmesgPrefix.empty() && contains(line, known->dmesgPrefix) &&
                                  contains(lower(line), lower(p.value.empty() ? p.name : p.value));
        if (ownSubsystem || contains(lower(line), name)) return line;
    }
    return std::nullopt;
}

// The kernel's words and init's (after "--") of /proc/cmdline.
struct CommandLine {
    std::vector<std::string> kernel, init;
};

CommandLine splitCommandLine(const std::string& cmdline) {
    CommandLine out;
    bool forInit = false;
    for (auto& w : words(cmdline)) {
        if (!forInit && w == "--") forInit = true;
        else (forInit ? out.init : out.kernel).push_back(std::move(w));
    }
    return out;
}

// The row's word must be the kernel's: present before "--", and the last of
// its name there (a later retbleed=off overrides an earlier retbleed=ibpb).
std::optional<std::string> cmdlineProblem(const std::string& word, const CommandLine& cmd, const std::string& raw) {
    const std::string name = splitParameter(word).name;
    const std::string* last = nullptr;
    for (const auto& w : cmd.kernel)
        if (splitParameter(w).name == name) last = &w;
    if (last && *last == word) return std::nullopt;
    if (last) return "a later " + inQuotes(*last) + " in /proc/cmdline overrides " + inQuotes(word);
    if (std::find(cmd.init.begin(), cmd.init.end(), word) != cmd.init.end())
        return inQuotes(word) + " follows \"--\" in /proc/cmdline, so the kernel passed it to init: " + inQuotes(raw);
    return "/proc/cmdline lacks " + inQuotes(word) + ": " + inQuotes(raw);
}

std::string wanted(const ValueEffect& e) {
    std::string out;
    for (const auto& list : {e.modes, e.fields})
        for (const auto w : list) out += (out.empty() ? "" : " or ") + inQuotes(std::string(w));
    return out;
}

bool dmesgNames(const std::vector<std::string>& dmesg, std::string_view what) {
    return std::any_of(dmesg.begin(), dmesg.end(), [&](const std::string& l) { return contains(l, what); });
}

// A parameter the table knows the effect of: that effect must show.
std::optional<std::string> effectProblem(const std::string& word, const BootParameter& p, const ValueEffect& effect,
                                         const BootEvidence& boot) {
    const std::string file(effect.file);
    const auto it = boot.vulnerabilities.find(file);
    if (it == boot.vulnerabilities.end())
        return word + ": vulnerabilities/" + file + " is missing, so its effect cannot be seen";
    if (showsEffect(effect, it->second)) return std::nullopt;
    std::string why = word + " is not in effect: vulnerabilities/" + file + " is " + inQuotes(it->second);
    if (it->second == "Not affected")
        why += " (this CPU lacks the bug: the row would measure the default)";
    else
        why += ", want " + wanted(effect);
    if (auto line = refusalAbout(p, boot.dmesg)) why += "; dmesg " + inQuotes(*line);
    return why;
}

// A parameter the table does not show by effect (an unknown value, or one
// outside the table): the row's expect lines verify it, and any line of
// the kernel refusing it rejects the boot.
std::optional<std::string> refusalProblem(const std::string& word, const BootParameter& p, const BootEvidence& boot) {
    if (auto line = refusalAbout(p, boot.dmesg)) return "the kernel did not take " + word + ": dmesg " + inQuotes(*line);
    if (findParameter(p.name)) return std::nullopt;
    for (const auto& line : boot.dmesg)
        if (contains(line, kUnknownParameters) && contains(line, word))
            return "the kernel did not take " + word + ": dmesg " + inQuotes(line);
    return std::nullopt;
}

std::optional<std::string> expectationProblem(const MatrixRow& row, const BootEvidence& boot) {
    for (const auto& e : row.expect) {
        const auto it = boot.vulnerabilities.find(e.file);
        if (it == boot.vulnerabilities.end())
            return "vulnerabilities/" + escapeControls(e.file) + " is missing (want " + inQuotes(e.prefix) + ")";
        if (it->second.rfind(e.prefix, 0) != 0)
            return "vulnerabilities/" + escapeControls(e.file) + " is " + inQuotes(it->second) + ", want " +
                   inQuotes(e.prefix + "...");
    }
    for (const auto& want : row.expectDmesg)
        if (!dmesgNames(boot.dmesg, want)) return "no dmesg line holds " + inQuotes(want);
    return std::nullopt;
}

// The row's own words: the kernel's ("--" and init's words are not parameters).
std::vector<std::string> rowParameters(const MatrixRow& row) {
    std::vector<std::string> out;
    for (auto& w : words(row.cmdline))
        if (w != "--") out.push_back(std::move(w));
    return out;
}

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
        bool hit = refuses(line) || contains(line, kUnknownParameters) || contains(line, "Command line:");
        for (const char* w : kMitigationWords) hit = hit || contains(line, w);
        if (hit) out.push_back(line);
    }
    return out;
}

std::optional<std::string> rejection(const MatrixRow& row, const BootEvidence& boot) {
    const CommandLine cmd = splitCommandLine(boot.cmdline);
    const auto params = rowParameters(row);
    for (const auto& w : params)
        if (auto why = cmdlineProblem(w, cmd, boot.cmdline)) return why;
    for (const auto& w : params) {
        const BootParameter p = splitParameter(w);
        const ValueEffect* effect = findEffect(p);
        if (auto why = effect ? effectProblem(w, p, *effect, boot) : refusalProblem(w, p, boot)) return why;
    }
    return expectationProblem(row, boot);
}

std::optional<std::string> unverifiableParameter(const MatrixRow& row) {
    if (!row.expect.empty() || !row.expectDmesg.empty()) return std::nullopt;
    for (const auto& w : rowParameters(row)) {
        const BootParameter p = splitParameter(w);
        if (findEffect(p)) continue;
        const MitigationParameter* known = findParameter(p.name);
        return w + ": the matrix cannot tell by itself whether the kernel took it (" +
               (known ? std::string(p.name) + " values it can: " + valueList(*known)
                      : std::string("not a mitigation parameter it knows")) +
               "; docs/mitigation-parameters.md): add an 'expect = FILE: TEXT' line that shows it";
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
