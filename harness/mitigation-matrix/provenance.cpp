// provenance.cpp - a guest boot's host facts (provenance.hpp).
#include "mitigation-matrix/provenance.hpp"

#include "common/child_process.hpp"

#include <fstream>
#include <sstream>
#include <sys/utsname.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

std::string firstLineOf(const fs::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    return line;
}

std::string hostCpuModel() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return line.substr(line.find(':') + 2);
    return "unknown";
}

// One line of printable text per value: the file is read back as "key: value".
std::string plain(std::string s) {
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return s.empty() ? "unknown" : s;
}

bool isProvenanceOf(const std::string& path, const std::string& row) {
    const std::string prefix = "log/" + row + "/iter-";
    return path.rfind(prefix, 0) == 0 && path.size() > 15 &&
           path.compare(path.size() - 15, 15, "/provenance.txt") == 0 &&
           path.find('/', prefix.size()) == path.size() - 15;
}

}  // namespace

HostProvenance guestProvenance(Accel accel, const MatrixSpec& spec, const fs::path& scratch) {
    SpawnOptions o;
    o.argv = {"qemu-system-x86_64", "--version"};
    o.stdinPath = "/dev/null";
    o.stdoutPath = scratch / "qemu-version";
    o.stderrPath = "/dev/null";
    ChildProcess::spawn(o).wait();
    struct utsname u {};
    ::uname(&u);
    HostProvenance p;
    p.measuredOn = accel == Accel::Tcg ? "TCG emulation (qemu)" : "KVM virtual machine (qemu)";
    p.qemu = plain(firstLineOf(scratch / "qemu-version"));
    p.qemuCpu = accel == Accel::Tcg ? plain(spec.guestCpuModel) : "host";
    p.hostKernel = plain(u.release);
    p.hostCpu = plain(hostCpuModel());
    return p;
}

std::string provenanceLines(const HostProvenance& h) {
    return "measured-on: " + h.measuredOn + "\nqemu: " + h.qemu + "\nqemu-cpu: " + h.qemuCpu +
           "\nhost-kernel: " + h.hostKernel + "\nhost-cpu-model: " + h.hostCpu + "\n";
}

void addHostProvenance(BootFiles& files, const std::string& row, const HostProvenance& host) {
    for (auto& f : files.files) {
        if (!isProvenanceOf(f.path, row)) continue;
        std::istringstream in(f.bytes);
        std::string kept;
        for (std::string line; std::getline(in, line);)
            if (line.rfind("measured-on:", 0) != 0) kept += line + "\n";
        f.bytes = provenanceLines(host) + kept;
    }
}

}  // namespace mmtp::matrix
