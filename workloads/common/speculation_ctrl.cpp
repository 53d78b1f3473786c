#include "common/speculation_ctrl.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/prctl.h>

namespace mmtp {

namespace {
#ifndef PR_GET_SPECULATION_CTRL
constexpr int PR_GET_SPECULATION_CTRL = 52;
constexpr int PR_SET_SPECULATION_CTRL = 53;
#endif
}  // namespace

std::string describeSpecMask(int mask) {
    if (mask < 0) return "invalid(" + std::to_string(mask) + ")";
    if (mask == 0) return "NOT_AFFECTED";
    static constexpr struct { int bit; const char* name; } kBits[] = {
        {spec::kPrctl, "PRCTL"},
        {spec::kEnable, "ENABLE"},
        {spec::kDisable, "DISABLE"},
        {spec::kForceDisable, "FORCE_DISABLE"},
        {spec::kDisableNoexec, "DISABLE_NOEXEC"},
    };
    std::string out;
    int rest = mask;
    for (const auto& b : kBits) {
        if (mask & b.bit) {
            if (!out.empty()) out += '|';
            out += b.name;
            rest &= ~b.bit;
        }
    }
    if (rest) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%x", static_cast<unsigned>(rest));
        if (!out.empty()) out += '|';
        out += hex;
    }
    return out;
}

std::string describe(const SpecState& s) {
    if (s.error) return std::string("error: ") + std::strerror(s.error);
    return describeSpecMask(s.mask);
}

SpecState getSpeculationCtrl(SpecFeature f) {
    errno = 0;
    int r = ::prctl(PR_GET_SPECULATION_CTRL, static_cast<unsigned long>(f), 0UL, 0UL, 0UL);
    if (r < 0) return SpecState{-1, errno ? errno : EINVAL};
    return SpecState{r, 0};
}

int setSpeculationCtrl(SpecFeature f, int value) {
    if (::prctl(PR_SET_SPECULATION_CTRL, static_cast<unsigned long>(f),
                static_cast<unsigned long>(value), 0UL, 0UL) != 0)
        return errno ? errno : EINVAL;
    return 0;
}

std::string noPerTaskIbControlHint(const SpecState& seen) {
    return "no per-task indirect-branch speculation control: PR_GET_SPECULATION_CTRL "
           "returned " + describe(seen) + " (mask " + std::to_string(seen.mask) +
           ") without PRCTL; boot with spectre_v2_user=prctl (or =seccomp) to get it";
}

}  // namespace mmtp
