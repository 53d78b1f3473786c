#include "seccomp-churn/recipe.hpp"

#include "base/clock.hpp"
#include "common/signals.hpp"

#include <cerrno>
#include <cstdio>
#include <csignal>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace mmtp::seccompchurn {
namespace {

// Largest program stress-ng's size search can try: the length is a u16.
constexpr std::size_t kSearchMax = 65535;
constexpr unsigned kLibseccompIoctlBase = 0x5ec00000u;

long seccompCall(unsigned op, unsigned flags, void* args) {
    return syscall(SYS_seccomp, op, flags, args);
}

void record(ChildRecord& rec, std::uint64_t ns) {
    ++rec.filtersAttached;
    if (rec.nSamples < rec.capacity)
        rec.samples[rec.nSamples++] = ns > UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(ns);
    else
        ++rec.samplesDropped;
}

// One timed seccomp(SET_MODE_FILTER); only successful attaches are samples.
bool timedAttach(sock_fprog& prog, unsigned flags, ChildRecord& rec) {
    ++rec.attachCalls;
    const std::uint64_t t0 = monotonicNs();
    const long rc = seccompCall(SECCOMP_SET_MODE_FILTER, flags, &prog);
    const std::uint64_t t1 = monotonicNs();
    if (rc != 0) return false;
    record(rec, t1 - t0);
    return true;
}

sock_fprog fprog(const BpfProgram& p, std::size_t len) {
    return sock_fprog{static_cast<unsigned short>(len), const_cast<sock_filter*>(p.data())};
}

// Leaves errno and the failing call for the worker's error message.
[[noreturn]] void failChild(ChildRecord& rec, const char* call, int err) {
    rec.failErrno = err;
    std::snprintf(rec.failCall, sizeof rec.failCall, "%s", call);
    _exit(kChildFailed);
}

[[noreturn]] void onSigsys(int) { _exit(kChildTrapped); }

void prepareChild() {
    // The parent's interrupt flag handler is not wanted here: a Ctrl-C (or
    // SIGHUP, SIGQUIT) kills the short-lived child at once and the worker stops.
    setInterruptDisposition(SIG_DFL);
    struct sigaction sa {};
    sa.sa_handler = onSigsys;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSYS, &sa, nullptr);
}

// stress-ng's stress_process_dumpable(false): no core files from children.
void disableCoreDumps() {
    rlimit lim{};
    if (getrlimit(RLIMIT_CORE, &lim) == 0) {
        lim.rlim_cur = 0;
        setrlimit(RLIMIT_CORE, &lim);
    }
    lim.rlim_cur = lim.rlim_max = 0;
    setrlimit(RLIMIT_CORE, &lim);
    int fd = open("/proc/self/coredump_filter", O_WRONLY);
    if (fd >= 0) {
        if (write(fd, "0x00", 4) < 0) { /* not critical, as in stress-ng */ }
        close(fd);
    }
}

// Allocation-free read of /proc/self/status in the child. Also keeps what
// the kernel says about the child's indirect-branch speculation: on a
// spectre_v2_user=seccomp kernel an attach without SPEC_ALLOW forces it off.
bool statusShows(int wantFilters, ChildRecord& rec) {
    char buf[8192];
    int fd = open("/proc/self/status", O_RDONLY);
    if (fd < 0) return false;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return false;
    const SeccompStatus s = parseSeccompStatus(std::string_view(buf, static_cast<std::size_t>(n)));
    if (!s.ibSpeculation.empty() && rec.ibSpeculation[0] == 0)
        std::snprintf(rec.ibSpeculation, sizeof rec.ibSpeculation, "%.*s",
                      static_cast<int>(s.ibSpeculation.size()), s.ibSpeculation.data());
    return s.mode == SECCOMP_MODE_FILTER && (s.filters < 0 || s.filters == wantFilters);
}

// The syscalls every preset's filter allows (stress-ng's ending).
int allowedSyscalls() {
    int fd = open("/dev/null", O_WRONLY);
    if (fd < 0) return kChildFailed;
    int rc = kChildOk;
    if (write(fd, "TEST\n", 5) < 0) rc = kChildFailed;
    close(fd);
    return rc;
}

}  // namespace

Preset parsePreset(std::string_view name) {
    if (name == "stress-ng") return Preset::StressNg;
    if (name == "libseccomp") return Preset::Libseccomp;
    if (name == "raw") return Preset::RawBpf;
    throw std::invalid_argument("unknown preset '" + std::string(name) +
                                "' (stress-ng, libseccomp or raw)");
}

std::string presetName(Preset p) {
    switch (p) {
    case Preset::StressNg: return "stress-ng";
    case Preset::Libseccomp: return "libseccomp";
    case Preset::RawBpf: return "raw";
    }
    return "?";
}

