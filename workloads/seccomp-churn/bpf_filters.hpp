// bpf_filters.hpp - the classic-BPF seccomp programs the child attaches.
// Built once per worker, before its fork loop, so the measured child only
// passes pointers to seccomp(2).
#pragma once
#include <cstdint>
#include <linux/filter.h>
#include <vector>

namespace mmtp::seccompchurn {

using BpfProgram = std::vector<sock_filter>;

// n copies of "return ALLOW" (stress-ng's size-search filter).
BpfProgram allowAllFilter(std::size_t n);

// stress-ng's final filter: allow open, openat, [write], close, exit_group,
// set_robust_list; everything else returns SECCOMP_RET_TRAP (SIGSYS).
BpfProgram allowListFilter(bool allowWrite);

// 64 statements with random opcodes returning KILL: the kernel's checker
// (almost) always rejects it, so the recipe falls back to allowListFilter(false).
BpfProgram randomFilter(std::uint32_t seed);

// Exactly `insns` instructions (>= kMinRawInsns): getppid() traps, a chain of
// never-matching syscall-number compares returning EPERM pads the program to
// size, everything else is allowed.
inline constexpr std::size_t kMinRawInsns = 4;
inline constexpr std::size_t kMaxInsns = 4096;  // BPF_MAXINSNS
BpfProgram sizedTrapFilter(std::size_t insns);

// Interprets a classic seccomp program for one syscall number the way the
// kernel would (only the opcodes these builders emit); returns the action.
// Used by the unit tests to check the filters mean what they say.
std::uint32_t evaluateForSyscall(const BpfProgram& prog, int nr);

}  // namespace mmtp::seccompchurn
