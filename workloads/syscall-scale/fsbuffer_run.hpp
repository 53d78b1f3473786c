// fsbuffer_run.hpp - unixbench's fsbuffer ("File Copy 256 bufsize 500
// maxblocks": pgms/fstime -c -t 30 -b 256 -m 500), fstime.c's three passes
// over two files in a private temp dir: write for 2 s, read for 2 s (they
// prime the page cache and weigh the copy's partial credit), then copy
// (read a buffer from one file, write it to the other) for --runtime
// seconds; each pass after sync() and a sleep, each stopped by SIGALRM.
// The score is KiB copied per second (KBps).
// Files in --logdir:
//   unixbenchd.log   what MMTests' unixbenchd shellpack appends per run
//                    (fstime's stdout and stderr, `&>>`): stderr is
//                    unbuffered, so the COUNT|score|0|KBps and TIME|s lines
//                    of the write, read and copy passes come first, then
//                    fstime's buffered "Write/Read/Copy done:" lines;
//   syscall-fsbuffer-I.extra   the three scores, the copy's ns per
//                    buffer (one read plus one write), the settings.
#pragma once
#include "syscall-scale/settings.hpp"

#include <ostream>
#include <string>

namespace mmtp::syscallscale {

inline constexpr const char* kFsbufferLog = "unixbenchd.log";
std::string fsbufferExtraName(unsigned iteration);

struct FstimeScores {
    long write = 0, read = 0, copy = 0;      // KBps
    double writeSecs = 0, readSecs = 0, copySecs = 0;
    unsigned long writeCounted = 0, readCounted = 0, copyCounted = 0;  // 256-byte units
};

// One fstime -c run's unixbenchd.log text.
std::string fstimeLogText(const FstimeScores& s);

void runFsbuffer(const FsbufferConfig& c, std::ostream& out);

}  // namespace mmtp::syscallscale
