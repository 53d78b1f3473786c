#include "kernels/charts/monitor_reader.hpp"

#include "input/log_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace fs = std::filesystem;

namespace mmtp::compare {

std::vector<fs::path> iterationsInOrder(const fs::path& runDir) {
    std::vector<std::pair<long, std::string>> found;
    for (const std::string& n : listDirectory(runDir))
        if (n.rfind("iter-", 0) == 0 && n.size() > 5 && n.find_first_not_of("0123456789", 5) == std::string::npos)
            found.emplace_back(std::strtol(n.c_str() + 5, nullptr, 10), n);
    std::sort(found.begin(), found.end());
    std::vector<fs::path> dirs;
    for (const auto& [number, name] : found) dirs.push_back(runDir / name);
    return dirs;
}

namespace {

double number(const std::string& text) {
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    return end == text.c_str() ? NAN : v;
}

// The first iteration's rows of m, grouped by operation.
MonitorSamples samplesOf(const MonitorRun& m) {
    MonitorSamples s;
    for (const Row& r : m.iterations.empty() ? Rows{} : m.iterations.front()) {
        auto op = std::find_if(s.byOp.begin(), s.byOp.end(), [&r](const auto& x) { return x.first == r.metric; });
        if (op == s.byOp.end()) op = s.byOp.insert(s.byOp.end(), {r.metric, {}});
        op->second.emplace_back(number(r.interval), number(r.value));
    }
    return s;
}

}  // namespace

MonitorReader::MonitorReader(const fs::path& logDir, std::vector<std::string> runs, std::string benchmark,
                             std::string iteration, Warnings& warnings)
    : logDir_(logDir),
      runs_(std::move(runs)),
      benchmark_(std::move(benchmark)),
      iteration_(std::move(iteration)),
      warnings_(warnings) {}

bool MonitorReader::recorded(const std::string& run, const std::string& monitor) const {
    fs::path base = iterDir(run) / (monitor + "-" + benchmark_);
    std::error_code ec;
    for (const char* suffix : {"", ".gz", ".xz"})
        if (fs::exists(fs::path(base.string() + suffix), ec)) return true;
    return false;
}

std::vector<std::optional<MonitorSamples>> MonitorReader::read(const std::string& monitor, MonitorParseFn parse,
                                                               const std::string& subHeading,
                                                               std::vector<std::string>& notes) const {
    std::vector<std::optional<MonitorSamples>> out;
    for (const std::string& run : runs_) {
        out.emplace_back();
        if (!recorded(run, monitor)) continue;
        MonitorSession session;  // one per run: each run's own mpstat start and node values
        try {
            out.back() = samplesOf(parse({iterDir(run)}, {benchmark_, subHeading}, session));
        } catch (const std::exception& e) {
            std::string note =
                run + ": " + monitor + (subHeading.empty() ? "" : " " + subHeading) + " not drawn: " + e.what();
            if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
            warnOnce(warnings_, benchmark_, iterDir(run) / (monitor + "-" + benchmark_), e.what());
        }
    }
    return out;
}

void warnOnce(Warnings& warnings, const std::string& benchmark, const fs::path& log, const std::string& what) {
    const std::string file = log.string();
    std::string warning = benchmark + " monitor graphs: " + (what.rfind(file, 0) == 0 ? what : file + ": " + what);
    if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) warnings.push_back(warning);
}

void warnBounded(Warnings& warnings, const std::string& benchmark, const fs::path& log, const std::string& lost) {
    if (!lost.empty()) warnOnce(warnings, benchmark, log, lost);
}

}  // namespace mmtp::compare
