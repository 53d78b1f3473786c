// guest_image.cpp - the guest's initramfs (guest_image.hpp).
#include "mitigation-matrix/guest_image.hpp"

#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "common/preflight.hpp"
#include "mitigation-matrix/config_text.hpp"
#include "mitigation-matrix/cpio_writer.hpp"
#include "mitigation-matrix/guest_check.hpp"
#include "mitigation-matrix/guest_needs.hpp"

#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

std::string readWhole(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot read " + file.string());
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

fs::path need(const std::string& what, const fs::path& path, const std::string& hint) {
    if (path.empty() || !fs::is_regular_file(path)) throw UnsupportedError("no " + what + " (" + hint + ")");
    return path;
}

// Every folder above path, so the archive creates them before the file.
void addParents(CpioWriter& cpio, std::set<std::string>& made, const std::string& path) {
    for (auto slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1)) {
        const std::string dir = path.substr(0, slash);
        if (!dir.empty() && made.insert(dir).second) cpio.directory(dir);
    }
}

void addFile(CpioWriter& cpio, std::set<std::string>& made, const std::string& path, const std::string& bytes,
             bool executable) {
    addParents(cpio, made, path);
    if (made.insert(path).second) cpio.file(path, bytes, executable);
}

}  // namespace

GuestPayload findGuestPayload(const fs::path& binDir, const std::vector<fs::path>& configs) {
    GuestPayload p;
    std::string busybox = findExecutable("busybox");
    if (busybox.empty() && fs::is_regular_file("/bin/busybox")) busybox = "/bin/busybox";
    p.busybox = need("busybox", busybox, "apt-get install busybox-static, or scripts/install-deps.sh --test");
    p.bash = need("bash", findExecutable("bash"), "run-config sources configs with bash");
    p.runConfig = need("run-config", binDir / "run-config", "make builds it beside mitigation-matrix");
    p.checker = need("mitigation-matrix", binDir / "mitigation-matrix", "the guest's boot check is this program");
    std::set<std::string> benches;
    WorkloadNeeds needs;
    auto addWorkload = [&](const std::string& bench, const std::string& why) {
        if (!benches.insert(bench).second) return;
        p.workloads.push_back(need("workload " + bench, binDir / bench, why));
        askNeeds(needs, p.workloads.back());
    };
    for (const auto& config : configs) {
        // Read as text: the config runs only in the guest (config_text.hpp).
        for (const auto& bench : benchesFromConfig(config)) addWorkload(bench, "config " + config.string() + " runs it");
    }
    for (std::size_t i = 0; i < needs.siblings.size(); ++i)  // grows as the siblings say theirs
        addWorkload(needs.siblings[i], "a workload runs it (its --print-needs)");
    for (const auto& program : needs.programs)
        p.programs.emplace_back(program, need(program, findExecutable(program),
                                              "a workload needs it in the guest (its --print-needs); install it"));
    p.users = needs.users;
    p.scratchDiskVariables = needs.scratchDiskVariables;
    return p;
}

std::vector<std::string> sharedLibraries(const fs::path& binary, const fs::path& scratch) {
    const fs::path out = scratch / "ldd.out";
    SpawnOptions o;
    o.argv = {"ldd", binary.string()};
    o.stdinPath = "/dev/null";
    o.stdoutPath = out;
    o.stderrPath = "/dev/null";
    ChildProcess::spawn(o).wait();  // "not a dynamic executable" exits 1: no libraries
    std::vector<std::string> libs;
    std::istringstream in(readWhole(out));
    for (std::string word; in >> word;)
        if (word[0] == '/') libs.push_back(word);
    return libs;
}