std::string presetDescription(const RecipeOptions& o) {
    auto yesNo = [](bool b) { return b ? "yes" : "no"; };
    std::string s = presetName(o.preset);
    if (o.preset == Preset::Libseccomp) s += " rules=" + std::to_string(o.rules);
    if (o.preset == Preset::RawBpf) s += " insns=" + std::to_string(o.insns);
    if (o.preset != Preset::StressNg) s += " filters=" + std::to_string(o.filters);
    s += std::string(" spec-allow=") + yesNo(o.specAllow);
    if (o.preset != Preset::StressNg) s += std::string(" trap=") + yesNo(o.trap);
    return s + " verify=" + yesNo(o.verify);
}

std::string describeChildExit(int code) {
    switch (code) {
    case kChildOk: return "exited normally";
    case kChildFailed: return "could not set no_new_privs or attach a filter";
    case kChildVerifyFailed: return "/proc/self/status did not show the attached filters";
    case kChildNotTrapped: return "the trapped syscall returned instead of raising SIGSYS";
    case kChildTrapped: return "was trapped (SIGSYS)";
    default: return "exited with status " + std::to_string(code);
    }
}

SeccompStatus parseSeccompStatus(std::string_view text) {
    SeccompStatus s;
    auto field = [&text](std::string_view key) -> int {
        for (std::size_t pos = 0; pos < text.size();) {
            std::size_t eol = text.find('\n', pos);
            if (eol == std::string_view::npos) eol = text.size();
            std::string_view line = text.substr(pos, eol - pos);
            if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ':') {
                int v = 0;
                bool any = false;
                for (char c : line.substr(key.size() + 1)) {
                    if (c >= '0' && c <= '9') { v = v * 10 + (c - '0'); any = true; }
                    else if (any) break;
                }
                return any ? v : -1;
            }
            pos = eol + 1;
        }
        return -1;
    };
    s.mode = field("Seccomp");
    s.filters = field("Seccomp_filters");
    const std::string_view key = "\nSpeculationIndirectBranch:";
    if (std::size_t at = text.find(key); at != std::string_view::npos) {
        std::size_t b = at + key.size();
        while (b < text.size() && (text[b] == ' ' || text[b] == '\t')) ++b;
        std::size_t e = text.find('\n', b);
        s.ibSpeculation = text.substr(b, (e == std::string_view::npos ? text.size() : e) - b);
    }
    return s;
}

Recipe::Recipe(const RecipeOptions& o)
    : opt_(o), flags_(o.specAllow ? SECCOMP_FILTER_FLAG_SPEC_ALLOW : 0u) {
    switch (o.preset) {
    case Preset::StressNg:
        allowAll_ = allowAllFilter(kSearchMax);
        allowWrite_ = allowListFilter(true);
        denyWrite_ = allowListFilter(false);
        break;
    case Preset::RawBpf:
        sized_ = sizedTrapFilter(o.insns);
        break;
    case Preset::Libseccomp:
        if (o.rules < 1) throw std::invalid_argument("libseccomp preset needs at least 1 rule");
        break;
    }
}

OpChoice Recipe::choose(std::uint64_t& x) const {
    auto next = [&x] { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x; };  // xorshift64
    OpChoice c;
    c.allowWrite = (next() & 1) != 0;
    c.tryRandom = (next() % 20) != 0;
    c.probeStrict = (next() & 0xff) < 16;
    c.seed = static_cast<std::uint32_t>(next() >> 32);
    return c;
}

int Recipe::expectedExit(const OpChoice& c) const {
    if (opt_.preset == Preset::StressNg) return c.allowWrite ? kChildOk : kChildTrapped;
    return opt_.trap ? kChildTrapped : kChildOk;
}

void Recipe::runChild(const OpChoice& c, ChildRecord& rec) const {
    prepareChild();
    switch (opt_.preset) {
    case Preset::StressNg: stressNgChild(c, rec);
    case Preset::Libseccomp: libseccompChild(rec);
    case Preset::RawBpf: rawChild(rec);
    }
    _exit(kChildFailed);
}

