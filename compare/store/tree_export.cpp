#include "store/tree_export.hpp"

#include "base/errors.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <system_error>

namespace fs = std::filesystem;

namespace mmtp::compare::store {

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

namespace {

// shown: how messages name the file (never the private tree's path).
void writeNewFile(const fs::path& file, const std::string& data, const std::string& shown) {
    int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) throw Error(errnoMessage(shown + ": cannot write it back"));
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            std::string msg = errnoMessage(shown + ": cannot write it back");
            ::close(fd);
            throw Error(msg);
        }
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
}

}  // namespace

// The directories above a stored path (checked: no "..", no empty part),
// each made once per export: files come in path order, many in one
// directory, and create_directories stat()ed every level for each.
void TreeExport::makeParents(const fs::path& runDir, const std::string& label, const std::string& path) {
    for (std::size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1)) {
        const fs::path dir = runDir / path.substr(0, slash);
        if (!made_.insert(dir.string()).second) continue;
        std::error_code ec;
        // A failure shows when the file cannot be written.
        if (fs::create_directory(dir, ec)) remember(label + "/" + path.substr(0, slash), true);
    }
}

void TreeExport::remember(std::string path, bool directory) {
    if (madeNames_.size() < kMaxMadeNames) madeNames_.push_back({std::move(path), directory});
}

std::vector<StoredRun> storedRuns(Db& db, const std::string& machine, bool withReplaced) {
    const std::string all =
        "SELECT r.id, m.name, r.name, r.start_epoch, r.replaced_epoch, r.replaced_name FROM runs r "
        "JOIN machines m ON m.id = r.machine_id WHERE 1 = 1 ";
    Stmt q(db, all + (machine.empty() ? "" : "AND m.name = ? ") + (withReplaced ? "" : "AND r.replaced_epoch IS NULL ") +
                   "ORDER BY r.start_epoch, r.id");
    if (!machine.empty()) q.bind(1, machine);
    std::vector<StoredRun> runs;
    while (q.step()) {
        runs.push_back({q.integer(0), q.text(1), q.text(2), q.integer(3), q.integer(4)});
        // A superseded run is shown as NAME/replaced-ID: no run (a directory) can be named so.
        if (!q.isNull(5)) runs.back().name = q.text(5) + "/replaced-" + std::to_string(runs.back().id);
    }
    return runs;
}

