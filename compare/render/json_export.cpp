#include "render/json_export.hpp"

#include "base/atomic_file.hpp"
#include "core/perl_scalar.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <zstd.h>

using nlohmann::json;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {
json number(double v) {
    if (std::isnan(v) || std::isinf(v)) return stringify(v);  // as Perl would store them
    return v;
}

json runToJson(const std::string& bench, const RunSummary& run) {
    json m;
    m["_ModuleName"] = "ExtractShellpack" + bench;
    m["_TestName"] = run.testName;
    m["_FieldLength"] = run.fieldLength;
    m["_Precision"] = run.precision;
    m["_PreferredVal"] = run.preferHigher ? "Higher" : "Lower";
    m["_Opname"] = run.opName;
    m["_SummaryStats"] = run.definition.stats;
    m["_RatioSummaryStat"] = run.definition.ratioStats;
    m["_GeneratedOperations"] = run.extraction.operations();
    if (run.extraction.ratioOperations()) m["_RatioOperations"] = *run.extraction.ratioOperations();
    json data = json::object();
    for (const std::string& op : run.extraction.operations()) {
        const auto* iterations = run.extraction.samples(op);
        if (!iterations) continue;
        json arr = json::array();
        for (const IterationSamples& it : *iterations) {
            json samples = json::array(), values = json::array();
            for (double s : it.sampleNrs) samples.push_back(number(s));
            for (double v : it.values) values.push_back(number(v));
            arr.push_back({{"SampleNrs", samples}, {"Values", values}});
        }
        data[op] = arr;
    }
    m["_ResultData"] = data;
    json summary = json::object();
    for (const auto& [op, values] : run.values) {
        json arr = json::array();
        for (double v : values) arr.push_back(number(v));
        summary[op] = arr;
    }
    m["_SummaryData"] = summary;
    if (!run.ci.empty()) {
        json ci = json::object();
        for (const auto& [op, lohi] : run.ci) ci[op] = {number(lohi.first), number(lohi.second)};
        m["_SummaryCIInterval"] = ci;
    }
    return m;
}

std::string compress(const std::string& text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    out.resize(n);
    return out;
}

}  // namespace

void exportJson(const fs::path& target, const std::string& bench, const std::vector<RunSummary>& runs) {
    json root;
    root["_ModuleName"] = "Compare";
    root["_FieldLength"] = runs.empty() ? 18 : runs.front().fieldLength;
    root["_Precision"] = runs.empty() ? 2 : runs.front().precision;
    json modules = json::array();
    for (const RunSummary& run : runs) modules.push_back(runToJson(bench, run));
    root["_ExtractModules"] = modules;
    // Run and operation names are bytes from the tree: invalid UTF-8 becomes
    // U+FFFD rather than failing the export after the table was printed.
    mmtp::writeFileAtomically(target, compress(root.dump(-1, ' ', false, json::error_handler_t::replace)));
}

}  // namespace mmtp::compare
