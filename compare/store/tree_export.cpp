#include "store/tree_export.hpp"

#include "base/errors.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <system_error>

namespace fs = std::filesystem;

namespace mmtp::compare::store {

namespace {

// A stored path is "a/b/c": components neither empty, "." nor "..".
bool isSafeRelativePath(const std::string& path, int maxDepth) {
    if (path.empty() || path.size() > 4096 || path.find('\0') != std::string::npos) return false;
    int depth = 0;
    std::size_t start = 0;
    while (true) {
        std::size_t end = path.find('/', start);
        std::string part = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (part.empty() || part == "." || part == ".." || part.size() > 255 || ++depth > maxDepth) return false;
        if (end == std::string::npos) return true;
        start = end + 1;
    }
}

void writeNewFile(const fs::path& file, const std::string& data) {
    int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) throw Error(errnoMessage("cannot create " + file.string()));
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            std::string msg = errnoMessage("cannot write " + file.string());
            ::close(fd);
            throw Error(msg);
        }
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
}

}  // namespace

std::vector<StoredRun> storedRuns(Db& db, const std::string& machine) {
    const std::string all =
        "SELECT r.id, m.name, r.name, r.start_epoch FROM runs r JOIN machines m ON m.id = r.machine_id ";
    Stmt q(db, all + (machine.empty() ? "" : "WHERE m.name = ? ") + "ORDER BY r.start_epoch, r.id");
    if (!machine.empty()) q.bind(1, machine);
    std::vector<StoredRun> runs;
    while (q.step()) runs.push_back({q.integer(0), q.text(1), q.text(2), q.integer(3)});
    return runs;
}

std::vector<StoredRun> storedRunsNamed(Db& db, const std::string& name) {
    Stmt q(db,
           "SELECT r.id, m.name, r.name, r.start_epoch FROM runs r JOIN machines m ON m.id = r.machine_id "
           "WHERE r.name = ? ORDER BY m.name");
    q.bind(1, name);
    std::vector<StoredRun> runs;
    while (q.step()) runs.push_back({q.integer(0), q.text(1), q.text(2), q.integer(3)});
    return runs;
}

std::vector<std::string> storedMachines(Db& db) {
    Stmt q(db, "SELECT name FROM machines ORDER BY name");
    std::vector<std::string> machines;
    while (q.step()) machines.push_back(q.text(0));
    return machines;
}

void exportRun(Db& db, const StoredRun& run, const fs::path& dir, const std::string& label, std::size_t maxBytes) {
    if (!isSafeRelativePath(label, 1)) throw StoreError("run name '" + label + "' cannot be a directory name");
    const fs::path runDir = dir / label;
    fs::create_directory(runDir);
    Stmt q(db, "SELECT f.path, b.data FROM files f JOIN blobs b ON b.hash = f.hash WHERE f.run_id = ? ORDER BY f.path",
           Fetch::OneByOne);
    q.bind(1, run.id);
    std::size_t bytes = 0;
    while (q.step()) {
        const std::string path = q.text(0);
        if (!isSafeRelativePath(path, 32))
            throw StoreError("store " + db.name() + ": run " + run.name + " holds a file path that leaves the run ('" +
                             path.substr(0, 80) + "'); refused");
        std::string data = q.text(1);
        bytes += data.size();
        if (bytes > maxBytes)
            throw StoreError("store " + db.name() + ": run " + run.name + " passes " + std::to_string(maxBytes >> 20) +
                             " MiB of files; refused");
        fs::path file = runDir / path;
        std::error_code ec;
        fs::create_directories(file.parent_path(), ec);
        writeNewFile(file, data);
    }
}

std::size_t storedBytes(Db& db, const std::vector<StoredRun>& runs) {
    Stmt q(db, "SELECT coalesce(sum(b.size), 0) FROM files f JOIN blobs b ON b.hash = f.hash WHERE f.run_id = ?");
    std::size_t total = 0;
    for (const StoredRun& r : runs) {
        q.bind(1, r.id);
        if (q.step()) total += static_cast<std::size_t>(std::max<std::int64_t>(q.integer(0), 0));
        q.reset();
    }
    return total;
}

PrivateTempDir::PrivateTempDir(std::size_t expectedBytes) {
    const char* tmp = std::getenv("TMPDIR");
    std::string base = tmp && *tmp ? tmp : "/tmp";
    if (!(tmp && *tmp) && expectedBytes < (std::size_t{256} << 20) && ::access("/dev/shm", W_OK | X_OK) == 0)
        base = "/dev/shm";
    std::string tmpl = base + "/results-store.XXXXXX";
    if (!::mkdtemp(tmpl.data())) throw Error(errnoMessage("cannot create a directory like " + tmpl));
    path_ = tmpl;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        fs::remove_all(path_);
        throw Error(errnoMessage("pipe"));
    }
    pid_t pid = ::fork();
    if (pid == 0) {
        // The watcher: waits for the parent's end to close, removes the
        // directory. Ctrl-C reaches the whole process group: it outlives it.
        for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) std::signal(sig, SIG_IGN);
        ::close(fds[1]);
        char c;
        while (::read(fds[0], &c, 1) < 0 && errno == EINTR) {
        }
        std::error_code ec;
        fs::remove_all(path_, ec);
        ::_exit(0);
    }
    ::close(fds[0]);
    if (pid < 0) {
        ::close(fds[1]);
        fs::remove_all(path_);
        throw Error(errnoMessage("fork"));
    }
    watcherPipe_ = fds[1];
}

PrivateTempDir::~PrivateTempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
    // The watcher wakes, finds nothing left and exits; it is not waited
    // for (under load its wake-up costs a report tens of milliseconds), and
    // the program exits right after, so init reaps it.
    ::close(watcherPipe_);
}

}  // namespace mmtp::compare::store
