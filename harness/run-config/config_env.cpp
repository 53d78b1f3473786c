#include "run-config/config_env.hpp"

#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "common/preflight.hpp"
#include "common/temp_dir.hpp"
#include "run-config/group_guardian.hpp"
#include "run-config/run_tree.hpp"

#include <cctype>
#include <csignal>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

Override parseOverride(const std::string& arg) {
    auto eq = arg.find('=');
    std::string name = arg.substr(0, eq);
    bool ok = eq != std::string::npos && !name.empty() &&
              !std::isdigit(static_cast<unsigned char>(name[0]));
    for (char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    if (!ok) throw UsageError("--set '" + arg + "': expected VAR=VALUE with VAR a shell variable name");
    return {name, arg.substr(eq + 1)};
}

namespace {

// The machine variables MMTests' common-config.sh defines before a config runs.
void addMachineVariables(std::map<std::string, std::string>& env) {
    long ncpu = ::sysconf(_SC_NPROCESSORS_CONF);
    env["NUM_LOGICAL_CPUS"] = std::to_string(ncpu > 0 ? ncpu : 1);
    int nodes = 0;
    std::error_code ec;
    for (const auto& d : fs::directory_iterator("/sys/devices/system/node", ec)) {
        std::string n = d.path().filename().string();
        if (n.rfind("node", 0) == 0 && n.size() > 4 && std::isdigit(static_cast<unsigned char>(n.back()))) ++nodes;
    }
    env["NUM_NODES"] = std::to_string(nodes > 0 ? nodes : 1);
    long pages = ::sysconf(_SC_PHYS_PAGES), psize = ::sysconf(_SC_PAGESIZE);
    env["MEMTOTAL_BYTES"] = std::to_string(static_cast<long long>(pages) * psize);
}

}  // namespace

namespace {

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// `bash -n CONFIG`: a syntax error would otherwise stop the sourcing half way
// and the run would go on with defaults for the rest. Throws UsageError with
// bash's first complaint ("CONFIG: line 7: syntax error near ...").
void checkSyntax(const fs::path& config, const fs::path& tmp) {
    SpawnOptions o;
    o.argv = {"bash", "-n", fs::absolute(config).string()};
    o.stdinPath = "/dev/null";
    o.stdoutPath = "/dev/null";
    o.stderrPath = tmp / "syntax";
    ExitStatus st = ChildProcess::spawn(o).wait();
    if (st.success()) return;
    std::string first = readAll(tmp / "syntax");
    first = first.substr(0, first.find('\n'));
    throw UsageError("config " + config.string() + " is not valid bash: " +
                     (first.empty() ? "bash -n " + st.describe() : first));
}

}  // namespace

std::map<std::string, std::string> sourceConfig(const fs::path& config, const std::vector<Override>& overrides) {
    TempDir tmp("run-config");
    checkSyntax(config, tmp.path());
    // Calls to MMTests helpers (disable_transhuge, ...) are reported and
    // skipped; the config's failed assignments to an overridden (read-only)
    // variable are the point of --set, so their complaints are dropped. Any
    // other error bash reports in the config ("CONFIG: line N: ...": a bad
    // expansion such as $((X/0)), a builtin's complaint) means part of it was
    // not applied: the first one is the error. (The sourcing's own status
    // cannot say that: it is the last command's, and a --set variable's
    // export, or a `[ ... ] && ...`, fails harmlessly.) The config's output is
    // collected first and then shown, with bash builtins only, since the
    // config may change PATH; env is run by the path found before it ran.
    const std::string script =
        "command_not_found_handle() { echo \"run-config: $RUN_CONFIG_FILE calls '$1' "
        "(an MMTests helper run-config does not provide); ignored\" >&2; return 0; }\n"
        "for v in \"$@\"; do declare -r \"$v\"; done\n"
        "set -a\n"
        ". \"$RUN_CONFIG_FILE\" > \"$RUN_CONFIG_OUT\" 2>&1\n"
        "set +a\n"
        "__first=\n"
        "while IFS= read -r __line; do\n"
        "  case \"$__line\" in *': readonly variable') continue;; esac\n"
        "  printf '%s\\n' \"$__line\" >&2\n"
        "  case \"$__line\" in \"$RUN_CONFIG_FILE: line \"[0-9]*) [ -n \"$__first\" ] || __first=$__line;; esac\n"
        "done < \"$RUN_CONFIG_OUT\"\n"
        "[ -z \"$__first\" ] || { printf '%s\\n' \"${__first#\"$RUN_CONFIG_FILE: \"}\" > \"$RUN_CONFIG_STATUS\"; exit 2; }\n"
        "unset RUN_CONFIG_FILE RUN_CONFIG_STATUS RUN_CONFIG_OUT __first __line\n"
        "exec \"$RUN_CONFIG_ENV\" -u RUN_CONFIG_ENV -0\n";
    const std::string envBinary = findExecutable("env");
    if (envBinary.empty()) throw UnsupportedError("env not found in PATH: run-config reads the config's exports with it");
    std::map<std::string, std::string> env = currentEnvironment();
    addMachineVariables(env);
    env["RUN_CONFIG_FILE"] = fs::absolute(config).string();
    env["RUN_CONFIG_ENV"] = envBinary;
    env["RUN_CONFIG_STATUS"] = (tmp.path() / "status").string();
    env["RUN_CONFIG_OUT"] = (tmp.path() / "output").string();
    SpawnOptions o;
    o.argv = {"bash", "-c", script, "run-config-source"};
    for (const auto& [name, value] : overrides) {
        env[name] = value;
        o.argv.push_back(name);
    }
    o.env = envList(env);
    o.stdinPath = "/dev/null";
    o.stdoutPath = tmp.path() / "env";
    // What the config starts in the background stays in the sourcing shell's
    // process group, which the guardian kills when run-config ends (any way).
    ChildProcess shell = ChildProcess::spawn(o);
    guardGroup(shell.pid());
    ExitStatus st = shell.wait();
    if (::kill(-shell.pid(), 0) != 0) releaseGroup(shell.pid());
    if (std::string why = readAll(tmp.path() / "status"); !why.empty())
        throw UsageError("config " + config.string() + ": bash reported an error sourcing it, so part of it was not "
                         "applied: " + why.substr(0, why.find('\n')));
    if (!st.success())
        throw UsageError("sourcing " + config.string() + " with bash failed (" + st.describe() + ")");
    return parseEnvBlock(readAll(tmp.path() / "env"));
}

}  // namespace mmtp::runconfig
