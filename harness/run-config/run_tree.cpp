#include "run-config/run_tree.hpp"

#include "base/errors.hpp"
#include "run-config/gzip_file.hpp"

#include <cerrno>
#include <cstdio>
#include "base/text_format.hpp"

#include <ctime>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

void validateRunName(const std::string& name) {
    if (name.empty()) throw UsageError("RUNNAME is empty");
    // '=' for names like retbleed=off; never ',' (compare's -n list) or '/'.
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' || c == '-' || c == '='))
            throw UsageError("RUNNAME '" + name + "' may only contain A-Za-z0-9._+-=");
    if (name == "." || name == "..") throw UsageError("RUNNAME '" + name + "' is not a directory name");
}

fs::path claimRunDir(const fs::path& workDir, const std::string& runName) {
    fs::path logDir = workDir / "log";
    std::error_code ec;
    fs::create_directories(logDir, ec);
    if (ec) throw Error("cannot create " + logDir.string() + ": " + ec.message());
    fs::path runDir = logDir / runName;
    if (::mkdir(runDir.c_str(), 0755) != 0) {
        if (errno == EEXIST)
            throw UsageError("run " + runDir.string() + " already exists; choose another RUNNAME or remove it");
        throw Error(errnoMessage("cannot create " + runDir.string()));
    }
    return fs::canonical(runDir);
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

std::map<std::string, std::string> currentEnvironment() {
    std::string block;
    for (char** e = environ; *e; ++e) {
        block += *e;
        block += '\0';
    }
    return parseEnvBlock(block);
}

std::vector<std::string> envList(const std::map<std::string, std::string>& env) {
    std::vector<std::string> out;
    for (const auto& [k, v] : env) out.push_back(k + "=" + v);
    return out;
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

std::string echoed(const std::string& text) {
    std::size_t end = text.find_last_not_of('\n');
    return (end == std::string::npos ? std::string() : text.substr(0, end + 1)) + "\n";
}

long long epochNow() { return static_cast<long long>(std::time(nullptr)); }

RunLog::RunLog(const fs::path& runDir) : run_(runDir / "mmtests-activity", LogFile::Mode::Append) {}

void RunLog::startIteration(const fs::path& iterDir) {
    iterDir_ = iterDir;
    for (auto* f : {&ts_, &act_, &sys_}) f->close();
    ts_ = LogFile(iterDir / "tests-timestamp", LogFile::Mode::New);
    act_ = LogFile(iterDir / "tests-activity", LogFile::Mode::Append);
    sys_ = LogFile(iterDir / "tests-sysstate", LogFile::Mode::New);
}

void RunLog::timestamp(const std::string& line) { ts_.write(echoed(line)); }

void RunLog::teststate(const std::string& line) {
    sysstate(line);
    timestamp(line);
}

void RunLog::sysstate(const std::string& text) { sys_.write(echoed(text)); }

void RunLog::activity(const std::string& message) {
    act_.write(std::to_string(epochNow()) + ' ' + message + '\n');
    runActivity(message);
}

void RunLog::runActivity(const std::string& message) { run_.write(std::to_string(epochNow()) + ' ' + message + '\n'); }

void RunLog::finishIteration() {
    if (!sys_.isOpen()) return;
    sys_.close();
    gzipFile(iterDir_ / "tests-sysstate");
}

}  // namespace mmtp::runconfig
