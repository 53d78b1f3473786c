// mitigation_params.cpp - the table of mitigation boot parameters
// (mitigation_params.hpp). The values and state strings are those of
// arch/x86/kernel/cpu/bugs.c and kernel/cpu.c in 6.1 to 6.12 (Debian 12's
// 6.1 carries the SRSO, GDS, RFDS, BHI, ITS and TSA backports); the texts
// each value leaves were read off real boots of Debian's 6.1 where an
// emulated CPU can show them (tests/unit/.../fixtures/boots/).
#include "mitigation-matrix/mitigation_params.hpp"

namespace mmtp::matrix {
namespace {

// "X*": a mode that starts with X (the default's, whatever it picked).
constexpr std::string_view kAnyMitigation = "Mitigation:*";
constexpr std::string_view kAnyState = "*";

using Modes = std::vector<std::string_view>;

ValueEffect off(std::string_view file) { return {"off", file, {"Vulnerable", "Vulnerable, no microcode"}, {}, true}; }

// The parameters with a vulnerabilities file of their own and the usual
// off / full / full,nosmt values (MDS and its relatives).
MitigationParameter clearBuffers(std::string_view name, std::string_view prefix, std::string_view file) {
    return {name,
            prefix,
            "4.19-6.12: off, full, full,nosmt (a CPU without the bug ignores the parameter)",
            {off(file),
             {"full", file, {"Mitigation: Clear CPU buffers"}, {}, false},
             {"full,nosmt", file, {"Mitigation: Clear CPU buffers"}, {}, false}}};
}

std::vector<MitigationParameter> makeTable() {
    const Modes eibrs{"Mitigation: Enhanced IBRS", "Mitigation: Enhanced / Automatic IBRS"};
    const Modes eibrsRetpoline{"Mitigation: Enhanced IBRS + Retpolines",
                               "Mitigation: Enhanced / Automatic IBRS + Retpolines"};
    const Modes eibrsLfence{"Mitigation: Enhanced IBRS + LFENCE", "Mitigation: Enhanced / Automatic IBRS + LFENCE"};
    return {
        {"mitigations",
         "",
         "5.2-6.12: off, auto, auto,nosmt (strcmp: 'Off' is 'Unsupported mitigations=Off')",
         {{"off", "spectre_v2", {"Vulnerable"}, {}, true},
          {"auto", "spectre_v2", {kAnyMitigation}, {}, true},
          {"auto,nosmt", "spectre_v2", {kAnyMitigation}, {}, true}}},
        {"spectre_v2",
         "Spectre V2 : ",
         "4.15-6.12; eibrs* 5.17+, 'Enhanced / Automatic IBRS' 6.3+ (unknown: 'Switching to AUTO select')",
         {{"off", "spectre_v2", {"Vulnerable"}, {}, true},
          {"on", "spectre_v2", {kAnyMitigation}, {}, true},
          {"auto", "spectre_v2", {kAnyMitigation}, {}, true},
          {"retpoline", "spectre_v2", {"Mitigation: Retpolines"}, {}, false},
          {"retpoline,generic", "spectre_v2", {"Mitigation: Retpolines"}, {}, false},
          {"retpoline,lfence", "spectre_v2", {"Mitigation: LFENCE"}, {}, false},
          {"retpoline,amd", "spectre_v2", {"Mitigation: LFENCE"}, {}, false},
          {"eibrs", "spectre_v2", eibrs, {}, false},
          {"eibrs,retpoline", "spectre_v2", eibrsRetpoline, {}, false},
          {"eibrs,lfence", "spectre_v2", eibrsLfence, {}, false},
          {"ibrs", "spectre_v2", {"Mitigation: IBRS"}, {}, false}}},
        {"nospectre_v2", "Spectre V2 : ", "4.15-6.12", {{"", "spectre_v2", {"Vulnerable"}, {}, true}}},
        // Its state is in spectre_v2's IBPB and STIBP fields; a CPU with
        // neither (TCG's) leaves the user-space mode off whatever was asked.
        {"spectre_v2_user",
         "Spectre V2 : ",
         "4.20-6.12 (seccomp is prctl where the kernel has no seccomp)",
         {{"off", "spectre_v2", {}, {"IBPB: disabled", "STIBP: disabled"}, true},
          {"on", "spectre_v2", {}, {"IBPB: always-on", "STIBP: forced", "STIBP: always-on"}, false},
          {"prctl", "spectre_v2", {}, {"IBPB: conditional", "STIBP: conditional"}, false},
          {"prctl,ibpb", "spectre_v2", {}, {"IBPB: always-on"}, false},
          {"seccomp", "spectre_v2", {}, {"IBPB: conditional", "STIBP: conditional"}, false},
          {"seccomp,ibpb", "spectre_v2", {}, {"IBPB: always-on"}, false},
          {"auto", "spectre_v2", {kAnyState}, {}, true}}},
        {"spectre_bhi",
         "Spectre V2 : ",
         "6.9-6.12, 6.1.85+ (BHI: in spectre_v2's fields)",
         {{"off", "spectre_v2", {}, {"BHI: Vulnerable", "BHI: Not affected"}, true},
          {"on", "spectre_v2", {}, {"BHI: BHI_DIS_S", "BHI: SW loop, KVM: SW loop", "BHI: Retpoline"}, false}}},
        {"nospectre_v1",
         "Spectre V1 : ",
         "4.19-6.12",
         {{"", "spectre_v1", {"Vulnerable: __user pointer sanitization and usercopy barriers only"}, {}, true}}},
        {"retbleed",
         "RETBleed: ",
         "5.19-6.12: off, auto, nosmt, unret, ibpb; stuff 6.2+ (unknown: 'Ignoring unknown retbleed option')",
         {{"off", "retbleed", {"Vulnerable"}, {}, true},
          {"auto", "retbleed", {kAnyState}, {}, true},
          {"nosmt", "retbleed", {kAnyState}, {}, true},
          {"unret", "retbleed", {"Mitigation: untrained return thunk"}, {}, false},
          {"ibpb", "retbleed", {"Mitigation: IBPB"}, {}, false},
          {"stuff", "retbleed", {"Mitigation: Stuffing"}, {}, false}}},
        {"spec_rstack_overflow",
         "Speculative Return Stack Overflow: ",
         "6.5-6.12, 6.1.44+ (unknown: 'Ignoring unknown SRSO option')",
         {off("spec_rstack_overflow"),
          {"microcode", "spec_rstack_overflow", {"Mitigation: Microcode", "Vulnerable: Microcode, no safe RET"}, {}, false},
          {"safe-ret",
           "spec_rstack_overflow",
           {"Mitigation: safe RET", "Mitigation: Safe RET", "Mitigation: safe RET, no microcode",
            "Vulnerable: Safe RET, no microcode"},
           {},
           false},
          {"ibpb", "spec_rstack_overflow", {"Mitigation: IBPB"}, {}, false},
          {"ibpb-vmexit", "spec_rstack_overflow", {"Mitigation: IBPB on VMEXIT only"}, {}, false}}},
        clearBuffers("mds", "MDS: ", "mds"),
        clearBuffers("tsx_async_abort", "TAA: ", "tsx_async_abort"),
        clearBuffers("mmio_stale_data", "MMIO Stale Data: ", "mmio_stale_data"),
        {"gather_data_sampling",
         "GDS: ",
         "6.5-6.12, 6.1.45+: off, force",
         {off("gather_data_sampling"),
          {"force",
           "gather_data_sampling",
           {"Mitigation: AVX disabled, no microcode", "Mitigation: Microcode"},
           {},
           false}}},
        {"reg_file_data_sampling",
         "RFDS: ",
         "6.9-6.12, 6.1.82+: off, on",
         {off("reg_file_data_sampling"),
          {"on", "reg_file_data_sampling", {"Mitigation: Clear Register File"}, {}, false}}},
        {"spec_store_bypass_disable",
         "Speculative Store Bypass: ",
         "4.17-6.12: off, on, auto, prctl, seccomp",
         {off("spec_store_bypass"),
          {"on", "spec_store_bypass", {"Mitigation: Speculative Store Bypass disabled"}, {}, false},
          {"auto", "spec_store_bypass", {kAnyState}, {}, true},
          {"prctl", "spec_store_bypass", {"Mitigation: Speculative Store Bypass disabled via prctl"}, {}, false},
          {"seccomp",
           "spec_store_bypass",
           {"Mitigation: Speculative Store Bypass disabled via prctl and seccomp",
            "Mitigation: Speculative Store Bypass disabled via prctl"},
           {},
           false}}},
        {"nospec_store_bypass_disable",
         "Speculative Store Bypass: ",
         "4.17-6.12",
         {{"", "spec_store_bypass", {"Vulnerable"}, {}, true}}},
        {"pti",
         "",
         "4.15-6.12: on, off, auto (meltdown's file; on a CPU without Meltdown it says Not affected)",
         {{"on", "meltdown", {"Mitigation: PTI"}, {}, false},
          off("meltdown"),
          {"auto", "meltdown", {kAnyState}, {}, true}}},
        {"nopti", "", "4.15-6.12", {{"", "meltdown", {"Vulnerable"}, {}, true}}},
        {"srbds", "SRBDS: ", "5.8-6.12: off", {off("srbds")}},
        // Their other values' texts vary with the CPU and KVM: a row needs expect lines.
        {"l1tf",
         "L1TF: ",
         "4.18-6.12: off, flush, flush,nosmt, flush,nowarn, full, full,force (all need expect lines: PTE "
         "inversion stays on, the VMX part depends on KVM)",
         {{"off", "l1tf", {}, {}, false},
          {"flush", "l1tf", {}, {}, false},
          {"flush,nosmt", "l1tf", {}, {}, false},
          {"flush,nowarn", "l1tf", {}, {}, false},
          {"full", "l1tf", {}, {}, false},
          {"full,force", "l1tf", {}, {}, false}}},
        {"indirect_target_selection", "ITS: ", "6.15+, 6.1.140+: off (others need expect lines)",
         {off("indirect_target_selection")}},
        {"tsa", "Transient Scheduler Attacks: ", "6.16+, 6.1.146+: off (others need expect lines)", {off("tsa")}},
    };
}

bool modeMatches(std::string_view pattern, std::string_view mode) {
    if (!pattern.empty() && pattern.back() == '*') return mode.substr(0, pattern.size() - 1) == pattern.substr(0, pattern.size() - 1);
    return mode == pattern;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) s.remove_suffix(1);
    return s;
}

}  // namespace