std::vector<GuestFile> guestFiles(const GuestPayload& payload, const fs::path& scratch) {
    std::vector<GuestFile> files;
    std::set<std::string> libs;
    auto binary = [&](const std::string& at, const fs::path& from) {
        files.push_back({at, from});
        for (const auto& lib : sharedLibraries(from, scratch)) libs.insert(lib);
    };
    binary("bin/busybox", payload.busybox);
    binary("usr/local/bin/bash", payload.bash);
    binary("matrix/bin/run-config", payload.runConfig);
    binary("matrix/bin/matrix-boot-check", payload.checker);
    for (const auto& w : payload.workloads) binary("matrix/bin/" + w.filename().string(), w);
    // On the guest's PATH ahead of busybox's applets (a workload may need
    // the real program where busybox has a smaller one of that name).
    for (const auto& [name, from] : payload.programs) binary("usr/local/bin/" + name, from);
    for (const auto& lib : libs) files.push_back({lib.substr(1), lib});
    return files;
}

namespace {

// Our binaries carry their debug info (-g): 23 MB for mitigation-matrix,
// most of every guest's initramfs, which each TCG boot unpacks. The guest
// gets them without it (strip --strip-debug into scratch), as they are when
// strip is missing or fails.
std::string guestBytes(const GuestFile& f, const fs::path& scratch) {
    static const std::string strip = findExecutable("strip");
    if (f.at.rfind("matrix/bin/", 0) != 0 || strip.empty()) return readWhole(f.from);
    const fs::path out = scratch / ("stripped-" + f.from.filename().string());
    SpawnOptions o;
    o.argv = {strip, "--strip-debug", "-o", out.string(), f.from.string()};
    o.stdinPath = "/dev/null";
    o.stdoutPath = "/dev/null";
    o.stderrPath = "/dev/null";
    if (!ChildProcess::spawn(o).wait().success()) return readWhole(f.from);
    std::string bytes = readWhole(out);
    fs::remove(out);
    return bytes;
}

// The guest's accounts: root, and each user a workload runs something as
// (nobody keeps its usual 65534; another gets 60000 + its place).
int userId(const std::string& user, std::size_t place) { return user == "nobody" ? 65534 : 60000 + int(place); }

std::string passwdText(const std::vector<std::string>& users) {
    std::string out = "root:x:0:0:root:/tmp:/bin/sh\n";
    for (std::size_t i = 0; i < users.size(); ++i) {
        const std::string id = std::to_string(userId(users[i], i));
        out += users[i] + ":x:" + id + ":" + id + ":" + users[i] + ":/nonexistent:/bin/false\n";
    }
    return out;
}

std::string groupText(const std::vector<std::string>& users) {
    std::string out = "root:x:0:\n";
    for (std::size_t i = 0; i < users.size(); ++i)
        out += (users[i] == "nobody" ? std::string("nogroup") : users[i]) + ":x:" +
               std::to_string(userId(users[i], i)) + ":\n";
    return out;
}

}  // namespace

std::string buildGuestArchive(const GuestPayload& payload, const fs::path& scratch) {
    CpioWriter cpio;
    std::set<std::string> made;
    addFile(cpio, made, "init", guestInitScript(), true);
    addFile(cpio, made, "etc/passwd", passwdText(payload.users), false);
    addFile(cpio, made, "etc/group", groupText(payload.users), false);
    std::string variables;
    for (const auto& v : payload.scratchDiskVariables) variables += v + "\n";
    addFile(cpio, made, "matrix/scratch-variables", variables, false);
    for (const auto& f : guestFiles(payload, scratch)) addFile(cpio, made, f.at, guestBytes(f, scratch), true);
    return cpio.finish();
}

std::string rowArchive(const MatrixRow& row, int iterations, const KernelIdentity& kernel,
                       const std::vector<GuestFile>& modules) {
    CpioWriter cpio;
    std::set<std::string> made{"matrix"};  // the shared archive made it
    addFile(cpio, made, "matrix/row", row.name + "\n", false);
    addFile(cpio, made, "matrix/iterations", std::to_string(iterations) + "\n", false);
    addFile(cpio, made, "matrix/config", readWhole(row.config), false);
    addFile(cpio, made, "matrix/check", rowCheckText(row, kernel), false);
    std::string order;
    for (const auto& m : modules) {
        addFile(cpio, made, m.at, readWhole(m.from), false);
        order += "/" + m.at + "\n";
    }
    addFile(cpio, made, "matrix/modules", order, false);
    return cpio.finish();
}

}  // namespace mmtp::matrix