std::vector<StoredRun> storedRunsNamed(Db& db, const std::string& name) {
    Stmt q(db,
           "SELECT r.id, m.name, r.name, r.start_epoch FROM runs r JOIN machines m ON m.id = r.machine_id "
           "WHERE r.name = ? AND r.replaced_epoch IS NULL ORDER BY m.name");
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

std::vector<StoredPath> storedPaths(Db& db, const StoredRun& run, std::size_t filesBefore, const ExportLimits& limits) {
    const std::string refused = "store " + db.name() + ": run " + run.name + " ";
    std::vector<StoredPath> files;
    Stmt q(db, "SELECT path, hash FROM files WHERE run_id = ? ORDER BY path", Fetch::OneByOne);
    q.bind(1, run.id);
    while (q.step()) {
        if (files.size() >= limits.filesPerRun || filesBefore + files.size() >= limits.files)
            throw StoreError(refused + "passes " + std::to_string(limits.filesPerRun) + " files (or the report " +
                             std::to_string(limits.files) + "); refused");
        files.push_back({q.text(0), q.text(1)});
        if (!isSafeRelativePath(files.back().path, kMaxStoredPathDepth))
            throw StoreError(refused + "holds a file path that leaves the run ('" + files.back().path.substr(0, 80) +
                             "'); refused");
        if (files.size() > 1 && files[files.size() - 2].path == files.back().path)
            throw StoreError(refused + "holds one file path twice; refused");
    }
    return files;
}

bool eachRunBlob(Db& db, const StoredRun& run, const std::vector<StoredPath>& files,
                 const std::function<void(const std::string& hash, const std::string& data, const BlobPaths&)>& take) {
    std::map<std::string, BlobPaths> pathsOf;  // hash -> the paths naming it
    for (const StoredPath& f : files) pathsOf[f.hash].push_back(&f.path);
    Stmt blobs(db, "SELECT hash, data FROM blobs WHERE hash IN (SELECT hash FROM files WHERE run_id = ?)",
               Fetch::OneByOne);
    blobs.bind(1, run.id);
    std::string hash, data;
    while (blobs.step()) {
        blobs.textInto(0, hash);
        auto named = pathsOf.find(hash);
        if (named == pathsOf.end()) continue;
        blobs.textInto(1, data);
        take(hash, data, named->second);
        pathsOf.erase(named);
    }
    return pathsOf.empty();
}

TreeExport::TreeExport(Db& db, fs::path dir, ExportLimits limits) : db_(db), dir_(std::move(dir)), limits_(limits) {}

void TreeExport::add(const StoredRun& run, const std::string& label) {
    if (!isSafeRelativePath(label, 1)) throw StoreError("run name '" + label + "' cannot be a directory name");
    const std::string refused = "store " + db_.name() + ": run " + run.name + " ";
    // Paths first (names only, bounded), then each blob once: a blob named
    // by many paths is read and written once, the other paths linked to it.
    const std::vector<StoredPath> files = storedPaths(db_, run, files_, limits_);
    files_ += files.size();
    const fs::path runDir = dir_ / label;
    if (fs::create_directory(runDir)) remember(label, true);
    writeFiles(run, label, files, refused);
}

// Each blob of the run comes once, in one query (a query a file was a round
// trip each to PostgreSQL), and is written to the first path naming it; the
// other paths are linked to that file.
void TreeExport::writeFiles(const StoredRun& run, const std::string& label, const std::vector<StoredPath>& files,
                            const std::string& refused) {
    const bool whole = eachRunBlob(db_, run, files, [&](const std::string& hash, const std::string& data,
                                                        const BlobPaths& paths) {
        if (written_.find(hash) == written_.end()) {
            bytes_ += data.size();
            if (bytes_ > limits_.bytes)
                throw StoreError(refused + "takes the report past " + std::to_string(limits_.bytes >> 20) +
                                 " MiB of files; refused");
            const std::string& first = *paths.front();
            makeParents(dir_ / label, label, first);
            writeNewFile(dir_ / label / first, data, refused + "file " + first);
            remember(label + "/" + first, false);
            written_.emplace(hash, dir_ / label / first);
        }
        linkPaths(label, paths, written_.at(hash), refused);
    });
    if (!whole) throw StoreError(refused + "names a file whose content is not stored; refused");
}

// paths (of one blob) as links to the file holding it, but for that file.
void TreeExport::linkPaths(const std::string& label, const BlobPaths& paths, const fs::path& holder,
                           const std::string& refused) {
    const fs::path runDir = dir_ / label;
    for (const std::string* path : paths) {
        const fs::path file = runDir / *path;
        if (file == holder) continue;
        makeParents(runDir, label, *path);
        if (::link(holder.c_str(), file.c_str()) != 0)
            throw Error(errnoMessage(refused + "file " + *path + ": cannot write it back"));
        remember(label + "/" + *path, false);
    }
}

std::size_t storedBytes(Db& db, const std::vector<StoredRun>& runs) {
    Stmt q(db,
           "SELECT coalesce(sum(length(b.data)), 0) FROM blobs b "
           "WHERE b.hash IN (SELECT hash FROM files WHERE run_id = ?)");
    std::size_t total = 0;
    for (const StoredRun& r : runs) {
        q.bind(1, r.id);
        if (q.step()) total += static_cast<std::size_t>(std::max<std::int64_t>(q.integer(0), 0));
        q.reset();
    }
    return total;
}

namespace {

// Everything inside the directory dirFd is open on, through descriptors
// only (a name below is never followed: O_NOFOLLOW, and unlinkat on the
// name in the directory already opened). Depth is bounded by the export's.
void removeContents(int dirFd, int depth = 0) {
    if (depth > 64) return;
    int listFd = ::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (listFd < 0) return;
    DIR* d = ::fdopendir(listFd);
    if (!d) {
        ::close(listFd);
        return;
    }
    std::vector<std::pair<std::string, bool>> names;  // name, a directory
    while (dirent* e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
            names.emplace_back(e->d_name, e->d_type == DT_DIR);
    ::closedir(d);
    for (const auto& [name, isDir] : names) {
        // A directory (by readdir's type) goes straight to its contents: an
        // unlink of it would only fail; an unknown type is tried as a file.
        if (!isDir && (::unlinkat(dirFd, name.c_str(), 0) == 0 || (errno != EISDIR && errno != EPERM))) continue;
        int sub = ::openat(dirFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0) continue;
        removeContents(sub, depth + 1);
        ::close(sub);
        ::unlinkat(dirFd, name.c_str(), AT_REMOVEDIR);
    }
}

// Removes the directory dirFd is open on, whose name in parentFd is name:
// its contents through dirFd, then the name only while it still is this
// directory (same device and inode). Nothing when it is already removed.
void removeOwnDirectory(int parentFd, int dirFd, const std::string& name) {
    struct stat own {};
    if (::fstat(dirFd, &own) != 0 || own.st_nlink == 0) return;  // removed already: its name may be another's now
    removeContents(dirFd);
    struct stat there {};
    if (::fstatat(parentFd, name.c_str(), &there, AT_SYMLINK_NOFOLLOW) == 0 && there.st_dev == own.st_dev &&
        there.st_ino == own.st_ino)
        ::unlinkat(parentFd, name.c_str(), AT_REMOVEDIR);
}

// The names made inside the directory dirFd is open on, newest first (so a
// directory's contents go before it), each by its path relative to dirFd:
// inside a 0700 directory of ours only this process (or root) makes a
// name, and it makes no symlink, so each path leads where it was made.
// A name that does not go (something else put there) stays for the walk.
void removeMadeNames(int dirFd, const std::vector<MadeName>& names) {
    for (auto it = names.rbegin(); it != names.rend(); ++it)
        ::unlinkat(dirFd, it->path.c_str(), it->directory ? AT_REMOVEDIR : 0);
}

// What the watcher is given: the directory the tree was made in, the
// tree's own, and its name there.
struct HeldDirectory {
    int parentFd = -1, dirFd = -1;
    std::string name;
};

// The two descriptors' control buffer, and a message of one piece of data with it.
using TwoFdControl = char[CMSG_SPACE(2 * sizeof(int))];
msghdr messageWith(iovec& iov, TwoFdControl& control) {
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    return msg;
}

bool sendDirectory(int socket, const HeldDirectory& held) {
    iovec iov{const_cast<char*>(held.name.data()), held.name.size()};
    alignas(cmsghdr) TwoFdControl control = {};
    msghdr msg = messageWith(iov, control);
    cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(2 * sizeof(int));
    const int fds[2] = {held.parentFd, held.dirFd};
    std::memcpy(CMSG_DATA(c), fds, sizeof fds);
    ssize_t n;
    while ((n = ::sendmsg(socket, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
    }
    return n == static_cast<ssize_t>(held.name.size());
}

// Nothing (parentFd -1) when the program ended before it made a directory.
HeldDirectory receiveDirectory(int socket) {
    char name[256];
    iovec iov{name, sizeof name};
    alignas(cmsghdr) TwoFdControl control = {};
    msghdr msg = messageWith(iov, control);
    ssize_t n;
    while ((n = ::recvmsg(socket, &msg, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
    }
    const cmsghdr* c = CMSG_FIRSTHDR(&msg);
    if (n <= 0 || !c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS ||
        c->cmsg_len != CMSG_LEN(2 * sizeof(int)))
        return {};
    int fds[2];
    std::memcpy(fds, CMSG_DATA(c), sizeof fds);
    return {fds[0], fds[1], std::string(name, static_cast<std::size_t>(n))};
}

// The watcher: waits for the directory, then for the program's end of the
// socket to close, and removes it. Ctrl-C reaches the whole process group:
// it outlives it.
[[noreturn]] void watch(int socket) {
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) std::signal(sig, SIG_IGN);
    const HeldDirectory held = receiveDirectory(socket);
    if (held.parentFd >= 0) {
        char c;
        while (::read(socket, &c, 1) < 0 && errno == EINTR) {
        }
        removeOwnDirectory(held.parentFd, held.dirFd, held.name);
    }
    ::_exit(0);
}

}  // namespace

PrivateTempDir::PrivateTempDir(Deferred) {
    // SEQPACKET: the directory comes as one message with its descriptors,
    // and a read returns 0 once the program's end is closed.
    int fds[2] = {-1, -1};
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) != 0)
        throw Error(errnoMessage("cannot set up a private directory's watcher"));
    pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        watch(fds[1]);
    }
    ::close(fds[1]);
    if (pid < 0) {
        std::string msg = errnoMessage("fork");
        ::close(fds[0]);
        throw Error(msg);
    }
    watcher_ = fds[0];
}

void PrivateTempDir::create(std::size_t expectedBytes) {
    const char* tmp = std::getenv("TMPDIR");
    std::string base = tmp && *tmp ? tmp : "/tmp";
    if (!(tmp && *tmp) && expectedBytes < (std::size_t{256} << 20) && ::access("/dev/shm", W_OK | X_OK) == 0)
        base = "/dev/shm";
    parentFd_ = ::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (parentFd_ < 0) throw Error(errnoMessage("cannot open " + base));
    std::string tmpl = base + "/results-store.XXXXXX";
    if (!::mkdtemp(tmpl.data())) throw Error(errnoMessage("cannot create a directory like " + tmpl));
    path_ = tmpl;
    const std::string name = path_.filename().string();
    dirFd_ = ::openat(parentFd_, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirFd_ < 0 || !sendDirectory(watcher_, {parentFd_, dirFd_, name})) {
        std::string msg = errnoMessage("cannot set up " + path_.string());
        if (dirFd_ >= 0) removeOwnDirectory(parentFd_, dirFd_, name);
        path_.clear();
        throw Error(msg);
    }
}

PrivateTempDir::~PrivateTempDir() {
    if (dirFd_ >= 0) {
        removeMadeNames(dirFd_, madeNames_);
        removeOwnDirectory(parentFd_, dirFd_, path_.filename().string());
        ::close(dirFd_);
    }
    if (parentFd_ >= 0) ::close(parentFd_);
    // The watcher wakes, finds its directory removed (or none given) and
    // exits without touching a path; it is not waited for (under load its
    // wake-up costs a report tens of milliseconds), and the program exits
    // right after, so init reaps it.
    ::close(watcher_);
}

}  // namespace mmtp::compare::store
