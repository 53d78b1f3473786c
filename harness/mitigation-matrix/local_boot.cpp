// local_boot.cpp - the kexec and manual backends' real hooks (local_boot.hpp).
#include "mitigation-matrix/local_boot.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "common/child_process.hpp"
#include "common/temp_dir.hpp"
#include "mitigation-matrix/guest_check.hpp"
#include "mitigation-matrix/tree_import.hpp"
#include "mitigation-matrix/unit_quoting.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr const char* kVulnerabilities = "/sys/devices/system/cpu/vulnerabilities";

std::string readText(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// The options of this step that the next one repeats.
std::string nextStepOptions(const LocalSetup& s) {
    std::string out = s.untilDecided ? " --until-decided" : "";
    if (s.iterationsPerBoot > 0) out += " --iterations-per-boot " + std::to_string(s.iterationsPerBoot);
    return out;
}

// What the guest's /init records, read here.
void addEvidence(BootFiles& files, const fs::path& scratch) {
    files.files.push_back({"boot/boot-id", currentBootId() + "\n"});
    files.files.push_back({"boot/release", currentRelease() + "\n"});
    files.files.push_back({"boot/cmdline", readText("/proc/cmdline")});
    std::string vulns;
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(kVulnerabilities, ec))
        vulns += f.path().string() + ":" + readText(f.path());
    files.files.push_back({"boot/vulnerabilities", vulns});
    SpawnOptions o;
    o.argv = {"dmesg"};
    o.stdinPath = "/dev/null";
    o.stdoutPath = scratch / "dmesg";
    o.stderrPath = "/dev/null";
    ChildProcess::spawn(o).wait();
    files.files.push_back({"boot/dmesg", readText(scratch / "dmesg")});
}

BootFiles measureLocally(const LocalSetup& setup, const MatrixRow& row, int iterations, const KernelIdentity& kernel) {
    TempDir scratch("mitigation-matrix");
    BootFiles files;
    addEvidence(files, scratch.path());
    // Checked before measured: a boot that is not the row's runs nothing.
    try {
        if (auto why = checkBoot({row, kernel}, evidenceFrom(files))) {
            std::cout << "mitigation-matrix: not measured: " << *why << std::endl;
            return files;
        }
    } catch (const Error& e) {
        return files;  // the host's settle names what the evidence lacks
    }
    SpawnOptions o;
    o.argv = {(setup.binDir / "run-config").string(),
              row.config.string(),
              row.name,
              "--work-dir",
              (scratch.path() / "work").string(),
              "--set",
              "MMTEST_ITERATIONS=" + std::to_string(iterations)};
    o.stdinPath = "/dev/null";
    o.stdoutPath = scratch.path() / "run-config.out";
    o.stderrToStdout = true;
    const ExitStatus st = ChildProcess::spawn(o).wait();
    files.files.push_back({"boot/run-config.out", readText(scratch.path() / "run-config.out")});
    files.files.push_back({"boot/run-config.status", std::to_string(st.shellCode()) + "\n"});
    if (fs::is_directory(scratch.path() / "work" / "log")) addTreeFiles(files, scratch.path() / "work" / "log", "log");
    return files;
}

void run(const std::vector<std::string>& argv) {
    SpawnOptions o;
    o.argv = argv;
    o.stdinPath = "/dev/null";
    const ExitStatus st = ChildProcess::spawn(o).wait();
    if (!st.success()) throw Error(argv[0] + " " + argv[1] + " " + st.describe());
}

}  // namespace

std::string currentBootId() {
    std::string id = readText("/proc/sys/kernel/random/boot_id");
    return id.substr(0, id.find('\n'));
}

std::vector<std::string> kexecLoadCommand(const MatrixSpec& spec, const MatrixRow& row, const KernelIdentity& kernel) {
    if (spec.baseCmdline.empty())
        throw UsageError("matrix " + spec.file.string() +
                         ": the kexec backend needs base-cmdline in [matrix] (root=... as in /proc/cmdline)");
    needImage(row, kernel);
    std::vector<std::string> argv = {"kexec", "-l", kernel.image.string()};
    const std::string initrd = row.runningKernel() ? "/boot/initrd.img-" + kernel.release : row.initrd;
    if (!initrd.empty()) argv.push_back("--initrd=" + initrd);
    argv.push_back("--append=" + spec.baseCmdline + (row.cmdline.empty() ? "" : " " + row.cmdline));
    return argv;
}