void Recipe::stressNgChild(const OpChoice& c, ChildRecord& rec) const {
    disableCoreDumps();
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) failChild(rec, "prctl(PR_SET_NO_NEW_PRIVS)", errno);

    // 1. How large can a filter be? Double from 32 while attaching works,
    //    bisect back on failure; each try via seccomp(2), then prctl.
    int attached = 0;
    std::size_t n = 32, max = 1;
    for (int tries = 0; n < kSearchMax && n != max && tries < 64; ++tries) {
        sock_fprog prog = fprog(allowAll_, n);
        bool ok = timedAttach(prog, flags_, rec);
        if (!ok) {
            ++rec.attachCalls;
            ok = prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
            if (ok) ++rec.filtersAttached;  // untimed (prctl fallback never succeeds on Linux >= 3.17)
        }
        if (ok) { ++attached; max = n; n += n; }
        else n = max + ((n - max) >> 1);
    }
    if (opt_.verify && attached > 0 && !statusShows(attached, rec)) _exit(kChildVerifyFailed);

    // 2. Probe the rest of the seccomp(2) API, as stress-ng does.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) failChild(rec, "prctl(PR_SET_NO_NEW_PRIVS)", errno);
    seccomp_notif_sizes sizes{};
    seccompCall(SECCOMP_GET_NOTIF_SIZES, 0, &sizes);
    seccompCall(SECCOMP_GET_NOTIF_SIZES, ~0u, &sizes);
    static const std::uint32_t actions[] = {
        SECCOMP_RET_KILL_PROCESS, SECCOMP_RET_KILL_THREAD, SECCOMP_RET_TRAP, SECCOMP_RET_ERRNO,
        SECCOMP_RET_USER_NOTIF, SECCOMP_RET_TRACE, SECCOMP_RET_LOG, SECCOMP_RET_ALLOW, ~0u};
    for (std::uint32_t a : actions) {
        std::uint32_t action = a;
        seccompCall(SECCOMP_GET_ACTION_AVAIL, 0, &action);
        seccompCall(SECCOMP_GET_ACTION_AVAIL, ~0u, &action);
    }
    if (c.probeStrict && attached > 0) {  // in filter mode these all fail
        int dummy = 0;
        seccompCall(SECCOMP_SET_MODE_STRICT, 0, nullptr);
        seccompCall(SECCOMP_SET_MODE_STRICT, ~0u, nullptr);
        seccompCall(SECCOMP_SET_MODE_STRICT, 0, &dummy);
    }
    seccompCall(~0u, 0, nullptr);

    // 3. The final filter: allow-list with or without write. Usually a
    //    random program is tried first; the kernel rejects it.
    sock_fprog finalProg = fprog(c.allowWrite ? allowWrite_ : denyWrite_,
                                 (c.allowWrite ? allowWrite_ : denyWrite_).size());
    if (!c.allowWrite && c.tryRandom) {
        const BpfProgram rnd = randomFilter(c.seed);
        sock_fprog rprog = fprog(rnd, rnd.size());
        if (timedAttach(rprog, flags_, rec)) {
            ++attached;
            finalProg.len = 0;
        }
    }
    if (finalProg.len != 0) {
        if (!timedAttach(finalProg, flags_, rec)) failChild(rec, "seccomp(SECCOMP_SET_MODE_FILTER)", errno);
        ++attached;
    }

    // 4. open + write + close; write traps under the deny-write filter.
    _exit(allowedSyscalls());
}

void Recipe::libseccompChild(ChildRecord& rec) const {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) failChild(rec, "prctl(PR_SET_NO_NEW_PRIVS)", errno);
    for (unsigned f = 0; f < opt_.filters; ++f) {
        scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
        if (!ctx) failChild(rec, "seccomp_init", ENOMEM);
        if (opt_.specAllow && seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1) != 0)
            failChild(rec, "seccomp_attr_set(SCMP_FLTATR_CTL_SSB)", EINVAL);
        if (int e = seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(getppid), 0); e != 0)
            failChild(rec, "seccomp_rule_add", -e);
        for (unsigned r = 1; r < opt_.rules; ++r) {
            scmp_arg_cmp cmp{};
            cmp.arg = 1;
            cmp.op = SCMP_CMP_EQ;
            cmp.datum_a = kLibseccompIoctlBase + r;
            if (int e = seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1, &cmp); e != 0)
                failChild(rec, "seccomp_rule_add", -e);
        }
        // libseccomp generates the BPF inside seccomp_load(), so for this
        // preset the timed section is the whole load, not the bare syscall.
        ++rec.attachCalls;
        const std::uint64_t t0 = monotonicNs();
        const int rc = seccomp_load(ctx);
        const std::uint64_t t1 = monotonicNs();
        seccomp_release(ctx);
        if (rc != 0) failChild(rec, "seccomp_load", -rc);
        record(rec, t1 - t0);
    }
    if (opt_.verify && !statusShows(static_cast<int>(opt_.filters), rec)) _exit(kChildVerifyFailed);
    const int rc = allowedSyscalls();
    if (rc != kChildOk || !opt_.trap) _exit(rc);
    syscall(SYS_getppid);
    _exit(kChildNotTrapped);
}

void Recipe::rawChild(ChildRecord& rec) const {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) failChild(rec, "prctl(PR_SET_NO_NEW_PRIVS)", errno);
    for (unsigned f = 0; f < opt_.filters; ++f) {
        sock_fprog prog = fprog(sized_, sized_.size());
        if (!timedAttach(prog, flags_, rec)) failChild(rec, "seccomp(SECCOMP_SET_MODE_FILTER)", errno);
    }
    if (opt_.verify && !statusShows(static_cast<int>(opt_.filters), rec)) _exit(kChildVerifyFailed);
    const int rc = allowedSyscalls();
    if (rc != kChildOk || !opt_.trap) _exit(rc);
    syscall(SYS_getppid);
    _exit(kChildNotTrapped);
}

}  // namespace mmtp::seccompchurn
