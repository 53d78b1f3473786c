// provenance.hpp - where a guest's boot was measured, in the words only
// its host knows: TCG emulation or KVM, qemu's version and -cpu model, the
// host's kernel and CPU. They replace the guest's own "measured-on" line in
// iter-N/provenance.txt (run-config's, workloads/common/mitigation_snapshot.hpp),
// so a TCG tree says so wherever it goes (compare-kernels' Machine line and
// verdict, results-store), and runs from different accelerators or CPUs are
// never compared as kernels.
#pragma once
#include "mitigation-matrix/boot_files.hpp"
#include "mitigation-matrix/qemu_backend.hpp"

#include <filesystem>
#include <string>

namespace mmtp::matrix {

struct HostProvenance {
    std::string measuredOn;  // "TCG emulation (...)" or "KVM virtual machine"
    std::string qemu;        // `qemu-system-x86_64 --version`'s first line
    std::string qemuCpu;     // the guest's -cpu model
    std::string hostKernel;  // uname -r of the host
    std::string hostCpu;     // the host's CPU model name
};

// Asks qemu its version once (scratch: a private folder for its output).
HostProvenance guestProvenance(Accel accel, const MatrixSpec& spec, const std::filesystem::path& scratch);

std::string provenanceLines(const HostProvenance& host);

// Every log/ROW/iter-K/provenance.txt the boot sent: the host's lines in
// place of the guest's measured-on (the guest cannot tell TCG from KVM);
// the guest's CPU model and vendor stay (the emulated CPU's).
void addHostProvenance(BootFiles& files, const std::string& row, const HostProvenance& host);

}  // namespace mmtp::matrix
