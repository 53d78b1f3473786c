#include "run-config/past_durations.hpp"

#include "base/fd.hpp"
#include "run-config/run_tree.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fcntl.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::runconfig {

namespace {

constexpr std::size_t kMaxRuns = 100;
constexpr std::size_t kMaxNamesListed = 10000;  // entries of the log dir looked at
constexpr int kMaxIterations = 50;
constexpr std::size_t kMaxFileBytes = 64 * 1024;
constexpr std::size_t kMaxBytesRead = 8 * 1024 * 1024;

// O_NOFOLLOW: a symlink is refused, whatever it points at.
UniqueFd openDirAt(int parent, const std::string& name) {
    return UniqueFd(::openat(parent, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

// Reads files under one byte budget for the whole search.
class Reader {
public:
    // A regular file of at most kMaxFileBytes, nullopt for anything else.
    // O_NONBLOCK: a FIFO planted in the tree must not hang the dry run.
    std::optional<std::string> read(int dir, const char* name) {
        UniqueFd fd(::openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
        struct stat st {};
        if (!fd || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
        std::string text;
        char buf[8192];
        for (;;) {
            ssize_t n = ::read(fd.get(), buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return std::nullopt;
            if (n == 0) return text;
            text.append(buf, static_cast<std::size_t>(n));
            budget_ -= std::min(budget_, static_cast<std::size_t>(n));
            if (text.size() > kMaxFileBytes || budget_ == 0) return std::nullopt;
        }
    }
    bool exhausted() const { return budget_ == 0; }
private:
    std::size_t budget_ = kMaxBytesRead;
};

bool hasLine(const std::string& text, const std::string& line) {
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (l == line) return true;
    return false;
}

std::optional<double> number(const std::string& word) {
    char* end = nullptr;
    double v = std::strtod(word.c_str(), &end);
    if (word.empty() || *end != '\0' || !std::isfinite(v) || v < 0 || v > 1e8) return std::nullopt;
    return v;
}

// The elapsed seconds of each of the bench's runs in a tests-timestamp
// that ended with code 0: "test end :: BENCH EPOCH RC" is followed by
// "time :: BENCH U user S system E elapsed", one pair per run. An
// iteration cut short by Ctrl-C ("interrupted :: ...") measured nothing.
std::vector<double> successfulElapsed(const std::string& timestamps, const std::string& bench) {
    std::vector<bool> ok;
    std::vector<double> elapsed;
    std::istringstream in(timestamps);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("test end :: ", 0) == 0) {
            auto w = splitWords(line.substr(12));
            if (w.size() == 3 && w[0] == bench) ok.push_back(w[2] == "0");
        } else if (line.rfind("time :: ", 0) == 0) {
            auto w = splitWords(line.substr(8));
            if (w.size() != 7 || w[0] != bench) continue;
            auto e = number(w[5]);
            if (w[2] != "user" || w[4] != "system" || w[6] != "elapsed" || !e) return {};  // malformed: none
            elapsed.push_back(*e);
        } else if (line.rfind("interrupted :: ", 0) == 0) {
            return {};
        }
    }
    if (ok.size() != elapsed.size()) return {};  // cut short or edited: which time is whose is unknown
    std::vector<double> out;
    for (std::size_t i = 0; i < ok.size(); ++i)
        if (ok[i]) out.push_back(elapsed[i]);
    return out;
}

// The run dirs of the log dir, newest first, symlinks skipped.
std::vector<std::string> recentRuns(int logFd, const fs::path& logDir, const std::string& skipRun) {
    std::vector<std::pair<struct timespec, std::string>> runs;
    std::error_code ec;
    fs::directory_iterator it(logDir, ec);
    for (std::size_t n = 0; !ec && it != fs::directory_iterator() && n < kMaxNamesListed; it.increment(ec), ++n) {
        std::string name = it->path().filename().string();
        struct stat st {};
        if (name == skipRun || ::fstatat(logFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode))
            continue;
        runs.emplace_back(st.st_mtim, name);
    }
    auto newer = [](const auto& a, const auto& b) {
        if (a.first.tv_sec != b.first.tv_sec) return a.first.tv_sec > b.first.tv_sec;
        if (a.first.tv_nsec != b.first.tv_nsec) return a.first.tv_nsec > b.first.tv_nsec;
        return a.second < b.second;
    };
    std::sort(runs.begin(), runs.end(), newer);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < runs.size() && i < kMaxRuns; ++i) names.push_back(runs[i].second);
    return names;
}

}  // namespace

std::optional<double> PastDurations::mean() const {
    if (seconds.empty()) return std::nullopt;
    double sum = 0;
    for (double s : seconds) sum += s;
    return sum / double(seconds.size());
}

PastDurations pastDurations(const fs::path& logDir, const std::string& bench, const std::string& runLine,
                            const std::string& skipRun) {
    PastDurations past{logDir, {}, {}};
    try {
        UniqueFd logFd(::open(logDir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!logFd) return past;
        Reader reader;
        for (const std::string& run : recentRuns(logFd.get(), logDir, skipRun)) {
            UniqueFd runFd = openDirAt(logFd.get(), run);
            bool used = false;
            for (int i = 0; runFd && i < kMaxIterations && !reader.exhausted(); ++i) {
                UniqueFd iterFd = openDirAt(runFd.get(), "iter-" + std::to_string(i));
                if (!iterFd && errno == ENOENT) break;  // iterations are numbered from 0 without gaps
                if (!iterFd) continue;
                auto opts = reader.read(iterFd.get(), "runtime.opts");
                if (!opts || !hasLine(*opts, runLine)) continue;
                auto timestamps = reader.read(iterFd.get(), "tests-timestamp");
                if (!timestamps) continue;
                for (double s : successfulElapsed(*timestamps, bench)) {
                    past.seconds.push_back(s);
                    used = true;
                }
            }
            if (used) past.runs.push_back(run);
            if (reader.exhausted()) break;
        }
    } catch (const std::exception&) {
        // Out of memory or the like: what was found so far is still true.
    }
    return past;
}

}  // namespace mmtp::runconfig
