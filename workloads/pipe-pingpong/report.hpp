// report.hpp - the text pipe-pingpong writes: `perf bench sched pipe`'s
// default format (so MMTests' perfpipe parse-results reads it: it greps
// "usecs/op" and takes field 1), the RFC ib_spec_bench line, and '#' comment
// lines recording the mode, CPUs and speculation state of both sides.
#pragma once
#include "pipe-pingpong/exchange.hpp"

#include <string>

namespace mmtp::pipepingpong {

struct ReportContext {
    Mode mode = Mode::Baseline;
    bool threaded = false;
    std::string binding;  // as given, "" = unbound
    Placement placement;
};

// perf's lines, byte for byte (tools/perf/bench/sched-pipe.c, default format):
//   # Running 'sched/pipe' benchmark:
//   # Executed N pipe operations between two processes|threads
//   <blank>
//        Total time: S.mmm [sec]
//   <blank>
//    %14lf usecs/op
//    %14d ops/sec
// where time is in whole microseconds as perf's gettimeofday gives it.
std::string perfText(long loops, std::int64_t elapsedUsec, bool threaded);

// RFC v2 2/2 ib_spec_bench: "iters: %d, t: %dus, iter/sec: %d, us/iter: %d".
std::string rfcLine(long loops, std::int64_t elapsedUsec);

// "# pipe-pingpong: mode=d threaded=no binding=pinned parent: cpu=0 ib=PRCTL|ENABLE child: ..."
std::string contextComment(const ReportContext& ctx, const ExchangeResult& r);

// The run's time as every benchlog line has it: whole microseconds, the
// nanoseconds truncated (perf's gettimeofday has no finer).
std::int64_t elapsedWholeUsec(const ExchangeResult& r);

// All of it, as one benchlog file.
std::string benchlog(const ReportContext& ctx, const ExchangeResult& r);

}  // namespace mmtp::pipepingpong
