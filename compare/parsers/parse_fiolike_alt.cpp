// fiolike's alternative reports, as its shellpack's parse-results prints them,
// per terse v3 line of fio.log: -a cpu, usr+sys CPU % and CPU microseconds per
// IO (from fiolike-JOB.json, else derived from the terse line as fio accounts
// it), lower is better; -a iops, kIOPS per direction (and both together for
// a mixed job), higher is better.
#include "base/text_format.hpp"
#include "core/shell_text.hpp"
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"

#include <functional>

namespace mmtp::compare {

namespace {

std::string sixDecimals(double v) { return formatText("%.6f", v); }
std::string threeDecimals(double v) { return formatText("%.3f", v); }

// The terse lines as the shellpack's awk reads them: lines of fewer than 90
// fields are passed over (and reported); `at` takes awk's 1-based field number.
using TerseFields = std::function<std::string(int awkField)>;
void forEachTerseLine(const std::filesystem::path& logsDir, Warnings& warnings,
                      const std::function<void(const TerseFields& at)>& use) {
    auto text = readLog(logsDir / "fio.log");
    if (!text) return;
    int lineNr = 0;
    for (const std::string& line : splitLines(*text)) {
        ++lineNr;
        std::vector<std::string> f = perlSplit(line, ';');
        if (f.size() < 90) {
            warnings.push_back((logsDir / "fio.log").string() + ":" + std::to_string(lineNr) + ": not a fio terse v3 line");
            continue;
        }
        use([&f](int awkField) { return f[static_cast<std::size_t>(awkField - 1)]; });
    }
}

std::string withoutPercent(std::string s) {
    if (!s.empty() && s.back() == '%') s.pop_back();
    return s;
}

// The value after "KEY": up to the next comma, as the awk script cuts it.
std::string jsonField(const std::string& text, const std::string& key) {
    std::string found;
    for (const std::string& line : splitLines(text)) {
        std::size_t p = line.find("\"" + key + "\":");
        if (p == std::string::npos) continue;
        std::size_t colon = line.rfind(':');
        std::string v = line.substr(colon + 1);
        v.erase(0, v.find_first_not_of(' '));
        found = v.substr(0, v.find(','));
    }
    return found;
}

}  // namespace

Rows parseFiolikeCpu(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows;
    forEachTerseLine(logsDir, warnings, [&](const TerseFields& at) {
        double usr = awkNumber(withoutPercent(at(88))), sys = awkNumber(withoutPercent(at(89)));
        double rt = awkNumber(at(9)) > awkNumber(at(50)) ? awkNumber(at(9)) : awkNumber(at(50));
        double ios = (awkNumber(at(8)) + awkNumber(at(49))) * rt / 1000;
        const std::string job = at(3);
        rows.push_back({"cpu-pct", job, "usr+sys", "1", sixDecimals(usr + sys), "R"});
        std::string jobs, process;
        if (auto json = readLog(logsDir / ("fiolike-" + job + ".json"))) {
            jobs = jsonField(*json, "us_per_io_jobs");
            process = jsonField(*json, "us_per_io_process");
        }
        if (!jobs.empty()) rows.push_back({"cpu-usec-per-io", job, "jobs", "1", sixDecimals(awkNumber(jobs)), "R"});
        else if (ios > 0)
            rows.push_back({"cpu-usec-per-io", job, "jobs", "1", sixDecimals((usr + sys) / 100 * rt * 1000 / ios), "R"});
        if (!process.empty())
            rows.push_back({"cpu-usec-per-io", job, "process", "1", sixDecimals(awkNumber(process)), "R"});
    });
    return rows;
}

Rows parseFiolikeIops(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows;
    forEachTerseLine(logsDir, warnings, [&](const TerseFields& at) {
        if (awkNumber(at(6)) > 0) rows.push_back({"kiops", at(3), "read", "1", threeDecimals(awkNumber(at(8)) / 1000), "R"});
        if (awkNumber(at(47)) > 0) rows.push_back({"kiops", at(3), "write", "1", threeDecimals(awkNumber(at(49)) / 1000), "R"});
        // A mixed job's IOPS as fio's "read/write" tables quote them (seed 004's 70/30 row).
        if (awkNumber(at(6)) > 0 && awkNumber(at(47)) > 0)
            rows.push_back({"kiops", at(3), "total", "1", threeDecimals((awkNumber(at(8)) + awkNumber(at(49))) / 1000), "R"});
    });
    return rows;
}

}  // namespace mmtp::compare
