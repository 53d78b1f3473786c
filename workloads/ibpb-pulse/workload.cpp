#include "ibpb-pulse/workload.hpp"

#include "common/child_process.hpp"
#include "common/pulse_status.hpp"
#include "base/errors.hpp"
#include "ibpb-pulse/pulse.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <pwd.h>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::ibpbpulse {

namespace {

std::string envOr(const char* name, const std::string& fallback) {
    const char* v = std::getenv(name);
    return (v && *v) ? std::string(v) : fallback;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

int runWorkload(const fs::path& self) {
    const std::string mode = envOr("IBPB_PULSE_MODE", "");
    if (mode != "sham" && mode != "protect") {
        std::cerr << "ibpb-pulse: IBPB_PULSE_MODE must be sham or protect (got '" << mode
                  << "'); or run 'ibpb-pulse CPU sham|protect'" << std::endl;
        return kPulseUsage;
    }
    const std::string logdirText = envOr("LOGDIR_RESULTS", "");
    if (logdirText.empty()) {
        std::cerr << "ibpb-pulse: LOGDIR_RESULTS is not set (workload mode needs it)" << std::endl;
        return kPulseUsage;
    }
    const fs::path logdir = logdirText;
    std::error_code ec;
    fs::create_directories(logdir, ec);

    SpawnOptions o;
    if (::geteuid() == 0) {
        const std::string user = envOr("IBPB_PULSE_USER", "nobody");
        const struct passwd* pw = ::getpwnam(user.c_str());
        if (!pw || pw->pw_uid == 0) {
            std::cerr << "ibpb-pulse: IBPB_PULSE_USER '" << user
                      << "' must be an existing unprivileged user" << std::endl;
            return kPulseUsage;
        }
        o.argv = {"setpriv", "--reuid=" + std::to_string(pw->pw_uid),
                  "--regid=" + std::to_string(pw->pw_gid), "--clear-groups"};
    }
    o.argv.insert(o.argv.end(), {self.string(), "--all-cpus", mode});
    const fs::path json = logdir / "ibpb-pulse.json";
    const fs::path partial = logdir / "ibpb-pulse.json.partial";
    o.stdinPath = "/dev/null";
    o.stdoutPath = partial;
    o.stderrPath = logdir / "ibpb-pulse.err";
    std::cout << "ibpb-pulse: running";
    for (const auto& a : o.argv) std::cout << ' ' << a;
    std::cout << std::endl;

    ChildProcess child = ChildProcess::spawn(o);
    ExitStatus st = child.wait();
    const int rc = st.shellCode();
    const std::string lines = slurp(partial);
    std::cout << lines << std::flush;
    std::cerr << slurp(logdir / "ibpb-pulse.err") << std::flush;
    int n = 0;
    for (char c : lines) n += c == '\n';
    fs::rename(partial, json);  // on failure too: the CPUs before the failing one were pulsed
    if (rc == 0) {
        writePulseStatus(logdir, mode, true, n);
    } else {
        writePulseStatus(logdir, mode, false, rc);
        std::cerr << "ibpb-pulse: the " << mode << " pulses failed (exit " << rc
                  << "); a workload measured after this is not a valid A/B arm" << std::endl;
    }
    return rc;
}

}  // namespace mmtp::ibpbpulse
