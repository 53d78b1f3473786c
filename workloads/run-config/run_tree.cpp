#include "run-config/run_tree.hpp"

#include "base/errors.hpp"
#include "base/text_format.hpp"

#include <ctime>
#include <sstream>

namespace mmtp::runconfig {

void validateRunName(const std::string& name) {
    if (name.empty()) throw UsageError("RUNNAME is empty");
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' || c == '-'))
            throw UsageError("RUNNAME '" + name + "' may only contain A-Za-z0-9._+-");
    if (name == "." || name == "..") throw UsageError("RUNNAME '" + name + "' is not a directory name");
}

std::map<std::string, std::string> parseEnvBlock(const std::string& block) {
    std::map<std::string, std::string> env;
    std::size_t pos = 0;
    while (pos < block.size()) {
        std::size_t end = block.find('\0', pos);
        if (end == std::string::npos) end = block.size();
        std::string entry = block.substr(pos, end - pos);
        auto eq = entry.find('=');
        if (eq != std::string::npos && eq > 0) env[entry.substr(0, eq)] = entry.substr(eq + 1);
        pos = end + 1;
    }
    return env;
}

std::vector<std::string> splitWords(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string timeLines(const std::string& bench, const ExitStatus& st, double elapsed) {
    std::string out;
    if (st.signaled())
        out += formatText("Command terminated by signal %d\n", st.termSignal());
    else if (st.exited() && st.exitCode() != 0)
        out += formatText("Command exited with non-zero status %d\n", st.exitCode());
    return out + formatText("time :: %s %.2f user %.2f system %.2f elapsed\n", bench.c_str(),
                            st.userSeconds(), st.systemSeconds(), elapsed);
}

long long epochNow() { return static_cast<long long>(std::time(nullptr)); }

RunLog::RunLog(const std::filesystem::path& dir)
    : ts_(dir / "tests-timestamp", std::ios::app), act_(dir / "tests-activity", std::ios::app) {
    if (!ts_ || !act_) throw Error("cannot write the run log in " + dir.string());
}

void RunLog::timestamp(const std::string& line) {
    ts_ << line;
    if (line.empty() || line.back() != '\n') ts_ << '\n';
    ts_.flush();
}

void RunLog::activity(const std::string& message) {
    act_ << epochNow() << ' ' << message << '\n';
    act_.flush();
}

}  // namespace mmtp::runconfig
