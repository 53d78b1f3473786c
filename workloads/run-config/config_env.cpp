#include "run-config/config_env.hpp"

#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "common/temp_dir.hpp"
#include "run-config/run_tree.hpp"

#include <cctype>
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

std::map<std::string, std::string> sourceConfig(const fs::path& config, const std::vector<Override>& overrides) {
    TempDir tmp("run-config");
    // Calls to MMTests helpers (disable_transhuge, ...) are reported and
    // skipped; the config's failed assignments to an overridden (read-only)
    // variable are the point of --set, so their complaints are dropped.
    const std::string script =
        "command_not_found_handle() { echo \"run-config: $RUN_CONFIG_FILE calls '$1' "
        "(an MMTests helper run-config does not provide); ignored\" >&2; return 0; }\n"
        "for v in \"$@\"; do declare -r \"$v\"; done\n"
        "set -a\n"
        ". \"$RUN_CONFIG_FILE\" 2> >(grep -v ': readonly variable$' >&2) >&2\n"
        "set +a\n"
        "unset RUN_CONFIG_FILE\n"
        "env -0\n";
    std::map<std::string, std::string> env = currentEnvironment();
    addMachineVariables(env);
    env["RUN_CONFIG_FILE"] = fs::absolute(config).string();
    SpawnOptions o;
    o.argv = {"bash", "-c", script, "run-config-source"};
    for (const auto& [name, value] : overrides) {
        env[name] = value;
        o.argv.push_back(name);
    }
    o.env = envList(env);
    o.stdinPath = "/dev/null";
    o.stdoutPath = tmp.path() / "env";
    ExitStatus st = ChildProcess::spawn(o).wait();
    if (!st.success())
        throw UsageError("sourcing " + config.string() + " with bash failed (" + st.describe() + ")");
    std::ifstream in(tmp.path() / "env", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return parseEnvBlock(ss.str());
}

}  // namespace mmtp::runconfig
