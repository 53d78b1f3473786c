#include "fiolike/disk_util.hpp"

#include "base/clock.hpp"

#include <filesystem>
#include <fstream>
#include <sys/sysmacros.h>

namespace mmtp::fiolike {

double DiskUtil::utilPct() const {
    if (!msec) return 0;
    const double u = 100.0 * static_cast<double>(delta.ioTicks) / static_cast<double>(msec);
    return u > 100.0 ? 100.0 : u;
}

DiskUtilProbe::DiskUtilProbe(dev_t dev) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path p = fs::canonical("/sys/dev/block/" + std::to_string(::major(dev)) + ":" + std::to_string(::minor(dev)), ec);
    if (ec) return;
    if (fs::exists(p / "partition", ec)) p = p.parent_path();  // fio reports the whole disk
    if (!fs::exists(p / "stat", ec)) return;
    name_ = p.filename().string();
    statPath_ = (p / "stat").string();
}

std::optional<DiskCounters> DiskUtilProbe::read() const {
    if (statPath_.empty()) return std::nullopt;
    std::ifstream in(statPath_);
    uint64_t f[11] = {};
    for (auto& v : f)
        if (!(in >> v)) return std::nullopt;
    // read: ios merges sectors ticks | write: ios merges sectors ticks | in_flight io_ticks time_in_queue
    DiskCounters c;
    c.ios[0] = f[0];
    c.merges[0] = f[1];
    c.ticks[0] = f[3];
    c.ios[1] = f[4];
    c.merges[1] = f[5];
    c.ticks[1] = f[7];
    c.ioTicks = f[9];
    c.timeInQueue = f[10];
    return c;
}

void DiskUtilProbe::start() {
    if (auto c = read()) {
        start_ = *c;
        startNs_ = monotonicNs();
        started_ = true;
    }
}

std::optional<DiskUtil> DiskUtilProbe::finish() const {
    if (!started_) return std::nullopt;
    auto c = read();
    if (!c) return std::nullopt;
    DiskUtil u;
    u.name = name_;
    for (int d = 0; d < 2; ++d) {
        u.delta.ios[d] = c->ios[d] - start_.ios[d];
        u.delta.merges[d] = c->merges[d] - start_.merges[d];
        u.delta.ticks[d] = c->ticks[d] - start_.ticks[d];
    }
    u.delta.ioTicks = c->ioTicks - start_.ioTicks;
    u.delta.timeInQueue = c->timeInQueue - start_.timeInQueue;
    u.msec = (monotonicNs() - startNs_) / 1000000;
    return u;
}

}  // namespace mmtp::fiolike
