// qemu_schedule.cpp - the schedule in fresh guests (qemu_schedule.hpp).
#include "mitigation-matrix/qemu_schedule.hpp"

#include "base/errors.hpp"
#include "common/temp_dir.hpp"
#include "mitigation-matrix/guest_image.hpp"
#include "mitigation-matrix/provenance.hpp"
#include "mitigation-matrix/schedule.hpp"
#include "mitigation-matrix/settle_boot.hpp"

#include <ctime>
#include <iomanip>
#include <iostream>

namespace fs = std::filesystem;

namespace mmtp::matrix {

void runQemuSchedule(const MatrixSpec& spec, const fs::path& workDir, const fs::path& binDir, Accel accel,
                     const MoreBoots& more) {
    // A missing kernel is refused here (loadOrStart binds every row's), not
    // failed at every boot of its row until the budget is spent.
    ScheduleState state = loadOrStart(spec, workDir);
    for (const auto& row : spec.rows) needImage(row, rowKernel(state, row));
    const fs::path file = statePath(workDir);
    acceptImported(state, workDir);
    for (auto which : {BootStatus::Started, BootStatus::Measuring})
        if (int n = failInterrupted(state, which, "interrupted: mitigation-matrix stopped while this guest ran"))
            std::cout << "mitigation-matrix: resuming; " << n << " boot in flight marked failed and redone"
                      << std::endl;
    saveState(file, state);

    TempDir scratch("mitigation-matrix");
    std::vector<fs::path> configs;
    for (const auto& row : spec.rows) configs.push_back(row.config);
    const GuestPayload payload = findGuestPayload(binDir, configs);
    QemuBackend qemu(spec, accel, buildGuestArchive(payload, scratch.path()), scratch.path());
    const HostProvenance host = guestProvenance(accel, spec, scratch.path());
    while (auto next = nextBootOrMore(state, spec, std::time(nullptr), more)) {
        BootRecord& b = state.boots[*next];
        const MatrixRow& row = rowNamed(spec, b.row);
        b.status = BootStatus::Started;
        saveState(file, state);
        const KernelIdentity& kernel = rowKernel(state, row);
        std::cout << "mitigation-matrix: boot " << b.number << ": " << row.name << " ("
                  << kernel.image.filename().string() << (row.cmdline.empty() ? "" : ", " + row.cmdline) << ")"
                  << std::endl;
        try {
            GuestBoot guest = qemu.boot(row, kernel, b.number);
            addHostProvenance(guest.files, row.name, host);
            std::cout << "mitigation-matrix: boot " << b.number << " powered off after " << std::fixed
                      << std::setprecision(1) << guest.seconds << " s (" << accelName(accel) << ")" << std::endl;
            settleBoot(state, *next, spec, workDir, guest.files, guest.console);
        } catch (const GuestFailed& e) {
            settleFailedBoot(state, *next, workDir, e.what(), e.console);
        }
        saveState(file, state);
    }
    saveState(file, state);
}

}  // namespace mmtp::matrix
