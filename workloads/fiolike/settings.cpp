#include "fiolike/settings.hpp"

#include "base/errors.hpp"
#include "common/pulse_status.hpp"
#include "fiolike/engine.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

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
    if (!unit.empty() && unit.back() == 'b') unit.pop_back();  // "kb", "kib", "mb"
    if (!unit.empty() && unit.back() == 'i') unit.pop_back();
    static const std::string kUnits = "kmgtp";
    unsigned shift = 0;
    if (unit.size() == 1 && kUnits.find(unit[0]) != std::string::npos)
        shift = 10 * static_cast<unsigned>(kUnits.find(unit[0]) + 1);
    else if (!unit.empty()) throw notASize;
    uint64_t v = 0;
    const uint64_t max = std::numeric_limits<uint64_t>::max();
    for (std::size_t i = 0; i < std::min(digits, text.size()); ++i) {
        const uint64_t d = static_cast<uint64_t>(text[i] - '0');
        if (v > (max - d) / 10) throw UsageError("--" + option + ": '" + text + "' is too large (over 2^64 bytes)");
        v = v * 10 + d;
    }
    if (shift && v > (max >> shift))
        throw UsageError("--" + option + ": '" + text + "' is too large (over 2^64 bytes)");
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

namespace {

// What the rows fill: the settings every job of a run shares, and the lists
// (--rw, --iodepth) the run expands into one job per pattern and depth.
struct JobOptions {
    JobSpec job;
    std::optional<std::string> name;  // --name, when given
    std::vector<std::string> rw;      // each a pattern parsePattern accepts
    std::vector<unsigned> depths;
};

std::vector<std::string> patternsOf(const std::string& text) {
    std::vector<std::string> rw = splitList(text, "rw");
    for (const std::string& p : rw) parsePattern(p);
    return rw;
}

std::vector<unsigned> depthsOf(const std::string& text) {
    std::vector<unsigned> depths;
    for (const auto& d : splitList(text, "iodepth")) depths.push_back(iodepthOf(d));
    return depths;
}

void readBlockSize(JobOptions& o, const OptionValues& v) {
    JobSpec& s = o.job;
    s.bsText = v.text("bs");
    s.bs = parseSize(s.bsText, "bs");
    if (s.bs == 0 || s.bs > (64u << 20)) throw UsageError("--bs: '" + s.bsText + "' must be between 1 and 64m");
}

void readSize(JobOptions& o, const OptionValues& v) {
    JobSpec& s = o.job;
    s.size = parseSize(v.text("size"), "size");
    s.size -= s.size % s.bs;  // fio rounds the file size down to a block multiple
    if (s.size == 0) throw UsageError("--size: '" + v.text("size") + "' is smaller than bs=" + s.bsText);
}

// Each row fills its field of JobOptions (common/settings_table.hpp).
const SettingsTable<JobOptions>& table() {
    using O = JobOptions;
    constexpr auto kAny = std::numeric_limits<std::uint64_t>::max();
    static const SettingsTable<O> rows({
        bind(textOption("name", 0, "FIO_JOB_NAME", nullptr,
                        "job name, terse field 3; default IOENGINE-RW[MIX]-BS-jN-qdN as MMTests' fio multivar_scale"),
             &O::name),
        bind(textOption("rw", 0, "FIO_IO_PATTERNS", "read",
                        "read|write|randread|randwrite|rw|readwrite|randrw; a list (\"randread randwrite\" or "
                        "\"randread,randwrite\") runs one job per pattern"),
             &O::rw, patternsOf),
        bindIn(integerOption("rwmixread", 0, "FIO_RWMIXREAD", "50", 0, 100, "% of reads for rw/randrw"), &O::job,
               &JobSpec::rwmixread),
        row<O>(textOption("bs", 0, "FIO_BLOCK_SIZE", "4k", "block size"), readBlockSize),
        row<O>(textOption("size", 0, "FIO_SIZE", "1G", "file size and IO amount per job"), readSize),
        bindIn(textOption("runtime", 0, "FIO_RUNTIME", "0",
                          "stop after this long (s, or ms/m suffix); 0 = when size is done"),
               &O::job, &JobSpec::runtimeNs, [](const std::string& t) { return parseDurationNs(t, "runtime"); }),
        bindIn(
            yesNoOption("time_based", 0, "FIO_TIME_BASED", "no", "keep going (wrapping over the file) until runtime"),
            &O::job, &JobSpec::timeBased)
            .check([](const O& o) {
                if (o.job.timeBased && o.job.runtimeNs == 0) throw UsageError("--time_based needs --runtime > 0");
            }),
        bindIn(textOption("ramp_time", 0, "FIO_RAMP_TIME", "0", "run this long before measuring"), &O::job,
               &JobSpec::rampNs, [](const std::string& t) { return parseDurationNs(t, "ramp_time"); }),
        bindIn(integerOption("numjobs", 0, "FIO_MAX_JOBS", "1", 1, 256, "parallel jobs (threads), one file each"),
               &O::job, &JobSpec::numjobs),
        bind(textOption("iodepth", 0, "FIO_IODEPTH", "1",
                        "IOs in flight per job (async engines), 1..4096; a list runs one job per depth"),
             &O::depths, depthsOf),
        bindIn(yesNoOption("direct", 0, "FIO_DIRECT", "no", "O_DIRECT"), &O::job, &JobSpec::direct),
        bindIn(textOption("ioengine", 0, "FIO_IOENGINE", "psync", "psync|io_uring"), &O::job, &JobSpec::ioengine)
            .check([](const O& o) {
                if (!findEngine(o.job.ioengine))
                    throw UsageError("--ioengine: '" + o.job.ioengine + "' is not one of " + engineNames());
            }),
        row<O>(yesNoOption("norandommap", 0, "FIO_NORANDOMMAP", "no", "random offsets with replacement"),
               [](O& o, const OptionValues& v) { o.job.randommap = !v.yes("norandommap"); }),
        bindIn(
            integerOption("randseed", 0, "FIO_RANDSEED", nullptr, 0, kAny, "seed for offsets and the read/write mix"),
            &O::job, &JobSpec::seed),
        bindIn(textOption("directory", 0, "SHELLPACK_DATA", nullptr,
                          "where job files are laid out; default a temp dir under /tmp"),
               &O::job, &JobSpec::directory),
        bindIn(textOption("filename", 0, "FIO_TARGET_FILE", nullptr,
                          "use this file or (unmounted) block device for all jobs"),
               &O::job, &JobSpec::filename),
        // --print-name only names the job: it needs no log directory.
        row<O>(logdirOption("write fio.log (terse v3, appended) and fiolike-NAME.json here"),
               [](O& o, const OptionValues& v) {
                   if (!v.yes("print-name")) o.job.logdir = v.required("logdir");
               }),
        bindIn(afterPulseOption("FIO_AFTER_IBPB_PULSE"), &O::job, &JobSpec::afterPulse),
        bindIn(yesNoOption("quiet", 0, "", "no", "no human summary on stdout"), &O::job, &JobSpec::quiet),
        bindIn(flagOption("print-name", 0, "print the job name these options give, and exit (for the shellpack)"),
               &O::job, &JobSpec::printName),
    });
    return rows;
}

// One job of the run: the shared settings, its pattern and depth, its name.
JobSpec jobFor(const JobOptions& o, const std::string& rw, unsigned iodepth) {
    JobSpec s = o.job;
    s.rwText = rw;
    s.pattern = parsePattern(rw);
    // fio: sync engines run at depth 1 whatever iodepth says
    s.iodepth = findEngine(s.ioengine)->sync ? 1 : iodepth;
    if (o.name) {
        s.name = *o.name;
    } else {
        // rw/randrw carry their mix: "io_uring-randrw70-4k-j1-qd32"
        const bool mixed = s.pattern == Pattern::ReadWrite || s.pattern == Pattern::RandRW;
        s.name = s.ioengine + "-" + s.rwText + (mixed ? std::to_string(s.rwmixread) : "") + "-" + s.bsText + "-j" +
                 std::to_string(s.numjobs) + "-qd" + std::to_string(iodepth);
    }
    if (s.name.empty() || s.name.find_first_of(";/\n") != std::string::npos)
        throw UsageError("--name: '" + s.name + "' must be non-empty without ';', '/' or newlines");
    return s;
}

}  // namespace

const OptionTable& optionTable() { return table().options(); }

JobPlan jobPlanFrom(const OptionValues& v) {
    const JobOptions o = table().settings(v);
    JobPlan plan;
    for (const auto& rw : o.rw)
        for (unsigned qd : o.depths) plan.jobs.push_back(jobFor(o, rw, qd));
    // Each job appends its own terse line: one name for several would merge them.
    if (plan.jobs.size() > 1 && o.name)
        throw UsageError("--name: one name for " + std::to_string(plan.jobs.size()) +
                         " jobs (a --rw/--iodepth list); leave it out and each job is named by its settings");
    return plan;
}

}  // namespace mmtp::fiolike
