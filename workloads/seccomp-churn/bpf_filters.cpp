#include "seccomp-churn/bpf_filters.hpp"

#include <cstddef>
#include <linux/seccomp.h>
#include <stdexcept>
#include <sys/syscall.h>

namespace mmtp::seccompchurn {
namespace {

constexpr std::uint32_t kNrOffset = offsetof(seccomp_data, nr);

sock_filter stmt(std::uint16_t code, std::uint32_t k) { return sock_filter{code, 0, 0, k}; }
sock_filter jeq(std::uint32_t k, std::uint8_t jt, std::uint8_t jf) {
    return sock_filter{static_cast<std::uint16_t>(BPF_JMP | BPF_JEQ | BPF_K), jt, jf, k};
}
sock_filter loadNr() { return stmt(BPF_LD | BPF_W | BPF_ABS, kNrOffset); }
sock_filter ret(std::uint32_t action) { return stmt(BPF_RET | BPF_K, action); }

// "if nr == syscall return action" (two instructions).
void addMatch(BpfProgram& p, std::uint32_t nr, std::uint32_t action) {
    p.push_back(jeq(nr, 0, 1));
    p.push_back(ret(action));
}

}  // namespace

BpfProgram allowAllFilter(std::size_t n) { return BpfProgram(n, ret(SECCOMP_RET_ALLOW)); }

BpfProgram allowListFilter(bool allowWrite) {
    BpfProgram p{loadNr()};
    addMatch(p, SYS_open, SECCOMP_RET_ALLOW);
    addMatch(p, SYS_openat, SECCOMP_RET_ALLOW);
    if (allowWrite) addMatch(p, SYS_write, SECCOMP_RET_ALLOW);
    addMatch(p, SYS_close, SECCOMP_RET_ALLOW);
    addMatch(p, SYS_exit_group, SECCOMP_RET_ALLOW);
    addMatch(p, SYS_set_robust_list, SECCOMP_RET_ALLOW);
    p.push_back(ret(SECCOMP_RET_TRAP));
    return p;
}

BpfProgram randomFilter(std::uint32_t seed) {
    BpfProgram p;
    std::uint32_t x = seed ? seed : 0x9e3779b9u;
    for (int i = 0; i < 64; ++i) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;  // xorshift32
        p.push_back(stmt(static_cast<std::uint16_t>(x), SECCOMP_RET_KILL));
    }
    return p;
}

BpfProgram sizedTrapFilter(std::size_t insns) {
    if (insns < kMinRawInsns || insns > kMaxInsns)
        throw std::invalid_argument("raw filter size out of range");
    BpfProgram p{loadNr()};
    addMatch(p, SYS_getppid, SECCOMP_RET_TRAP);
    // Syscall numbers far above any real one: these compares never match but
    // the kernel still has to check and JIT every one of them.
    std::uint32_t dummy = 0x3fff0000u;
    while (p.size() + 2 <= insns - 1) addMatch(p, dummy++, SECCOMP_RET_ERRNO | 1 /* EPERM */);
    if (p.size() < insns - 1) p.push_back(loadNr());
    p.push_back(ret(SECCOMP_RET_ALLOW));
    return p;
}

std::uint32_t evaluateForSyscall(const BpfProgram& prog, int nr) {
    std::uint32_t acc = 0;
    for (std::size_t pc = 0; pc < prog.size(); ++pc) {
        const sock_filter& f = prog[pc];
        switch (f.code) {
        case BPF_LD | BPF_W | BPF_ABS:
            if (f.k != kNrOffset) throw std::invalid_argument("unsupported load");
            acc = static_cast<std::uint32_t>(nr);
            break;
        case BPF_JMP | BPF_JEQ | BPF_K: pc += (acc == f.k) ? f.jt : f.jf; break;
        case BPF_RET | BPF_K: return f.k;
        default: throw std::invalid_argument("unsupported opcode");
        }
    }
    throw std::invalid_argument("program falls off the end");
}

}  // namespace mmtp::seccompchurn
