#include "render/json_export.hpp"

#include <algorithm>

#include "base/atomic_file.hpp"
#include "core/perl_scalar.hpp"

#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <zstd.h>

using nlohmann::json;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// A sample as read from the log: every digit kept, so --from-json of the
// modules recomputes the same tables.
json sample(double v) {
    if (std::isnan(v) || std::isinf(v)) return stringify(v);  // as Perl would store them
    return v;
}

// A number Perl computed, as Cpanel::JSON::XS prints it: 15 significant
// digits (integral values without a fraction; Perl's own choice between
// "1" and "1.0" follows its internal flags, which JSON readers do not see).
json perlNumber(double v) {
    if (std::isnan(v) || std::isinf(v)) return stringify(v);
    double rounded = numify(stringify(v));
    if (std::trunc(rounded) == rounded && std::fabs(rounded) < 9007199254740992.0)
        return static_cast<long long>(rounded);
    return rounded;
}

json perlArg(const PerlArg& a) {
    switch (a.kind) {
    case PerlArg::Kind::Undef: return nullptr;
    case PerlArg::Kind::Number: return perlNumber(a.num);
    case PerlArg::Kind::String: return a.str;
    case PerlArg::Kind::ArrayRef: return json::array({""});
    }
    return nullptr;
}

json numbers(const std::vector<double>& values) {
    json arr = json::array();
    for (double v : values) arr.push_back(perlNumber(v));
    return arr;
}

template <typename Row, typename Convert>
json perOperation(const std::map<std::string, Row>& table, Convert convert) {
    json out = json::object();
    for (const auto& [op, row] : table) out[op] = convert(row);
    return out;
}

json rows(const FormattedTable& t) {
    json out = json::array();
    for (const auto& row : t.rows) {
        json r = json::array();
        for (const PerlArg& a : row) r.push_back(perlArg(a));
        out.push_back(r);
    }
    return out;
}

json matrix(const std::vector<std::vector<double>>& m) {
    json out = json::array();
    for (const auto& row : m) out.push_back(numbers(row));
    return out;
}

std::string summaryTypeName(SummaryType t) {
    switch (t) {
    case SummaryType::Multiops: return "Multiops";
    case SummaryType::Normalisedops: case SummaryType::NormalisedLeftSkewops: return "Normalisedops";
    case SummaryType::Singleops: return "Singleops";
    case SummaryType::Subselection: return "Subselection";
    case SummaryType::Monitor: return "Monitor";
    }
    return "";
}

json runToJson(const std::string& moduleName, const RunSummary& run) {
    json m;
    m["_ModuleName"] = moduleName;
    m["_TestName"] = run.testName;
    m["_FieldLength"] = run.fieldLength;
    m["_Precision"] = run.precision;
    m["_PreferredVal"] = run.preferHigher ? "Higher" : "Lower";
    m["_Opname"] = run.opName;
    if (run.exactSubheading) m["_ExactSubheading"] = 1;
    if (moduleName.rfind("Extract", 0) == 0) {  // Summarise.pm's; each monitor module sets its own
        m["_FieldHeaders"] = {"Sample", run.opName};
        const std::string len = std::to_string(run.fieldLength);
        m["_FieldFormat"] = {"%" + len + "d", "%" + len + "." + std::to_string(run.precision) + "f"};
        m["_Summarytype"] = summaryTypeName(run.summaryType);
    }
    m["_SummaryStats"] = run.definition.stats;
    m["_RatioSummaryStat"] = run.definition.ratioStats;
    if (run.comparisonStatIndex) m["_ComparisonStatIndex"] = *run.comparisonStatIndex;
    // Summarise.pm: every summary type with an interval compares ratios with cidiff.
    if (run.definition.ratioStats.size() == 3) m["_RatioCompareOp"] = "cidiff";
    m["_CurrentIteration"] = run.extraction.iterations();  // iterations read so far
    m["_GeneratedOperations"] = run.extraction.operations();
    json seen = json::object();
    for (const std::string& op : run.extraction.operations()) seen[op] = 1;
    m["_OperationsSeen"] = seen;
    if (run.extraction.ratioOperations()) m["_RatioOperations"] = *run.extraction.ratioOperations();
    json data = json::object();
    for (const std::string& op : run.extraction.operations()) {
        const auto* iterations = run.extraction.samples(op);
        if (!iterations) continue;
        json arr = json::array();
        for (const IterationSamples& it : *iterations) {
            json samples = json::array(), values = json::array();
            for (double s : it.sampleNrs) samples.push_back(sample(s));
            for (double v : it.values) values.push_back(sample(v));
            arr.push_back({{"SampleNrs", samples}, {"Values", values}});
        }
        data[op] = arr;
    }
    m["_ResultData"] = data;
    // Ours, only where the tree recorded boots: --from-json keeps the verdict's unit.
    if (std::any_of(run.iterationBoots.begin(), run.iterationBoots.end(), [](const std::string& b) { return !b.empty(); }))
        m["_BootIds"] = run.iterationBoots;
    m["_SummaryData"] = perOperation(run.values, numbers);
    if (!run.ci.empty())
        m["_SummaryCIInterval"] = perOperation(run.ci, [](const std::pair<double, double>& lohi) {
            return json::array({perlNumber(lohi.first), perlNumber(lohi.second)});
        });
    return m;
}

