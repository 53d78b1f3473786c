#include "fiolike/settings.hpp"

#include "base/errors.hpp"
#include "common/pulse_status.hpp"
#include "fiolike/engine.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace mmtp::fiolike {

namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Splits "12.5ms" into 12.5 and "ms"; throws on junk.
std::pair<double, std::string> numberAndUnit(const std::string& text, const std::string& option) {
    std::size_t pos = 0;
    double v = 0;
    try {
        v = std::stod(text, &pos);
    } catch (const std::exception&) {
        throw UsageError("--" + option + ": '" + text + "' is not a number");
    }
    if (v < 0 || !std::isfinite(v)) throw UsageError("--" + option + ": '" + text + "' must be >= 0");
    return {v, lower(text.substr(pos))};
}

unsigned iodepthOf(const std::string& text) {
    std::size_t pos = 0;
    unsigned long v = 0;
    try {
        v = std::stoul(text, &pos);
    } catch (const std::exception&) {
        pos = 0;
    }
    if (pos != text.size() || text.empty() || text[0] == '-' || v < 1 || v > 4096)
        throw UsageError("--iodepth: must be between 1 and 4096 (got " + text + ")");
    return static_cast<unsigned>(v);
}

}  // namespace

std::vector<std::string> splitList(const std::string& text, const std::string& option) {
    std::vector<std::string> items;
    std::string item;
    for (char c : text + " ") {
        if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
            if (!item.empty()) items.push_back(item);
            item.clear();
        } else {
            item += c;
        }
    }
    if (items.empty()) throw UsageError("--" + option + ": '" + text + "' names nothing");
    return items;
}

unsigned JobSpec::readPercent() const {
    switch (pattern) {
    case Pattern::Read:
    case Pattern::RandRead: return 100;
    case Pattern::Write:
    case Pattern::RandWrite: return 0;
    default: return rwmixread;
    }
}

uint64_t parseSize(const std::string& text, const std::string& option) {
    // Strict, unlike strtod: digits, then at most one of fio's suffixes. A
    // float ("1e30", "1.5g") or a value past 2^64 is refused, not rounded.
    const std::size_t digits = text.find_first_not_of("0123456789");
    const UsageError notASize("--" + option + ": '" + text +
                              "' is not a whole number of bytes with an optional k, m, g, t or p (no fractions)");
    if (digits == 0 || text.empty()) throw notASize;
    std::string unit = lower(text.substr(std::min(digits, text.size())));
    if (!unit.empty() && unit.back() == 'b') unit.pop_back();   // "kb", "kib", "mb"
    if (!unit.empty() && unit.back() == 'i') unit.pop_back();
    static const std::string kUnits = "kmgtp";
    unsigned shift = 0;
    if (unit.size() == 1 && kUnits.find(unit[0]) != std::string::npos)
        shift = 10 * static_cast<unsigned>(kUnits.find(unit[0]) + 1);
    else if (!unit.empty())
        throw notASize;
    uint64_t v = 0;
    const uint64_t max = std::numeric_limits<uint64_t>::max();
    for (std::size_t i = 0; i < std::min(digits, text.size()); ++i) {
        const uint64_t d = static_cast<uint64_t>(text[i] - '0');
        if (v > (max - d) / 10) throw UsageError("--" + option + ": '" + text + "' is too large (over 2^64 bytes)");
        v = v * 10 + d;
    }
    if (shift && v > (max >> shift)) throw UsageError("--" + option + ": '" + text + "' is too large (over 2^64 bytes)");
    return v << shift;
}

uint64_t parseDurationNs(const std::string& text, const std::string& option) {
    auto [v, unit] = numberAndUnit(text, option);
    double mult = 1e9;
    if (unit.empty() || unit == "s") mult = 1e9;
    else if (unit == "ms") mult = 1e6;
    else if (unit == "us") mult = 1e3;
    else if (unit == "m") mult = 60e9;
    else if (unit == "h") mult = 3600e9;
    else throw UsageError("--" + option + ": unknown time suffix in '" + text + "' (use ms, s, m, h)");
    return static_cast<uint64_t>(std::llround(v * mult));
}

Pattern parsePattern(const std::string& text) {
    const std::string t = lower(text);
    if (t == "read") return Pattern::Read;
    if (t == "write") return Pattern::Write;
    if (t == "randread") return Pattern::RandRead;
    if (t == "randwrite") return Pattern::RandWrite;
    if (t == "rw" || t == "readwrite") return Pattern::ReadWrite;
    if (t == "randrw") return Pattern::RandRW;
    throw UsageError("--rw: '" + text + "' is not one of read, write, randread, randwrite, rw, readwrite, randrw");
}

