#include "report/json_import.hpp"

#include "input/benchmark_name.hpp"
#include "input/bounded_read.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

using nlohmann::json;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// A JSON value as a string Perl would read to the same scalar (numbers keep
// every bit: Cpanel::JSON::XS decodes them to full doubles).
std::string perlString(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
        return buf;
    }
    if (v.is_boolean()) return v.get<bool>() ? "1" : "";
    return "";
}

}  // namespace

std::vector<ImportedRun> importJson(const fs::path& file) {
    // Bounded like every log: a FIFO, /dev/zero or a zstd frame declaring
    // gigabytes is one error, not a hang or an allocation.
    std::optional<std::string> raw = readRegularFile(file);
    if (!raw) throw std::runtime_error("cannot read " + file.string() + ": no such file");
    if (looksLikeZstd(*raw)) *raw = unzstdBounded(*raw, file);
    json root;
    try {
        root = json::parse(*raw);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number like 1e444444
        throw std::runtime_error(file.string() + ": not valid JSON (" + e.what() + ")");
    }
    if (!root.is_array())
        throw std::runtime_error(file.string() + ": not a JSON array of extract modules (a --json-export file "
                                                 "holds one Compare object; MMTests cannot read it back either)");
    std::vector<ImportedRun> runs;
    for (std::size_t i = 0; i < root.size(); ++i) {
        const json& m = root[i];
        std::string where = file.string() + ": module " + std::to_string(i);
        if (!m.is_object() || !m.contains("_ModuleName") || !m.contains("_ResultData") || !m["_ResultData"].is_object())
            throw std::runtime_error(where + " has no _ModuleName or _ResultData");
        ImportedRun run;
        std::string name = perlString(m["_ModuleName"]);
        if (std::size_t p = name.find("Extract"); p != std::string::npos) name.erase(p, 7);
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        if (!isPlainBenchmarkName(name))
            throw std::runtime_error(where + ": _ModuleName gives benchmark '" + name.substr(0, 80) +
                                     "', not a plain name (letters, digits, _ - . +)");
        run.bench = name;
        run.testName = m.contains("_TestName") ? perlString(m["_TestName"]) : "";
        const json& data = m["_ResultData"];
        std::vector<std::string> ops;
        std::size_t iterations = 0;
        for (auto it = data.begin(); it != data.end(); ++it) {
            ops.push_back(it.key());
            if (it->is_array()) iterations = std::max(iterations, it->size());
        }
        std::sort(ops.begin(), ops.end());
        for (std::size_t iter = 0; iter < iterations; ++iter) {
            for (const std::string& op : ops) {
                const json& perIter = data[op];
                if (!perIter.is_array() || iter >= perIter.size() || !perIter[iter].is_object()) continue;
                const json& values = perIter[iter].value("Values", json::array());
                const json& samples = perIter[iter].value("SampleNrs", json::array());
                for (std::size_t k = 0; k < values.size(); ++k)
                    run.extraction.addData(op, k < samples.size() ? perlString(samples[k]) : "", perlString(values[k]));
            }
            run.extraction.nextIteration();
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace mmtp::compare
