// qemu_backend.cpp - a fresh guest per boot (qemu_backend.hpp).
#include "mitigation-matrix/qemu_backend.hpp"

#include "base/atomic_file.hpp"
#include "base/clock.hpp"
#include "base/terminal_text.hpp"
#include "common/child_process.hpp"
#include "common/signals.hpp"
#include "mitigation-matrix/guest_image.hpp"
#include "mitigation-matrix/guest_modules.hpp"

#include <array>
#include <cerrno>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// What the guest needs whatever the row says and whatever boots it: the
// console on ttyS0 and a panic that ends the boot (-no-reboot) instead of
// hanging until the timeout.
constexpr const char* kGuestCmdline = "console=ttyS0 panic=-1";
// Only the qemu backend boots quiet: every byte of its console is an emulated
// UART write, and the kernel's log is read whole from dmesg anyway (a panic,
// an error still reach the console: they are below quiet's level). A LAVA
// boot may not: LAVA waits for the kernel's "Linux version" line (a notice,
// which quiet hides) before it looks for the prompt, and watches the log
// after it for panics.
constexpr const char* kQemuOnlyCmdline = " quiet";
// Under TCG a busy host delays the emulated timer past the kernel's check
// ("IO-APIC + timer doesn't work!" panics about one boot in eight at load 4).
constexpr const char* kTcgCmdline = " no_timer_check";
// The console lines that say why a guest died.
constexpr std::array kFatalMarks{"Kernel panic", "BUG:", "Oops", "timer doesn't work"};
// A guest's console kept in its boot record (the rest is not read).
constexpr std::size_t kMaxConsoleBytes = 4 << 20;

std::string readUpTo(const fs::path& file, std::size_t limit) {
    std::ifstream in(file, std::ios::binary);
    std::string text(limit, '\0');
    in.read(text.data(), std::streamsize(limit));
    text.resize(std::size_t(in.gcount()));
    return text;
}

bool cpuCanVirtualize() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("flags", 0) == 0)
            return line.find(" vmx") != std::string::npos || line.find(" svm") != std::string::npos;
    return false;
}

// qemu's -drive file= ends at a comma; ",," is a comma in the name.
std::string driveFileOption(const fs::path& file) {
    std::string out = "file=";
    for (char c : file.string()) out += c == ',' ? std::string(",,") : std::string(1, c);
    return out + ",if=virtio,format=raw";
}

// The boot's scratch disk: a sparse file, removed whatever becomes of the boot.
class ScratchDisk {
public:
    ScratchDisk(fs::path file, int mib) : file_(std::move(file)) {
        const int fd = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0) throw Error(errnoMessage("cannot create the guest's scratch disk " + file_.string()));
        const bool sized = ::ftruncate(fd, off_t(mib) << 20) == 0;
        const std::string why = sized ? "" : errnoMessage("cannot size the guest's scratch disk " + file_.string());
        ::close(fd);
        if (!sized) {
            std::error_code ignored;
            fs::remove(file_, ignored);
            throw Error(why);
        }
    }
    ~ScratchDisk() {
        std::error_code ignored;
        fs::remove(file_, ignored);
    }
    ScratchDisk(const ScratchDisk&) = delete;
    ScratchDisk& operator=(const ScratchDisk&) = delete;
    const fs::path& file() const { return file_; }

private:
    fs::path file_;
};

}  // namespace

Accel chooseAccel() { return ::access("/dev/kvm", R_OK | W_OK) == 0 && cpuCanVirtualize() ? Accel::Kvm : Accel::Tcg; }

const char* accelName(Accel a) { return a == Accel::Kvm ? "kvm" : "tcg"; }

std::string guestCmdline(Accel accel) { return std::string(kGuestCmdline) + (accel == Accel::Tcg ? kTcgCmdline : ""); }

std::string consoleCause(const std::string& console) {
    std::istringstream in(console);
    for (std::string line; std::getline(in, line);)
        for (const char* mark : kFatalMarks)
            if (line.find(mark) != std::string::npos) {
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return escapeControls(line);
            }
    return "";
}