const OptionTable& optionTable() {
    constexpr auto kAny = std::numeric_limits<std::uint64_t>::max();
    static const OptionTable table({
        textOption("name", 0, "FIO_JOB_NAME", nullptr,
                   "job name, terse field 3; default IOENGINE-RW[MIX]-BS-jN-qdN as MMTests' fio multivar_scale"),
        textOption("rw", 0, "FIO_IO_PATTERNS", "read",
                   "read|write|randread|randwrite|rw|readwrite|randrw; a list (\"randread randwrite\" or "
                   "\"randread,randwrite\") runs one job per pattern"),
        integerOption("rwmixread", 0, "FIO_RWMIXREAD", "50", 0, 100, "% of reads for rw/randrw"),
        textOption("bs", 0, "FIO_BLOCK_SIZE", "4k", "block size"),
        textOption("size", 0, "FIO_SIZE", "1G", "file size and IO amount per job"),
        textOption("runtime", 0, "FIO_RUNTIME", "0", "stop after this long (s, or ms/m suffix); 0 = when size is done"),
        yesNoOption("time_based", 0, "FIO_TIME_BASED", "no", "keep going (wrapping over the file) until runtime"),
        textOption("ramp_time", 0, "FIO_RAMP_TIME", "0", "run this long before measuring"),
        integerOption("numjobs", 0, "FIO_MAX_JOBS", "1", 1, 256, "parallel jobs (threads), one file each"),
        textOption("iodepth", 0, "FIO_IODEPTH", "1",
                   "IOs in flight per job (async engines), 1..4096; a list runs one job per depth"),
        yesNoOption("direct", 0, "FIO_DIRECT", "no", "O_DIRECT"),
        textOption("ioengine", 0, "FIO_IOENGINE", "psync", "psync|io_uring"),
        yesNoOption("norandommap", 0, "FIO_NORANDOMMAP", "no", "random offsets with replacement"),
        integerOption("randseed", 0, "FIO_RANDSEED", nullptr, 0, kAny, "seed for offsets and the read/write mix"),
        textOption("directory", 0, "SHELLPACK_DATA", nullptr, "where job files are laid out; default a temp dir under /tmp"),
        textOption("filename", 0, "FIO_TARGET_FILE", nullptr,
                   "use this file or (unmounted) block device for all jobs"),
        logdirOption("write fio.log (terse v3, appended) and fiolike-NAME.json here"),
        afterPulseOption("FIO_AFTER_IBPB_PULSE"),
        yesNoOption("quiet", 0, "", "no", "no human summary on stdout"),
        flagOption("print-name", 0, "print the job name these options give, and exit (for the shellpack)"),
    });
    return table;
}

namespace {

JobSpec jobSpecFrom(const OptionValues& v, const std::string& rw, unsigned iodepth) {
    JobSpec s;
    s.rwText = rw;
    s.pattern = parsePattern(s.rwText);
    s.rwmixread = v.number<unsigned>("rwmixread");
    s.bsText = v.text("bs");
    s.bs = parseSize(s.bsText, "bs");
    if (s.bs == 0 || s.bs > (64u << 20)) throw UsageError("--bs: '" + s.bsText + "' must be between 1 and 64m");
    s.size = parseSize(v.text("size"), "size");
    s.size -= s.size % s.bs;  // fio rounds the file size down to a block multiple
    if (s.size == 0) throw UsageError("--size: '" + v.text("size") + "' is smaller than bs=" + s.bsText);
    s.runtimeNs = parseDurationNs(v.text("runtime"), "runtime");
    s.timeBased = v.yes("time_based");
    if (s.timeBased && s.runtimeNs == 0) throw UsageError("--time_based needs --runtime > 0");
    s.rampNs = parseDurationNs(v.text("ramp_time"), "ramp_time");
    s.numjobs = v.number<unsigned>("numjobs");
    s.iodepth = iodepth;
    s.direct = v.yes("direct");
    s.ioengine = v.text("ioengine");
    const EngineInfo* e = findEngine(s.ioengine);
    if (!e) throw UsageError("--ioengine: '" + s.ioengine + "' is not one of " + engineNames());
    if (e->sync) s.iodepth = 1;  // fio: sync engines run at depth 1 whatever iodepth says
    s.randommap = !v.yes("norandommap");
    if (v.has("randseed")) s.seed = v.number<uint64_t>("randseed");
    if (v.has("directory")) s.directory = v.text("directory");
    if (v.has("filename")) s.filename = v.text("filename");
    s.printName = v.yes("print-name");
    // --print-name only names the job: it needs no log directory.
    if (!s.printName) s.logdir = v.required("logdir");
    s.afterPulse = afterPulseMode(v);
    s.quiet = v.yes("quiet");
    if (v.has("name")) {
        s.name = v.text("name");
    } else {
        // rw/randrw carry their mix: "io_uring-randrw70-4k-j1-qd32"
        const bool mixed = s.pattern == Pattern::ReadWrite || s.pattern == Pattern::RandRW;
        s.name = s.ioengine + "-" + s.rwText + (mixed ? std::to_string(s.rwmixread) : "") + "-" + s.bsText +
                 "-j" + std::to_string(s.numjobs) + "-qd" + std::to_string(iodepth);
    }
    if (s.name.empty() || s.name.find_first_of(";/\n") != std::string::npos)
        throw UsageError("--name: '" + s.name + "' must be non-empty without ';', '/' or newlines");
    return s;
}

}  // namespace

JobPlan jobPlanFrom(const OptionValues& v) {
    const auto patterns = splitList(v.text("rw"), "rw");
    std::vector<unsigned> depths;
    for (const auto& d : splitList(v.text("iodepth"), "iodepth")) depths.push_back(iodepthOf(d));
    JobPlan plan;
    for (const auto& rw : patterns)
        for (unsigned qd : depths) plan.jobs.push_back(jobSpecFrom(v, rw, qd));
    // Each job appends its own terse line: one name for several would merge them.
    if (plan.jobs.size() > 1 && v.has("name"))
        throw UsageError("--name: one name for " + std::to_string(plan.jobs.size()) +
                         " jobs (a --rw/--iodepth list); leave it out and each job is named by its settings");
    return plan;
}

}  // namespace mmtp::fiolike
