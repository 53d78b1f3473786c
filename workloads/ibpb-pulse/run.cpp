#include "ibpb-pulse/run.hpp"

#include "common/child_process.hpp"
#include "common/clock_check.hpp"
#include "base/clock.hpp"
#include "common/pulse_status.hpp"
#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "ibpb-pulse/pulse.hpp"

#include <cerrno>
#include <iostream>
#include <pwd.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::ibpbpulse {

namespace {

// What the child wrote to one of our temp files, read through our own fd.
std::string readBack(const AtomicFile& f) {
    std::string text;
    char buf[8192];
    for (off_t at = 0;;) {
        const ssize_t n = ::pread(f.fd(), buf, sizeof buf, at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buf, static_cast<std::size_t>(n));
        at += n;
    }
    return text;
}

// The unprivileged user the pulses run as, or UsageError.
const struct passwd* pulseUser(const std::string& user) {
    const struct passwd* pw = ::getpwnam(user.c_str());
    if (!pw || pw->pw_uid == 0)
        throw UsageError("--user (IBPB_PULSE_USER) '" + user + "' must be an existing unprivileged user");
    return pw;
}

}  // namespace

void checkWorkload(const WorkloadSettings& s) {
    requireWritableDir(s.logdir, "--logdir");
    if (::geteuid() != 0) return;
    pulseUser(s.user);
    if (findExecutable("setpriv").empty())
        throw UnsupportedError("setpriv not found in PATH: as root the pulses run as --user through it "
                               "(apt-get install util-linux)");
}

int runWorkload(const fs::path& self, const WorkloadSettings& s) {
    const std::string& mode = s.mode;
    const fs::path& logdir = s.logdir;
    SpawnOptions o;
    if (::geteuid() == 0) {
        const struct passwd* pw = pulseUser(s.user);
        o.argv = {"setpriv", "--reuid=" + std::to_string(pw->pw_uid),
                  "--regid=" + std::to_string(pw->pw_gid), "--clear-groups"};
    }
    o.argv.insert(o.argv.end(), {self.string(), "--all-cpus", mode});
    // The files are created here, as whoever runs us, with O_EXCL|O_NOFOLLOW
    // (AtomicFile), and the child only gets their fds: a link planted in a log
    // dir owned by the unprivileged user is never opened, truncated or
    // written through, as root or as --user.
    AtomicFile json(logdir / "ibpb-pulse.json");
    AtomicFile err(logdir / "ibpb-pulse.err");
    o.stdinPath = "/dev/null";
    o.stdoutFd = json.fd();
    o.stderrFd = err.fd();
    std::cout << "ibpb-pulse: running";
    for (const auto& a : o.argv) std::cout << ' ' << a;
    std::cout << std::endl;

    // ibpb-pulse measures no rate; what it times is the pulses themselves,
    // from starting the --all-cpus process to its exit, here in the parent,
    // so nothing is added to the pulsing processes (their syscalls are the
    // strace-checked contract).
    const std::uint64_t started = monotonicNs();
    ChildProcess child = ChildProcess::spawn(o);
    ExitStatus st = child.wait();
    const auto spanNs = static_cast<std::int64_t>(monotonicNs() - started);
    const int rc = st.shellCode();
    const std::string lines = readBack(json);
    std::cout << lines << std::flush;
    std::cerr << readBack(err) << std::flush;
    int n = 0;
    for (char c : lines) n += c == '\n';
    json.commit();  // on failure too: the CPUs before the failing one were pulsed
    err.commit();
    if (rc == 0) {
        writePulseStatus(logdir, mode, true, n);
        ClockCheck clock({"ibpb-pulse", "CLOCK_MONOTONIC ns, the --all-cpus process from spawn to exit",
                          monotonicResolutionNs(), "none (one pulse per online CPU; the span is all of them)",
                          "the MMTests iterations (one ibpb-pulse run each)", 1},
                         std::cerr);
        clock.span(mode + " pulses on " + std::to_string(n) + " CPUs", spanNs);
        clock.rate("us per pulse", double(spanNs) / 1000.0 / double(n > 0 ? n : 1));
        clock.finish(logdir);
    } else {
        writePulseStatus(logdir, mode, false, rc);
        std::cerr << "ibpb-pulse: the " << mode << " pulses failed (exit " << rc
                  << "); a workload measured after this is not a valid A/B arm" << std::endl;
    }
    return rc;
}

}  // namespace mmtp::ibpbpulse
