// The classic-BPF programs seccomp-churn attaches mean what they claim.
#include <catch2/catch.hpp>

#include "seccomp-churn/bpf_filters.hpp"
#include "seccomp-churn/recipe.hpp"

#include <linux/seccomp.h>
#include <sys/syscall.h>

using namespace mmtp::seccompchurn;

TEST_CASE("stress-ng's final filter allows open/openat/close/exit_group and traps the rest") {
    const BpfProgram deny = allowListFilter(false);
    const BpfProgram allow = allowListFilter(true);
    CHECK(deny.size() == 12);   // the 12-instruction filter without write
    CHECK(allow.size() == 14);  // the 14-instruction one with write
    for (int nr : {SYS_open, SYS_openat, SYS_close, SYS_exit_group, SYS_set_robust_list}) {
        CHECK(evaluateForSyscall(deny, nr) == SECCOMP_RET_ALLOW);
        CHECK(evaluateForSyscall(allow, nr) == SECCOMP_RET_ALLOW);
    }
    CHECK(evaluateForSyscall(deny, SYS_write) == SECCOMP_RET_TRAP);
    CHECK(evaluateForSyscall(allow, SYS_write) == SECCOMP_RET_ALLOW);
    CHECK(evaluateForSyscall(allow, SYS_getpid) == SECCOMP_RET_TRAP);
}

TEST_CASE("the raw preset's filter has exactly the requested number of instructions") {
    for (std::size_t k : {std::size_t{4}, std::size_t{5}, std::size_t{6}, std::size_t{64},
                          std::size_t{65}, std::size_t{4095}, std::size_t{4096}}) {
        const BpfProgram p = sizedTrapFilter(k);
        CHECK(p.size() == k);
        CHECK(evaluateForSyscall(p, SYS_getppid) == SECCOMP_RET_TRAP);
        CHECK(evaluateForSyscall(p, SYS_write) == SECCOMP_RET_ALLOW);
        CHECK(evaluateForSyscall(p, SYS_ioctl) == SECCOMP_RET_ALLOW);
    }
    // The padding compares are real rules: their (impossible) numbers get EPERM.
    CHECK(evaluateForSyscall(sizedTrapFilter(64), 0x3fff0000) == (SECCOMP_RET_ERRNO | 1u));
    CHECK_THROWS(sizedTrapFilter(3));
    CHECK_THROWS(sizedTrapFilter(4097));
}

TEST_CASE("the size-search filter is n allow-all returns and the random filter is 64 statements") {
    const BpfProgram a = allowAllFilter(32);
    CHECK(a.size() == 32);
    CHECK(evaluateForSyscall(a, SYS_write) == SECCOMP_RET_ALLOW);
    CHECK(randomFilter(7).size() == 64);
    CHECK(randomFilter(7)[0].code == randomFilter(7)[0].code);
    CHECK(randomFilter(7)[5].code != randomFilter(8)[5].code);
}

TEST_CASE("the stress-ng preset draws write-allowed about half the time and random tries 95%") {
    RecipeOptions o;
    const Recipe r(o);
    std::uint64_t rng = 12345;
    int allow = 0, random = 0, strict = 0;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const OpChoice c = r.choose(rng);
        allow += c.allowWrite;
        random += c.tryRandom;
        strict += c.probeStrict;
        CHECK(r.expectedExit(c) == (c.allowWrite ? kChildOk : kChildTrapped));
    }
    CHECK(allow == Approx(n / 2).epsilon(0.05));
    CHECK(random == Approx(n * 0.95).epsilon(0.02));
    CHECK(strict == Approx(n / 16).epsilon(0.15));
}

TEST_CASE("/proc/self/status parsing finds the seccomp mode and filter count") {
    const char* status = "Name:\tx\nNoNewPrivs:\t1\nSeccomp:\t2\nSeccomp_filters:\t9\nSpeculation_Store_Bypass:\tvulnerable\nSpeculationIndirectBranch:\tforce disabled\nCpus_allowed:\t3\n";
    const SeccompStatus s = parseSeccompStatus(status);
    CHECK(s.mode == 2);
    CHECK(s.filters == 9);
    CHECK(s.ibSpeculation == "force disabled");
    const SeccompStatus none = parseSeccompStatus("Name:\tx\nSeccomp:\t0\n");
    CHECK(none.mode == 0);
    CHECK(none.filters == -1);
    CHECK(none.ibSpeculation.empty());
    CHECK(parseSeccompStatus("Seccomp_filters:\t3\n").mode == -1);
}