// Compare.pm's fields for the table it built (see ComparisonTables).
void addTables(json& root, const ComparisonTables& t) {
    root["_OperationLength"] = t.operationLength;
    root["_CompareLength"] = t.compareLength;
    if (t.ratio) {
        root["_ResultsRatioTable"] = perOperation(t.ratios, numbers);
        if (t.showCompare) root["_CompareTable"] = perOperation(t.ratioCompare, numbers);
        if (t.hasNormalized) {
            root["_ResultsNormalizedTable"] = perOperation(t.normalized, numbers);
            root["_NormalizedDiffStatsTable"] = matrix(t.normalizedStats);
        }
        root["_GeometricMeanTable"] = numbers(t.geomean);
        return;
    }
    root["_ResultsTable"] = perOperation(t.results, matrix);
    if (t.showCompare) {
        root["_CompareTable"] = perOperation(t.compare, matrix);
        root["_ResultsSignificanceTable"] = perOperation(t.significance, [](const std::vector<PerlArg>& row) {
            json r = json::array();
            for (const PerlArg& a : row) r.push_back(perlArg(a));
            return r;
        });
    }
}

std::string compress(const std::string& text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    out.resize(n);
    return out;
}

}  // namespace

std::string extractModuleName(const std::string& bench, const std::optional<std::string>& monitor) {
    if (!monitor) return "ExtractShellpack" + bench;
    // ExtractFactory.pm: ucfirst, dashes dropped.
    std::string pm = *monitor;
    std::erase(pm, '-');
    if (!pm.empty()) pm[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(pm[0])));
    return "Monitor" + pm;
}

std::string jsonExportText(const std::string& moduleName, const std::vector<RunSummary>& runs,
                           const ComparisonReport& report) {
    json root;
    json modules = json::array();
    for (const RunSummary& run : runs) modules.push_back(runToJson(moduleName, run));
    // Compare.pm initialise: named after the first module, Extract -> Compare.
    root["_ModuleName"] = moduleName.rfind("Extract", 0) == 0 ? "Compare" + moduleName.substr(7) : moduleName;
    root["_FieldLength"] = runs.empty() ? 18 : runs.front().fieldLength;
    root["_Precision"] = runs.empty() ? 2 : runs.front().precision;
    root["_PrintHandler"] = nullptr;
    root["_ExtractModules"] = modules;
    root["_HeaderTable"] = rows(report.header);
    root["_HeaderFormat"] = report.header.formats;
    root["_RenderTable"] = rows(report.body);
    root["_FieldFormat"] = report.body.formats;
    addTables(root, report.tables);
    // Run and operation names are bytes from the tree: invalid UTF-8 becomes
    // U+FFFD rather than failing the export after the table was printed.
    return root.dump(-1, ' ', false, json::error_handler_t::replace);
}

void exportJson(const fs::path& target, const std::string& moduleName, const std::vector<RunSummary>& runs,
                const ComparisonReport& report) {
    mmtp::writeFileAtomically(target, compress(jsonExportText(moduleName, runs, report)));
}

}  // namespace mmtp::compare
