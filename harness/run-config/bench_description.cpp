#include "run-config/bench_description.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "common/child_process.hpp"
#include "common/temp_dir.hpp"
#include "run-config/run_tree.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

namespace {

bool isVariableName(const std::string& name) {
    return !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
           name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
               std::string::npos;
}

// The file, or Error when it holds more than kMaxDescriptionBytes.
std::string boundedText(const fs::path& file, const std::string& what) {
    std::ifstream in(file, std::ios::binary);
    std::string text(kMaxDescriptionBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxDescriptionBytes)
        throw Error(what + " printed more than " + std::to_string(kMaxDescriptionBytes) + " bytes");
    return text;
}

// BINARY ARG with env; its stdout, or the config's UsageError with the
// binary's first stderr line when it refuses.
std::string ask(const fs::path& binary, const char* arg, const std::map<std::string, std::string>& env,
                const fs::path& config) {
    TempDir tmp("run-config");
    SpawnOptions o;
    o.argv = {binary.string(), arg};
    o.env = envList(env);
    o.stdinPath = "/dev/null";
    o.stdoutPath = tmp.path() / "answer";
    o.stderrPath = tmp.path() / "refusal";
    const ExitStatus st = ChildProcess::spawn(o).wait();
    const std::string what = binary.filename().string() + " " + arg;
    if (!st.success()) {
        std::string why;
        std::getline(std::ifstream(tmp.path() / "refusal"), why);
        if (why.empty()) why = what + " " + st.describe();
        throw UsageError("config " + config.string() + ": " + escapeControls(why));
    }
    return boundedText(tmp.path() / "answer", what);
}

}  // namespace

std::vector<std::string> variablesFrom(const std::string& text, const std::string& bench) {
    std::vector<std::string> names;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const std::string name = line.substr(0, line.find('='));
        if (!isVariableName(name))
            throw Error(bench + " --print-variables: '" + escapeControls(line) + "' is not VAR=DEFAULT");
        names.push_back(name);
    }
    return names;
}

std::map<std::string, std::string> defaultsFrom(const std::string& text) {
    std::map<std::string, std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (const auto eq = line.find('='); eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
    return out;
}

std::optional<double> secondsFrom(const std::string& text, const std::string& bench) {
    std::string line = text;
    if (!line.empty() && line.back() == '\n') line.pop_back();
    if (line == "unknown") return std::nullopt;
    double seconds = 0;
    const auto r = std::from_chars(line.data(), line.data() + line.size(), seconds);
    if (line.empty() || r.ec != std::errc() || r.ptr != line.data() + line.size() || !std::isfinite(seconds) ||
        seconds < 0)
        throw Error(bench + " --estimate: '" + escapeControls(line) + "' is not seconds (a number >= 0, or unknown)");
    return seconds;
}

BenchDescription describeBench(const fs::path& binary, const std::map<std::string, std::string>& env,
                               const fs::path& config) {
    const std::string bench = binary.filename().string();
    BenchDescription d;
    d.seconds = secondsFrom(ask(binary, "--estimate", env, config), bench);  // first: it checks the settings
    const std::string variables = ask(binary, "--print-variables", env, config);
    d.variables = variablesFrom(variables, bench);
    d.defaults = defaultsFrom(variables);
    return d;
}

}  // namespace mmtp::runconfig
