// terse.hpp - fio 3.33's terse version 3 line (show_thread_status_terse_all),
// field for field. 0-based indices MMTests' fio extract-report.pl reads:
//   2 jobname, 5 read KiB, 44 read bw_mean (KiB/s), 46 write KiB, 85 write bw_mean.
#pragma once
#include "fiolike/disk_util.hpp"
#include "fiolike/fio_stats.hpp"

#include <optional>
#include <string>

namespace mmtp::fiolike {

inline constexpr const char* kFioVersionString = "fio-3.33";

struct TerseInput {
    std::string name;
    unsigned groupid = 0;
    const JobStats* stats = nullptr;
    std::optional<DiskUtil> disk;
};

// One line, ending in '\n'.
std::string formatTerseV3(const TerseInput& in);

}  // namespace mmtp::fiolike
