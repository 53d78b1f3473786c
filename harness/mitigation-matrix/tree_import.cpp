// tree_import.cpp - a boot's files into DIR/log and DIR/matrix.
#include "mitigation-matrix/tree_import.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/fd.hpp"

#include <cctype>
#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

const std::string& need(const BootFiles& files, const std::string& path) {
    const std::string* bytes = files.find(path);
    if (!bytes) throw Error("the boot sent no " + path);
    return *bytes;
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// A new file in a folder this program just made: O_EXCL|O_NOFOLLOW anyway.
void writeNewFile(const fs::path& file, const std::string& bytes) {
    fs::create_directories(file.parent_path());
    UniqueFd fd(::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (fd.get() < 0 || !writeAll(fd.get(), bytes.data(), bytes.size()) || ::fsync(fd.get()) != 0)
        throw Error(errnoMessage("cannot write " + file.string()));
}

bool isStatusLine(const std::string& line) { return line.find(" status :: ") != std::string::npos; }

std::string readWhole(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// The row's mmtests-activity as it is (empty when there is none) and as it
// becomes: the earlier boots' lines, this boot's, and one "EPOCH status :: N"
// at the end (this boot's run-config status), as run-mmtests.sh ends a run.
struct Activity {
    fs::path file;
    std::optional<std::string> before;
    std::string after;
};

Activity nextActivity(const fs::path& runDir, const BootFiles& files, const std::string& row, int status) {
    Activity a{runDir / "mmtests-activity", std::nullopt, ""};
    const auto st = fs::symlink_status(a.file);
    if (fs::exists(st) && !fs::is_regular_file(st)) throw Error(a.file.string() + " is not a regular file");
    auto keep = [&a](const std::string& text) {
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (!isStatusLine(line)) a.after += line + "\n";
    };
    if (fs::exists(st)) keep(*(a.before = readWhole(a.file)));
    if (const std::string* guest = files.find("log/" + row + "/mmtests-activity")) keep(*guest);
    a.after += std::to_string(std::time(nullptr)) + " status :: " + std::to_string(status) + "\n";
    return a;
}

std::string iterName(int n) { return "iter-" + std::to_string(n); }

// The boot's iter-J (log/ROW/iter-J/ as the guest's run-config wrote it) in
// `dir`, with its boot-id and the boot's record. run-config records
// iter-J/boot-id itself: it must be the boot the guest reported.
void stageIteration(const fs::path& dir, const BootFiles& files, const std::string& row, int j,
                    const std::string& record) {
    const std::string prefix = "log/" + row + "/" + iterName(j) + "/";
    bool any = false;
    for (const auto& f : files.files) {
        if (f.path.rfind(prefix, 0) != 0) continue;
        writeNewFile(dir / f.path.substr(prefix.size()), f.bytes);
        any = true;
    }
    if (!any) throw Error("the boot's run-config wrote no " + prefix + " (see its run-config.out)");
    const std::string bootId = firstLine(need(files, "boot/boot-id"));
    if (const std::string* own = files.find(prefix + "boot-id")) {
        if (firstLine(*own) != bootId) throw Error("the boot's run-config recorded another boot-id than the boot sent");
    } else {
        writeNewFile(dir / "boot-id", bootId + "\n");
    }
    writeNewFile(dir / "matrix-boot.txt", record);
}

// A failed rename: the iterations already renamed (from..count-1) leave the
// tree, and so do the boot's activity lines.
void undoImport(const fs::path& runDir, int first, int from, int count, const Activity& activity) {
    try {
        for (int j = from; j < count; ++j) fs::remove_all(runDir / iterName(first + j));
        if (activity.before) writeFileAtomically(activity.file, *activity.before);
        else fs::remove(activity.file);
    } catch (const std::exception&) {  // a status line too many; acceptImported still finds no iter-FIRST
    }
}

}  // namespace

BootEvidence evidenceFrom(const BootFiles& files) {
    BootEvidence e;
    e.bootId = firstLine(need(files, "boot/boot-id"));
    e.release = firstLine(need(files, "boot/release"));
    e.cmdline = firstLine(need(files, "boot/cmdline"));
    e.vulnerabilities = parseVulnerabilities(need(files, "boot/vulnerabilities"));
    std::istringstream dmesg(need(files, "boot/dmesg"));
    for (std::string line; std::getline(dmesg, line);) e.dmesg.push_back(line);
    // A boot_id is a UUID: anything else is not written into the tree.
    bool plain = !e.bootId.empty() && e.bootId.size() <= 64;
    for (char c : e.bootId) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '-');
    if (!plain) throw Error("the boot sent a boot/boot-id that is not a boot_id");
    return e;
}

int runConfigStatus(const BootFiles& files) {
    const std::string* text = files.find("boot/run-config.status");
    if (!text) return 255;
    try {
        return std::stoi(*text);
    } catch (const std::exception&) {
        return 255;
    }
}

void keepBootRecord(const fs::path& workDir, int bootNumber, const std::string& record, const BootFiles& files,
                    const std::string& console) {
    const fs::path dir = workDir / "matrix" / "boots" / ("boot-" + std::to_string(bootNumber));
    fs::create_directories(dir);
    writeFileAtomically(dir / "matrix-boot.txt", record);
    writeFileAtomically(dir / "console.log", console);
    if (const std::string* out = files.find("boot/run-config.out")) writeFileAtomically(dir / "run-config.out", *out);
}

void importIterations(const fs::path& workDir, const MatrixRow& row, int first, int count, const BootFiles& files,
                      const std::string& record) {
    const fs::path runDir = workDir / "log" / row.name;
    const fs::path staging = workDir / "matrix" / "staging";
    fs::remove_all(staging);  // what an earlier, interrupted import left
    for (int j = 0; j < count; ++j) stageIteration(staging / iterName(j), files, row.name, j, record);
    for (int j = 0; j < count; ++j)
        if (const fs::path target = runDir / iterName(first + j); fs::exists(fs::symlink_status(target)))
            throw Error(target.string() + " exists already");
    fs::create_directories(runDir);
    // The renames are the last steps that can fail: a failure after them left
    // iter-Ns in the tree for a boot the state calls failed, and every later
    // boot of the row failed on "iter-N exists already".
    const Activity activity = nextActivity(runDir, files, row.name, runConfigStatus(files));
    writeFileAtomically(activity.file, activity.after);
    for (int j = count; j-- > 0;) {
        std::error_code ec;
        fs::rename(staging / iterName(j), runDir / iterName(first + j), ec);
        if (!ec) continue;
        undoImport(runDir, first, j + 1, count, activity);
        throw Error("cannot rename " + (staging / iterName(j)).string() + " to " +
                    (runDir / iterName(first + j)).string() + ": " + ec.message());
    }    fs::remove(staging);
}

void removePartialImport(const fs::path& workDir, const std::string& row, int first, int count) {
    const fs::path runDir = workDir / "log" / row;
    if (fs::exists(fs::symlink_status(runDir / iterName(first)))) return;
    for (int j = 1; j < count; ++j) fs::remove_all(runDir / iterName(first + j));
}

}  // namespace mmtp::matrix