const std::vector<MitigationParameter>& mitigationParameters() {
    static const std::vector<MitigationParameter> table = makeTable();
    return table;
}

BootParameter splitParameter(const std::string& word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) return {word, "", false};
    return {word.substr(0, eq), word.substr(eq + 1), true};
}

const MitigationParameter* findParameter(std::string_view name) {
    for (const auto& p : mitigationParameters())
        if (p.name == name) return &p;
    return nullptr;
}

const ValueEffect* findEffect(const BootParameter& bp) {
    const MitigationParameter* p = findParameter(bp.name);
    if (!p) return nullptr;
    for (const auto& v : p->values)
        if (v.value == bp.value && (v.value.empty() != bp.hasValue))
            return v.modes.empty() && v.fields.empty() ? nullptr : &v;
    return nullptr;
}

bool showsEffect(const ValueEffect& effect, const std::string& fileText) {
    const std::string_view text = trimmed(fileText);
    if (text == "Not affected") return effect.offValue;
    const std::string_view mode = trimmed(text.substr(0, text.find(';')));
    for (const auto pattern : effect.modes)
        if (modeMatches(pattern, mode)) return true;
    for (std::size_t at = 0; at < text.size();) {
        const auto end = std::min(text.find(';', at), text.size());
        const std::string_view field = trimmed(text.substr(at, end - at));
        for (const auto want : effect.fields)
            if (field == want) return true;
        at = end + 1;
    }
    return false;
}

std::string valueList(const MitigationParameter& p) {
    std::string out;
    for (const auto& v : p.values) {
        if (v.value.empty()) continue;
        out += (out.empty() ? "" : ", ") + std::string(v.value);
    }
    return out;
}

}  // namespace mmtp::matrix
