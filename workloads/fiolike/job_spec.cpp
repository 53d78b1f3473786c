#include "fiolike/job_spec.hpp"

#include "base/errors.hpp"
#include "fiolike/engine.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

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

}  // namespace

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
    auto [v, unit] = numberAndUnit(text, option);
    if (!unit.empty() && unit.back() == 'b') unit.pop_back();   // "kb", "kib", "mb"
    if (!unit.empty() && unit.back() == 'i') unit.pop_back();
    double mult = 1;
    if (unit.empty()) mult = 1;
    else if (unit == "k") mult = 1024.0;
    else if (unit == "m") mult = 1024.0 * 1024;
    else if (unit == "g") mult = 1024.0 * 1024 * 1024;
    else if (unit == "t") mult = 1024.0 * 1024 * 1024 * 1024;
    else throw UsageError("--" + option + ": unknown size suffix in '" + text + "' (use k, m, g, t)");
    return static_cast<uint64_t>(std::llround(v * mult));
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

po::options_description jobOptions() {
    po::options_description d("fiolike options (fio names; env fallbacks in brackets)");
    // clang-format off
    d.add_options()
        ("help,h", "show this help")
        ("name", po::value<std::string>(), "job name, terse field 3 [FIO_JOB_NAME]; default IOENGINE-RW[MIX]-BS-jN-qdN as MMTests' fio multivar_scale")
        ("rw", po::value<std::string>()->default_value("read"), "read|write|randread|randwrite|rw|readwrite|randrw [FIO_IO_PATTERNS]")
        ("rwmixread", po::value<unsigned>()->default_value(50), "% of reads for rw/randrw [FIO_RWMIXREAD]")
        ("bs", po::value<std::string>()->default_value("4k"), "block size [FIO_BLOCK_SIZE]")
        ("size", po::value<std::string>()->default_value("1G"), "file size and IO amount per job [FIO_SIZE]")
        ("runtime", po::value<std::string>()->default_value("0"), "stop after this long (s, or ms/m suffix); 0 = when size is done [FIO_RUNTIME]")
        ("time_based", po::value<bool>()->default_value(false)->implicit_value(true), "keep going (wrapping over the file) until runtime [FIO_TIME_BASED]")
        ("ramp_time", po::value<std::string>()->default_value("0"), "run this long before measuring [FIO_RAMP_TIME]")
        ("numjobs", po::value<unsigned>()->default_value(1), "parallel jobs (threads), one file each [FIO_MAX_JOBS]")
        ("iodepth", po::value<unsigned>()->default_value(1), "IOs in flight per job (async engines) [FIO_IODEPTH]")
        ("direct", po::value<bool>()->default_value(false)->implicit_value(true), "O_DIRECT [FIO_DIRECT]")
        ("ioengine", po::value<std::string>()->default_value("psync"), "psync|io_uring [FIO_IOENGINE]")
        ("norandommap", po::value<bool>()->default_value(false)->implicit_value(true), "random offsets with replacement [FIO_NORANDOMMAP]")
        ("randseed", po::value<uint64_t>(), "seed for offsets and the read/write mix [FIO_RANDSEED]")
        ("directory", po::value<std::string>(), "where job files are laid out [SHELLPACK_DATA]; default a temp dir under /tmp")
        ("filename", po::value<std::string>(), "use this file or (unmounted) block device for all jobs [FIO_TARGET_FILE]")
        ("logdir", po::value<std::string>(), "write fio.log (terse v3, appended) and fiolike-NAME.json here [LOGDIR_RESULTS]")
        ("quiet", po::value<bool>()->default_value(false)->implicit_value(true), "no human summary on stdout");
    // clang-format on
    return d;
}

