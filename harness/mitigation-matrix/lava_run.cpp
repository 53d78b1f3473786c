// lava_run.cpp - lava-run as a local LAVA, and the journal of its jobs (lava_run.hpp).
#include "mitigation-matrix/lava_run.hpp"

#include "base/atomic_file.hpp"
#include "base/clock.hpp"
#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "common/signals.hpp"

#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr const char* kJournalHeader = "mitigation-matrix-lava 1";
constexpr std::size_t kMaxJournalBytes = 1 << 20;
// LAVA cancels on SIGTERM: it stops qemu and removes its tmp folder.
constexpr auto kCancelGrace = std::chrono::seconds(20);

// The lava-runs this process started, reaped by it; a job found in the
// journal after a restart is another process's orphan, watched by pid.
std::map<pid_t, ChildProcess>& owned() {
    static std::map<pid_t, ChildProcess> children;
    return children;
}

bool jobIdOk(const std::string& id) {
    if (id.empty() || id.size() > 40) return false;
    for (char c : id)
        if (c < '0' || c > '9') return false;
    return true;
}

void cancel(pid_t pid, const std::string& id) {
    if (auto it = owned().find(pid); it != owned().end()) {
        it->second.stop(kCancelGrace);
        return;
    }
    if (!lavaRunAlive(pid, id)) return;
    ::kill(pid, SIGTERM);
    const double start = monotonicSeconds();
    while (lavaRunAlive(pid, id) && monotonicSeconds() - start < 20)
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (lavaRunAlive(pid, id)) ::kill(pid, SIGKILL);
}

// True once the job's lava-run is gone.
bool ended(pid_t pid, const std::string& id) {
    if (auto it = owned().find(pid); it != owned().end())
        return it->second.waitFor(std::chrono::seconds(1)).has_value();
    if (!lavaRunAlive(pid, id)) return true;
    std::this_thread::sleep_for(std::chrono::seconds(1));
    return false;
}

}  // namespace

std::string formatJournal(const LavaJournal& journal) {
    std::string out = std::string(kJournalHeader) + "\n";
    for (const auto& [boot, job] : journal)
        out += "submitted " + std::to_string(boot) + " " + job.id + " " + std::to_string(job.pid) + "\n";
    return out;
}

LavaJournal parseJournal(const std::string& text, const fs::path& file) {
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kJournalHeader)
        throw Error("LAVA journal " + file.string() + ": not a journal this program wrote");
    LavaJournal out;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string word, id;
        int boot = 0;
        long long pid = -1;
        if (!(words >> word >> boot >> id >> pid) || word != "submitted" || boot < 0 || !jobIdOk(id) || pid < 0 ||
            pid > 1 << 22)
            throw Error("LAVA journal " + file.string() + ": bad line '" + line.substr(0, 80) + "'");
        out[boot] = {id, pid_t(pid)};
    }
    return out;
}

LavaJournal loadJournal(const fs::path& file) {
    if (fs::is_symlink(file)) throw Error("LAVA journal " + file.string() + " is a symlink");
    std::ifstream in(file, std::ios::binary);
    if (!in) return {};
    std::string text(kMaxJournalBytes, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    return parseJournal(text, file);
}

void saveJournal(const fs::path& file, const LavaJournal& journal) {
    writeFileAtomically(file, formatJournal(journal));
}

LavaJobFiles jobFiles(const fs::path& lavaDir, const std::string& id) {
    return {lavaDir / ("job-" + id + ".yaml"), lavaDir / ("job-" + id + ".log"), lavaDir / ("job-" + id)};
}

pid_t startLavaRun(const LavaJobFiles& files, const std::string& id, const fs::path& device) {
    SpawnOptions o;
    o.argv = {"lava-run",
              "--job-id",
              id,
              "--output-dir",
              files.outputDir.string(),
              "--device",
              device.string(),
              files.definition.string()};
    o.stdinPath = "/dev/null";
    o.stdoutPath = files.log;
    o.stderrToStdout = true;
    o.dieWithParent = false;  // a submitted job outlives us, as on a server
    ChildProcess child = ChildProcess::spawn(o);
    const pid_t pid = child.pid();
    owned().emplace(pid, std::move(child));
    return pid;
}

bool lavaRunAlive(pid_t pid, const std::string& id) {
    if (pid <= 0) return false;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string statText;
    std::getline(stat, statText);
    const auto paren = statText.rfind(')');
    if (paren == std::string::npos || statText.compare(paren, 3, ") Z") == 0) return false;
    // lava-run retitles itself "lava-run [job: ID]".
    std::ifstream cmd("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::string cmdline(4096, '\0');
    cmd.read(cmdline.data(), std::streamsize(cmdline.size()));
    cmdline.resize(std::size_t(cmd.gcount()));
    return cmdline.find("lava-run") != std::string::npos && cmdline.find(id) != std::string::npos;
}

bool waitForLavaRun(pid_t pid, const std::string& id, int timeoutSeconds) {
    const double start = monotonicSeconds();
    while (!ended(pid, id)) {
        if (interruptRequested()) {
            cancel(pid, id);
            throwIfInterrupted();
        }
        if (monotonicSeconds() - start > timeoutSeconds) {
            cancel(pid, id);
            return false;
        }
    }
    owned().erase(pid);
    return true;
}

}  // namespace mmtp::matrix
