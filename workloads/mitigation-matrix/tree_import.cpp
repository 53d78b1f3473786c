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

void importIteration(const fs::path& workDir, const MatrixRow& row, int iteration, const BootFiles& files,
                     const std::string& record) {
    const fs::path runDir = workDir / "log" / row.name;
    const fs::path target = runDir / ("iter-" + std::to_string(iteration));
    if (fs::exists(fs::symlink_status(target))) throw Error(target.string() + " exists already");
    const std::string prefix = "log/" + row.name + "/iter-0/";
    const fs::path staging = workDir / "matrix" / "staging";
    fs::remove_all(staging);  // what an earlier, interrupted import left
    bool any = false;
    for (const auto& f : files.files) {
        if (f.path.rfind(prefix, 0) != 0) continue;
        writeNewFile(staging / f.path.substr(prefix.size()), f.bytes);
        any = true;
    }
    if (!any) throw Error("the boot's run-config wrote no " + prefix + " (see its run-config.out)");
    // run-config in the guest records iter-0/boot-id itself; it must be the boot the guest reported.
    const std::string bootId = firstLine(need(files, "boot/boot-id"));
    if (const std::string* own = files.find(prefix + "boot-id")) {
        if (firstLine(*own) != bootId) throw Error("the boot's run-config recorded another boot-id than the boot sent");
    } else {
        writeNewFile(staging / "boot-id", bootId + "\n");
    }
    writeNewFile(staging / "matrix-boot.txt", record);
    fs::create_directories(runDir);
    // The rename is the last step that can fail: a failure after it left
    // iter-N in the tree for a boot the state calls failed, and every later
    // boot of the row failed on "iter-N exists already".
    const Activity activity = nextActivity(runDir, files, row.name, runConfigStatus(files));
    writeFileAtomically(activity.file, activity.after);
    std::error_code ec;
    fs::rename(staging, target, ec);
    if (!ec) return;
    try {  // the boot is not in the tree: neither are its activity lines
        if (activity.before) writeFileAtomically(activity.file, *activity.before);
        else fs::remove(activity.file);
    } catch (const std::exception&) {  // a status line too many; the tree and the state still agree
    }
    throw Error("cannot rename " + staging.string() + " to " + target.string() + ": " + ec.message());
}

}  // namespace mmtp::matrix
