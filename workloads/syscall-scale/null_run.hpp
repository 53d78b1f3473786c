// null_run.hpp - stress-ng 0.15.06's null stressor (stress-null.c): N
// instances (processes), each looping over one bogo-op on /dev/null:
// write 4 KiB, lseek SET/END/CUR, fallocate (ENODEV), fdatasync, fcntl
// GETFL and SETFL twice, ioctl FIGETBSZ and FIONREAD, then a page mmap,
// memset, msync and munmap. Files, per instance count N and run I:
//   stressng-N-I.log        stress-ng --metrics-brief (common/metrics_brief),
//                           stressor "null"; without stress-ng's
//                           "miscellaneous metrics" lines, which MMTests'
//                           stressng parser would read as a second bops-null
//                           value ("/dev/null");
//   syscall-null-N-I.extra  that metric (MB per sec /dev/null write rate,
//                           geometric mean over instances), ns per bogo-op
//                           per instance and the parent's CPU time.
#pragma once
#include "syscall-scale/settings.hpp"

#include <ostream>
#include <string>

namespace mmtp::syscallscale {

std::string nullLogName(unsigned instances, unsigned iteration);
std::string nullExtraName(unsigned instances, unsigned iteration);

void runNull(const NullConfig& c, std::ostream& out);

}  // namespace mmtp::syscallscale
