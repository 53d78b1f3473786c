#include "parsers/parse_external.hpp"

#include "core/text_buffer.hpp"
#include "input/benchmark_name.hpp"
#include "input/log_files.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdexcept>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// A shellpack file is used only when it resolves, through any symlinks, to
// a file inside the checkout's shellpack_src/ (MMTests links parse-results
// to shellpack_src/parsers/, never further).
void requireInsideShellpackSrc(const fs::path& mmtestsDir, const fs::path& file) {
    std::error_code ec;
    fs::path allowed = fs::canonical(mmtestsDir / "shellpack_src", ec);
    if (ec) throw std::runtime_error(mmtestsDir.string() + "/shellpack_src: " + ec.message());
    fs::path real = fs::canonical(file, ec);
    if (ec) throw std::runtime_error(file.string() + ": " + ec.message());
    auto [a, r] = std::mismatch(allowed.begin(), allowed.end(), real.begin(), real.end());
    if (a != allowed.end() || r == real.end())
        throw std::runtime_error(file.string() + " resolves to " + real.string() + ", outside " + allowed.string() +
                                 "; not used");
}

// Everything a parser printed, read from its two pipes until it exits or
// passes the deadline; stderr is kept up to kStderrKept bytes.
struct ParserOutput {
    TextBuffer out;
    std::string err;
    int status = 0;
    bool timedOut = false, tooMuch = false;
};

constexpr std::size_t kStderrKept = 4096;

// Appends what fd has now to text (up to cap bytes, the rest read and
// dropped); false at EOF or on an error.
template <typename Text>
bool readSome(int fd, Text& text, std::size_t cap, bool& overCap) {
    char buf[65536];
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) return true;
    if (n <= 0) return false;
    std::size_t room = cap > text.size() ? cap - text.size() : 0;
    if (static_cast<std::size_t>(n) > room) overCap = true;
    text.append(buf, std::min(room, static_cast<std::size_t>(n)));
    return true;
}

ParserOutput collectOutput(pid_t pid, int outFd, int errFd, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto msLeft = [&deadline] {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        return static_cast<int>(std::max<long long>(0, left.count()));
    };
    ParserOutput r;
    const std::size_t limit = ReadLimits{}.fileBytes;
    bool outOpen = true, errOpen = true, errOverCap = false;
    // Until stdout ends; stderr is drained alongside so a chatty parser never blocks on it.
    while (outOpen) {
        pollfd p[2] = {{outFd, POLLIN, 0}, {errOpen ? errFd : -1, POLLIN, 0}};
        int ready = ::poll(p, 2, msLeft());
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) {
            r.timedOut = true;
            break;
        }
        if (p[1].revents != 0) errOpen = readSome(errFd, r.err, kStderrKept, errOverCap);
        if (p[0].revents != 0) {
            bool over = false;
            outOpen = readSome(outFd, r.out, limit, over);
            if (over) {
                r.tooMuch = true;
                break;
            }
        }
    }
    // After EOF the parser still has until the deadline to exit.
    while (!r.timedOut && !r.tooMuch && ::waitpid(pid, &r.status, WNOHANG) == 0) {
        if (msLeft() == 0) {
            r.timedOut = true;
            break;
        }
        pollfd p{errOpen ? errFd : -1, POLLIN, 0};
        if (::poll(&p, 1, 10) > 0) errOpen = readSome(errFd, r.err, kStderrKept, errOverCap);
    }
    if (r.timedOut || r.tooMuch) {
        ::kill(-pid, SIGKILL);
        while (::waitpid(pid, &r.status, 0) < 0 && errno == EINTR) {
        }
        return r;
    }
    // What it wrote to stderr just before exiting; a child it left behind
    // holding stderr open is not waited for.
    for (pollfd p{errFd, POLLIN, 0}; errOpen && ::poll(&p, 1, 0) > 0;) errOpen = readSome(errFd, r.err, kStderrKept, errOverCap);
    return r;
}

// The first lines of a parser's stderr on one line, control characters
// shown as '?' (it may echo names from the untrusted tree).
std::string firstLines(const std::string& text) {
    constexpr std::size_t kLines = 3, kLineBytes = 200;
    std::vector<std::string> lines;
    for (std::string line : splitLines(text)) {
        if (line.empty()) continue;
        if (line.size() > kLineBytes) line = line.substr(0, kLineBytes) + "...";
        for (char& c : line)
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
        lines.push_back(line);
    }
    std::string joined;
    for (std::size_t i = 0; i < lines.size() && i < kLines; ++i) joined += (i ? " | " : "") + lines[i];
    if (lines.size() > kLines) joined += " (and " + std::to_string(lines.size() - kLines) + " more lines)";
    return joined;
}

}  // namespace

