#include "parsers/parse_external.hpp"

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

Rows runExternalParser(const ExternalShellpack& sp, const fs::path& logsDir, const std::string& altReport,
                       std::chrono::milliseconds timeout) {
    const std::string what = sp.parser.string() + " " + logsDir.string();
    // No shell: the parser and its two arguments, stdin /dev/null, in its own
    // process group so that a timeout kills whatever it started too.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("cannot run " + what + ": no pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
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
    ::close(fds[1]);
    if (spawned != 0) {
        ::close(fds[0]);
        throw std::runtime_error("cannot run " + what + ": " + std::strerror(spawned));
    }

    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto msLeft = [&deadline] {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        return static_cast<int>(std::max<long long>(0, left.count()));
    };
    const std::size_t limit = ReadLimits{}.fileBytes;
    std::string out;
    char buf[65536];
    bool tooMuch = false, timedOut = false;
    while (true) {
        pollfd p{fds[0], POLLIN, 0};
        int ready = ::poll(&p, 1, msLeft());
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) {
            timedOut = true;
            break;
        }
        ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (static_cast<std::size_t>(n) > limit - out.size()) {
            tooMuch = true;
            break;
        }
        out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    // After EOF the parser still has until the deadline to exit.
    while (!timedOut && !tooMuch && ::waitpid(pid, &status, WNOHANG) == 0) {
        if (msLeft() == 0) timedOut = true;
        else ::poll(nullptr, 0, 10);
    }
    if (timedOut || tooMuch) {
        ::kill(-pid, SIGKILL);
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    if (timedOut)
        throw std::runtime_error(what + " did not finish within " + std::to_string(timeout.count() / 1000) +
                                 " s (the parser time limit); killed");
    if (tooMuch)
        throw std::runtime_error(what + " printed more than " + std::to_string(limit >> 20) + " MiB (the read limit); killed");
    if (WIFSIGNALED(status)) throw std::runtime_error(what + " was killed");
    // Like MMTests, a parser that exits non-zero (e.g. no such logs dir)
    // simply contributes the rows it printed.
    Rows rows;
    for (const std::string& line : splitLines(out)) rows.push_back(rowFromLine(line));
    return rows;
}

}  // namespace mmtp::compare