QemuBackend::QemuBackend(const MatrixSpec& spec, Accel accel, std::string guestArchive, fs::path scratch)
    : spec_(spec), accel_(accel), guestArchive_(std::move(guestArchive)), scratch_(std::move(scratch)) {}

std::vector<std::string> QemuBackend::command(const MatrixRow& row, const fs::path& kernel, const fs::path& initrd,
                                              const fs::path& console, const fs::path& data,
                                              const fs::path& scratchDisk) const {
    std::string append = guestCmdline(accel_) + kQemuOnlyCmdline;
    if (!row.cmdline.empty()) append += " " + row.cmdline;
    return {"qemu-system-x86_64",
            "-accel",
            accelName(accel_),
            "-cpu",
            accel_ == Accel::Kvm ? "host" : spec_.guestCpuModel,
            "-m",
            std::to_string(spec_.guestMemoryMiB),
            "-smp",
            std::to_string(spec_.guestCpus),
            "-nodefaults",
            "-display",
            "none",
            "-no-reboot",
            "-kernel",
            kernel.string(),
            "-initrd",
            initrd.string(),
            "-append",
            append,
            "-serial",
            "file:" + console.string(),
            "-serial",
            "file:" + data.string(),
            "-drive",
            driveFileOption(scratchDisk)};
}

const fs::path& QemuBackend::rowInitramfs(const MatrixRow& row, const KernelIdentity& kernel) {
    const auto known = initrds_.find(row.name);
    if (known != initrds_.end()) return known->second;
    const fs::path initrd = scratch_ / ("initrd-" + std::to_string(initrds_.size()) + ".cpio");
    writeFileAtomically(
        initrd, guestArchive_ + rowArchive(row, bootIterations(spec_, row), kernel, scratchDiskModules(kernel.image)));
    std::cout << "mitigation-matrix: built the initramfs of row " << row.name << " ("
              << kernel.image.filename().string() << "), reused by its next boots" << std::endl;
    return initrds_.emplace(row.name, initrd).first->second;
}

GuestBoot QemuBackend::boot(const MatrixRow& row, const KernelIdentity& kernel, int bootNumber) {
    const fs::path dir = scratch_ / ("boot-" + std::to_string(bootNumber));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path console = dir / "console", data = dir / "data";
    const fs::path& initrd = rowInitramfs(row, kernel);
    const ScratchDisk disk(dir / "scratch.img", spec_.guestScratchMiB);
    SpawnOptions o;
    o.argv = command(row, kernel.image, initrd, console, data, disk.file());
    o.stdinPath = "/dev/null";
    o.stdoutPath = dir / "qemu.out";
    o.stderrToStdout = true;
    const double start = monotonicSeconds();
    ChildProcess qemu = ChildProcess::spawn(o);
    // Ctrl-C is looked at every second: the destructor then stops qemu.
    std::optional<ExitStatus> status;
    while (!status && monotonicSeconds() - start < spec_.bootTimeoutSeconds) {
        status = qemu.waitFor(std::chrono::seconds(1));
        if (!status) throwIfInterrupted();
    }
    GuestBoot out;
    out.seconds = monotonicSeconds() - start;
    out.console = readUpTo(console, kMaxConsoleBytes);
    const std::string cause = consoleCause(out.console);
    const std::string named = cause.empty() ? "" : "; console: \"" + cause + "\"";
    if (!status) {
        qemu.stop(std::chrono::seconds(2));
        throw GuestFailed(
            "the guest did not power off within " + std::to_string(spec_.bootTimeoutSeconds) + " s" + named,
            out.console);
    }
    if (!status->success())
        throw GuestFailed("qemu " + status->describe() + ": " + readUpTo(dir / "qemu.out", 400) + named, out.console);
    try {
        out.files = readSerialArchive(data);
    } catch (const Error& e) {
        throw GuestFailed(e.what() + named, out.console);
    }
    fs::remove_all(dir);
    return out;
}

}  // namespace mmtp::matrix