std::optional<ExternalShellpack> findExternalShellpack(const fs::path& mmtestsDir, const std::string& bench,
                                                       const std::string& altReport) {
    // Only plain names, so nothing outside shellpack_src/src/NAME is named.
    if (!isPlainBenchmarkName(bench) || (!altReport.empty() && !isPlainBenchmarkName(altReport)))
        throw std::runtime_error("benchmark '" + bench.substr(0, 80) + "' (alt report '" + altReport.substr(0, 80) +
                                 "') is not a plain name; no shellpack looked up");
    // ExtractFactory.pm: a Perl module Extract<Bench>.pm wins over the yaml.
    std::string pm = bench;
    if (!pm.empty()) pm[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(pm[0])));
    std::erase(pm, '-');
    std::error_code ec;
    if (fs::exists(mmtestsDir / "bin/lib/MMTests" / ("Extract" + pm + ".pm"), ec))
        throw std::runtime_error("benchmark " + bench + " is reported by MMTests' Perl module Extract" + pm +
                                 ".pm, which compare-mmtests cannot run natively");
    // lookupShellpackRoot: lcfirst, then strip "-suffix" parts until one exists.
    std::string name = bench;
    if (!name.empty()) name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
    std::string alt = altReport.empty() ? "" : "-" + altReport;
    while (true) {
        fs::path root = mmtestsDir / "shellpack_src/src" / name;
        if (fs::exists(root, ec)) {
            ExternalShellpack sp{root / ("parse-results" + alt), root / ("shellpack" + alt + ".yaml")};
            if (!fs::exists(sp.yaml, ec)) return std::nullopt;
            requireInsideShellpackSrc(mmtestsDir, sp.yaml);
            if (!fs::is_regular_file(sp.parser, ec))
                throw std::runtime_error("shellpack config (" + sp.yaml.string() + ") exists but " + sp.parser.string() + " does not");
            requireInsideShellpackSrc(mmtestsDir, sp.parser);
            if (::access(sp.parser.c_str(), X_OK) != 0)
                throw std::runtime_error(sp.parser.string() + " is not executable");
            return sp;
        }
        std::size_t dash = name.rfind('-');
        if (dash == std::string::npos) return std::nullopt;
        std::string rest = name.substr(dash + 1);
        for (char c : rest)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return std::nullopt;
        name.erase(dash);
    }
}

RowTable runExternalParser(const ExternalShellpack& sp, const fs::path& logsDir, const std::string& altReport,
                       Warnings& warnings, std::chrono::milliseconds timeout) {
    const std::string what = sp.parser.string() + " " + logsDir.string();
    static std::chrono::milliseconds spent{0};  // by every parser this program ran
    const auto left = kExternalParsersBudget - spent;
    if (left <= std::chrono::milliseconds::zero())
        throw std::runtime_error(what + ": not run, the parse-results time budget (" +
                                 std::to_string(kExternalParsersBudget.count() / 60000) +
                                 " min for all of them) is spent");
    const bool budgetBound = left < timeout;
    timeout = std::min(timeout, left);
    const auto started = std::chrono::steady_clock::now();
    struct Charge {  // on every way out, once the parser ran
        std::chrono::milliseconds& spent;
        std::chrono::steady_clock::time_point started;
        ~Charge() {
            spent += std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
        }
    } charge{spent, started};
    // No shell: the parser and its two arguments, stdin /dev/null, in its own
    // process group so that a timeout kills whatever it started too.
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("cannot run " + what + ": no pipe");
    if (::pipe2(err, O_CLOEXEC) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        throw std::runtime_error("cannot run " + what + ": no pipe");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    std::string parser = sp.parser.string(), logs = logsDir.string(), alt = altReport;
    char* argv[] = {parser.data(), logs.data(), alt.data(), nullptr};
    pid_t pid = -1;
    int spawned = ::posix_spawn(&pid, parser.c_str(), &actions, &attr, argv, environ);
    if (spawned == ENOEXEC) {  // a script without #!, which popen's shell would have run
        std::string sh = "/bin/sh";
        char* shArgv[] = {sh.data(), parser.data(), logs.data(), alt.data(), nullptr};
        spawned = ::posix_spawn(&pid, sh.c_str(), &actions, &attr, shArgv, environ);
    }
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(out[1]);
    ::close(err[1]);
    if (spawned != 0) {
        ::close(out[0]);
        ::close(err[0]);
        throw std::runtime_error("cannot run " + what + ": " + std::strerror(spawned));
    }
    ParserOutput result = collectOutput(pid, out[0], err[0], timeout);
    ::close(out[0]);
    ::close(err[0]);
    if (result.timedOut)
        throw std::runtime_error(what + " did not finish within " + std::to_string(timeout.count() / 1000) + " s (" +
                                 (budgetBound ? "what was left of the parse-results time budget" : "the parser time limit") +
                                 "); killed");
    if (result.tooMuch)
        throw std::runtime_error(what + " printed more than " + std::to_string(ReadLimits{}.fileBytes >> 20) +
                                 " MiB (the read limit); killed");
    if (WIFSIGNALED(result.status)) throw std::runtime_error(what + " was killed");
    // Like MMTests, a parser that exits non-zero (e.g. no such logs dir)
    // contributes the rows it printed; unlike its Perl, we say so, with what
    // the parser said (an awk that cannot run it, e.g. mawk on a gawk script).
    // One buffer and views into it: a bonnie++ latency log gives 800k rows an iteration.
    RowTable rows(std::move(result.out));
    const int code = WIFEXITED(result.status) ? WEXITSTATUS(result.status) : 0;
    const std::string said = result.err.empty() ? "" : "; its stderr: " + firstLines(result.err);
    if (code != 0)
        warnings.push_back(what + " exited with status " + std::to_string(code) + " (" + std::to_string(rows.size()) +
                           " rows)" + (said.empty() ? "; it printed nothing on stderr" : said));
    else if (!result.err.empty())
        warnings.push_back(what + (rows.empty() ? " printed no rows" : " printed rows") + said);
    return rows;
}

}  // namespace mmtp::compare