const EnvNames& jobEnvNames() {
    static const EnvNames names = {
        {"name", "FIO_JOB_NAME"},        {"rw", "FIO_IO_PATTERNS"},     {"rwmixread", "FIO_RWMIXREAD"},
        {"bs", "FIO_BLOCK_SIZE"},        {"size", "FIO_SIZE"},          {"runtime", "FIO_RUNTIME"},
        {"time_based", "FIO_TIME_BASED"}, {"ramp_time", "FIO_RAMP_TIME"}, {"numjobs", "FIO_MAX_JOBS"},
        {"iodepth", "FIO_IODEPTH"},      {"direct", "FIO_DIRECT"},      {"ioengine", "FIO_IOENGINE"},
        {"norandommap", "FIO_NORANDOMMAP"}, {"randseed", "FIO_RANDSEED"}, {"directory", "SHELLPACK_DATA"},
        {"filename", "FIO_TARGET_FILE"}, {"logdir", "LOGDIR_RESULTS"},
    };
    return names;
}

JobSpec jobSpecFrom(const po::variables_map& vm) {
    JobSpec s;
    s.rwText = vm["rw"].as<std::string>();
    s.pattern = parsePattern(s.rwText);
    s.rwmixread = vm["rwmixread"].as<unsigned>();
    if (s.rwmixread > 100) throw UsageError("--rwmixread: " + std::to_string(s.rwmixread) + " is above 100");
    s.bsText = vm["bs"].as<std::string>();
    s.bs = parseSize(s.bsText, "bs");
    if (s.bs == 0 || s.bs > (64u << 20)) throw UsageError("--bs: '" + s.bsText + "' must be between 1 and 64m");
    s.size = parseSize(vm["size"].as<std::string>(), "size");
    s.size -= s.size % s.bs;  // fio rounds the file size down to a block multiple
    if (s.size == 0) throw UsageError("--size: '" + vm["size"].as<std::string>() + "' is smaller than bs=" + s.bsText);
    s.runtimeNs = parseDurationNs(vm["runtime"].as<std::string>(), "runtime");
    s.timeBased = vm["time_based"].as<bool>();
    if (s.timeBased && s.runtimeNs == 0) throw UsageError("--time_based needs --runtime > 0");
    s.rampNs = parseDurationNs(vm["ramp_time"].as<std::string>(), "ramp_time");
    s.numjobs = vm["numjobs"].as<unsigned>();
    if (s.numjobs == 0 || s.numjobs > 256) throw UsageError("--numjobs: must be between 1 and 256");
    s.iodepth = vm["iodepth"].as<unsigned>();
    if (s.iodepth == 0 || s.iodepth > 4096) throw UsageError("--iodepth: must be between 1 and 4096");
    s.direct = vm["direct"].as<bool>();
    s.ioengine = vm["ioengine"].as<std::string>();
    const EngineInfo* e = findEngine(s.ioengine);
    if (!e) throw UsageError("--ioengine: '" + s.ioengine + "' is not one of " + engineNames());
    if (e->sync) s.iodepth = 1;  // fio: sync engines run at depth 1 whatever iodepth says
    s.randommap = !vm["norandommap"].as<bool>();
    if (vm.count("randseed")) s.seed = vm["randseed"].as<uint64_t>();
    if (vm.count("directory")) s.directory = vm["directory"].as<std::string>();
    if (vm.count("filename")) s.filename = vm["filename"].as<std::string>();
    if (vm.count("logdir")) s.logdir = vm["logdir"].as<std::string>();
    if (s.logdir.empty()) throw UsageError("--logdir: not given and LOGDIR_RESULTS is not set");
    s.quiet = vm["quiet"].as<bool>();
    if (vm.count("name")) {
        s.name = vm["name"].as<std::string>();
    } else {
        // rw/randrw carry their mix: "io_uring-randrw70-4k-j1-qd32"
        const bool mixed = s.pattern == Pattern::ReadWrite || s.pattern == Pattern::RandRW;
        s.name = s.ioengine + "-" + s.rwText + (mixed ? std::to_string(s.rwmixread) : "") + "-" + s.bsText +
                 "-j" + std::to_string(s.numjobs) + "-qd" + std::to_string(vm["iodepth"].as<unsigned>());
    }
    if (s.name.empty() || s.name.find_first_of(";/\n") != std::string::npos)
        throw UsageError("--name: '" + s.name + "' must be non-empty without ';', '/' or newlines");
    return s;
}

}  // namespace mmtp::fiolike
