// mitigation_params.hpp - every x86 mitigation boot parameter the matrix
// verifies by itself: its values (case-sensitive, as the kernel compares
// them) and the state each value leaves in /sys/devices/system/cpu/
// vulnerabilities, so a boot is accepted on what the kernel says it did,
// not on the absence of a refusal. docs/mitigation-parameters.md is the
// same table for people.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::matrix {

// What one value of a parameter shows when the kernel took it.
struct ValueEffect {
    std::string_view value;  // "" for a flag (nopti)
    std::string_view file;   // the vulnerabilities file it shows in
    // The file's mode (its text before the first ';') is one of these; or,
    // when `fields` is set, one of its ';'-separated fields is. Empty both:
    // the value sets no state of its own to check (a row needs `expect =`).
    std::vector<std::string_view> modes;
    std::vector<std::string_view> fields;
    bool offValue = false;  // "Not affected" also shows it: there is nothing to turn off
};

struct MitigationParameter {
    std::string_view name;
    std::string_view dmesgPrefix;  // pr_fmt of its lines ("RETBleed: "), quoted when it refuses
    std::string_view kernels;      // where the values come from, for the docs
    std::vector<ValueEffect> values;
};

const std::vector<MitigationParameter>& mitigationParameters();

// A word of a command line: "retbleed=ibpb" -> {retbleed, ibpb}; "nopti" -> {nopti, ""}.
struct BootParameter {
    std::string name;
    std::string value;
    bool hasValue = false;
};
BootParameter splitParameter(const std::string& word);

// The table's parameter of that name, if it has one.
const MitigationParameter* findParameter(std::string_view name);
// The effect of that parameter's value, if the table knows both and the
// value shows a state (nullptr: the row's own expect lines must verify it).
const ValueEffect* findEffect(const BootParameter& p);

// Does the vulnerabilities file's text show the value's effect?
bool showsEffect(const ValueEffect& effect, const std::string& fileText);

// The parameter's accepted values, comma-separated, for messages.
std::string valueList(const MitigationParameter& p);

}  // namespace mmtp::matrix
