#include "report/json_import.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <zstd.h>

using nlohmann::json;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {
std::string decompressIfZstd(const std::string& data, const fs::path& file) {
    if (data.size() < 4 || static_cast<unsigned char>(data[0]) != 0x28 || static_cast<unsigned char>(data[1]) != 0xB5)
        return data;
    unsigned long long size = ZSTD_getFrameContentSize(data.data(), data.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN)
        throw std::runtime_error(file.string() + ": unreadable zstd data");
    std::string out(size, '\0');
    std::size_t n = ZSTD_decompress(out.data(), out.size(), data.data(), data.size());
    if (ZSTD_isError(n)) throw std::runtime_error(file.string() + ": " + ZSTD_getErrorName(n));
    return out;
}

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
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + file.string());
    std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    json root;
    try {
        root = json::parse(decompressIfZstd(raw, file));
    } catch (const json::parse_error& e) {
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
