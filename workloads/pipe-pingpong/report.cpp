#include "pipe-pingpong/report.hpp"

#include "base/text_format.hpp"

namespace mmtp::pipepingpong {

namespace {

std::string side(const char* role, const SideReport& s) {
    return formatText(" %s: cpu=%d ib-spec=", role, s.cpu) + describeSpecMask(s.maskAfter) +
           formatText(" (was %s)", describeSpecMask(s.maskBefore).c_str());
}

}  // namespace

std::string perfText(long loops, std::int64_t usec, bool threaded) {
    std::string out = "# Running 'sched/pipe' benchmark:\n";
    out += formatText("# Executed %ld pipe operations between two %s\n\n", loops,
                  threaded ? "threads" : "processes");
    out += formatText(" %14s: %lu.%03lu [sec]\n\n", "Total time",
                  static_cast<unsigned long>(usec / 1000000),
                  static_cast<unsigned long>((usec % 1000000) / 1000));
    out += formatText(" %14lf usecs/op\n", double(usec) / double(loops));
    out += formatText(" %14d ops/sec\n", int(double(loops) / (double(usec) / 1e6)));
    return out;
}

std::string rfcLine(long loops, std::int64_t usec) {
    long long t = usec > 0 ? usec : 1;  // the RFC divides by t
    return formatText("iters: %ld, t: %lldus, iter/sec: %lld, us/iter: %lld\n", loops, t,
                  static_cast<long long>(loops) * 1000000LL / t, t / loops);
}

std::string contextComment(const ReportContext& ctx, const ExchangeResult& r) {
    std::string out = "# pipe-pingpong: mode=" + std::string(modeName(ctx.mode)) +
                      " tasks=" + (ctx.threaded ? "threads" : "processes") +
                      " binding=" + (ctx.binding.empty() ? "none" : ctx.binding) +
                      " loop=perf-6.14 (child reads then writes; parent writes then reads)\n";
    out += "#" + side("parent", r.parent) + ";" + side("child", r.child) + "\n";
    return out;
}

std::int64_t elapsedWholeUsec(const ExchangeResult& r) { return r.elapsedNs / 1000; }

std::string benchlog(const ReportContext& ctx, const ExchangeResult& r) {
    const std::int64_t usec = elapsedWholeUsec(r);
    std::string text = perfText(r.loops, usec, ctx.threaded);
    // perf's block first (its first line is what perf prints first), then ours.
    return text + rfcLine(r.loops, usec) + contextComment(ctx, r);
}

}  // namespace mmtp::pipepingpong