std::string systemdUnitText(const LocalSetup& s) {
    // systemd is not a shell: no control character, and every path quoted
    // and escaped for systemd (unit_quoting.hpp).
    refuseControlsInUnit("the program path", s.self.string());
    refuseControlsInUnit("the matrix path", s.matrixFile.string());
    refuseControlsInUnit("the work dir", s.workDir.string());
    return "# mitigation-matrix: runs the next step of the boot schedule in " + s.workDir.string() +
           " after each boot.\n"
           "# Install: cp this file /etc/systemd/system/ && systemctl enable mitigation-matrix-resume.service\n"
           "[Unit]\n"
           "Description=mitigation-matrix: resume the boot schedule in " +
           systemdSpecifierEscaped(s.workDir.string()) +
           "\n"
           "After=multi-user.target\n\n"
           "[Service]\n"
           "Type=oneshot\n"
           "ExecStart=" +
           systemdQuoted(s.self.string()) + " " + systemdQuoted(s.matrixFile.string()) + " --work-dir " +
           systemdQuoted(s.workDir.string()) + " --backend kexec" + nextStepOptions(s) +
           "\n\n"
           "[Install]\n"
           "WantedBy=multi-user.target\n";
}

std::string manualInstructions(const MatrixSpec& spec, const MatrixRow& row, const KernelIdentity& kernel,
                               int bootNumber, const LocalSetup& s) {
    std::string kernelRelease = kernel.release.empty() ? kernel.image.filename().string() : kernel.release;
    if (kernelRelease.rfind("vmlinuz-", 0) == 0) kernelRelease.erase(0, 8);
    std::ostringstream out;
    out << "mitigation-matrix: next, boot " << bootNumber << ": row " << row.name << "\n"
        << "  kernel:  " << kernel.image.string() << (kernel.release.empty() ? "" : " (" + kernel.release + ")") << "\n"
        << "  cmdline: add '" << row.cmdline << "'"
        << (spec.baseCmdline.empty() ? "" : " to '" + spec.baseCmdline + "'") << "\n"
        << "  grub:    grub-reboot 'Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux "
        << kernelRelease << "'  (then add the cmdline at the menu with 'e')\n"
        << "  then run: "
        << escapeControls(shellQuoted(s.self.string()) + " " + shellQuoted(s.matrixFile.string()) + " --work-dir " +
                          shellQuoted(s.workDir.string()))
        << " --backend manual" << nextStepOptions(s) << "\n";
    return out.str();
}

RebootHooks kexecHooks(const MatrixSpec& spec, const LocalSetup& setup) {
    return {currentBootId,
            [&spec, setup](const MatrixRow& row, const KernelIdentity& kernel) {
                return measureLocally(setup, row, bootIterations(spec, row), kernel);
            },
            [&spec, setup](const MatrixRow& row, const KernelIdentity& kernel, int bootNumber) {
                writeFileAtomically(setup.workDir / "matrix" / "mitigation-matrix-resume.service",
                                    systemdUnitText(setup));
                std::cout << "mitigation-matrix: boot " << bootNumber << " (" << row.name << "): kexec into it now"
                          << std::endl;
                run(kexecLoadCommand(spec, row, kernel));
                run({"systemctl", "kexec"});
            }};
}

RebootHooks manualHooks(const MatrixSpec& spec, const LocalSetup& setup) {
    return {currentBootId,
            [&spec, setup](const MatrixRow& row, const KernelIdentity& kernel) {
                return measureLocally(setup, row, bootIterations(spec, row), kernel);
            },
            [&spec, setup](const MatrixRow& row, const KernelIdentity& kernel, int bootNumber) {
                std::cout << manualInstructions(spec, row, kernel, bootNumber, setup) << std::flush;
            }};
}

}  // namespace mmtp::matrix
