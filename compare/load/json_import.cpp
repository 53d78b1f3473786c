#include "load/json_import.hpp"

#include "input/boot_record.hpp"

#include "base/terminal_text.hpp"
#include "input/benchmark_name.hpp"
#include "input/bounded_json.hpp"
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
    if (v.is_number_unsigned()) return std::to_string(v.get<unsigned long long>());
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
        return buf;
    }
    if (v.is_boolean()) return v.get<bool>() ? "1" : "";
    return "";
}

// entry[key] when it is an array, else an empty one (MMTests' JSON always
// has arrays there; anything else holds no sample).
const json& arrayAt(const json& entry, const char* key) {
    static const json kNone = json::array();
    auto it = entry.find(key);
    return it != entry.end() && it->is_array() ? *it : kNone;
}

// Nesting and size bounds on what json::parse builds: an 8 KB zstd file of
// '[' decompresses to 256 MiB of nesting (about 12 GB as a json tree), and
// MMTests' own files nest 7 deep.
constexpr int kMaxJsonDepth = 64;
constexpr std::size_t kMaxJsonValues = std::size_t{16} << 20;

std::vector<ImportedRun> importModules(const json& root, const fs::path& file);

// _BootIds, one per iteration: plain ids only (anything else is "", the run's one boot).
std::vector<std::string> bootIds(const json& module, std::size_t iterations) {
    std::vector<std::string> ids(iterations);
    if (!module.contains("_BootIds") || !module["_BootIds"].is_array()) return ids;
    const json& list = module["_BootIds"];
    for (std::size_t i = 0; i < iterations && i < list.size(); ++i) {
        if (!list[i].is_string()) continue;
        std::string id = list[i].get<std::string>();
        bool plain = id.size() <= kBootIdMaxBytes && std::all_of(id.begin(), id.end(), [](char c) {
            return std::isxdigit(static_cast<unsigned char>(c)) || c == '-';
        });
        if (plain) ids[i] = id;
    }
    return ids;
}

}  // namespace

std::vector<ImportedRun> importJson(const fs::path& file) {
    // Bounded like every log: a FIFO, /dev/zero or a zstd frame declaring
    // gigabytes is one error, not a hang or an allocation.
    ReadLimits named;  // the user names this file: no tree around it
    named.insideTree = false;
    std::optional<std::string> raw = readRegularFile(file, named);
    if (!raw) throw std::runtime_error("cannot read " + file.string() + ": no such file");
    if (looksLikeZstd(*raw)) *raw = unzstdBounded(*raw, file, named);
    json root;
    try {
        root = parseBoundedJson(*raw, {kMaxJsonDepth, kMaxJsonValues, "the import limit"}, file.string());
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number like 1e444444
        throw std::runtime_error(file.string() + ": not valid JSON (" + e.what() + ")");
    }
    try {
        return importModules(root, file);
    } catch (const json::exception& e) {  // a wrongly typed value nothing above checked
        throw std::runtime_error(file.string() + ": not an array of extract modules (" + e.what() + ")");
    }
}

namespace {

std::vector<ImportedRun> importModules(const json& root, const fs::path& file) {
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
        // Shown in every table header: a newline or ESC in it is shown escaped.
        run.testName = m.contains("_TestName") ? escapeControls(perlString(m["_TestName"])) : "";
        const json& data = m["_ResultData"];
        // Iteration by iteration, each over the operations (in key order)
        // whose array reaches that far: work grows with the values there
        // are, not with operations x the longest array.
        struct Op {
            std::string name;
            const json* perIteration;
        };
        std::vector<Op> live;
        std::size_t iterations = 0;
        for (auto it = data.begin(); it != data.end(); ++it)  // an object iterates in key order
            if (it->is_array() && !it->empty()) {
                live.push_back({it.key(), &*it});
                iterations = std::max(iterations, it->size());
            }
        for (std::size_t iter = 0; iter < iterations; ++iter) {
            std::erase_if(live, [iter](const Op& op) { return iter >= op.perIteration->size(); });
            for (const Op& op : live) {
                const json& entry = (*op.perIteration)[iter];
                if (!entry.is_object()) continue;
                const json &values = arrayAt(entry, "Values"), &samples = arrayAt(entry, "SampleNrs");
                for (std::size_t v = 0; v < values.size(); ++v)
                    run.extraction.addData(op.name, v < samples.size() ? perlString(samples[v]) : "",
                                           perlString(values[v]));
            }
            run.extraction.nextIteration();
        }
        run.iterationBoots = bootIds(m, iterations);
        runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace

}  // namespace mmtp::compare
