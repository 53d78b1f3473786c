#include "tables/comparison.hpp"

#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <stdexcept>

namespace mmtp::compare {

namespace {

constexpr int kCompareLength = 7;
const double kNaN = std::nan("");

std::string fmtValue(int fieldLength, int precision) {
    return "%" + std::to_string(fieldLength) + "." + std::to_string(precision) + "f";
}

// A run's summary value; NaN (Perl's "NaN") when the run lacks the operation.
double summaryValue(const RunSummary& run, const std::string& op, std::size_t column) {
    auto it = run.values.find(op);
    if (it == run.values.end() || column >= it->second.size()) return kNaN;
    return it->second[column];
}

std::vector<double> ciOf(const RunSummary& run, const std::string& op) {
    auto it = run.ci.find(op);
    if (it == run.ci.end()) return {};
    return {it->second.first, it->second.second};
}

bool missing(double v) { return std::isnan(v) || v == -1; }

// Perl's substr(): negative offset counts from the end, negative length
// leaves that many characters off; outside the string it is undef.
std::optional<std::string> perlSubstr(const std::string& s, long offset, std::optional<long> length = {}) {
    const long len = static_cast<long>(s.size());
    if (offset < 0) offset += len;
    if (offset < 0 || offset > len) return std::nullopt;
    long end = len;
    if (length) end = *length < 0 ? len + *length : offset + *length;
    end = std::clamp(end, offset, len);
    return s.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(end - offset));
}

PerlArg stringOrUndef(const std::optional<std::string>& s) {
    return s ? PerlArg::string(*s) : PerlArg::undef();
}

// Compare.pm _generateHeaderTable: run names split at the first '-' (with
// its bodge for "-rcN" and its odd results for names without '-').
FormattedTable headerTable(const std::vector<RunSummary>& runs, int operationLength, bool showCompare) {
    static const std::regex kRc("-rc[0-9]");
    FormattedTable t;
    t.formats.push_back("%" + std::to_string(operationLength) + "s");
    std::vector<PerlArg> top{PerlArg::string("")}, bottom{PerlArg::string("")};
    for (const RunSummary& run : runs) {
        const std::string& name = run.testName;
        std::size_t dash = name.find('-');
        long index = dash == std::string::npos ? -1 : static_cast<long>(dash);
        auto probe = perlSubstr(name, index, index + 3);
        if (probe && std::regex_search(*probe, kRc)) index += 4;
        int width = run.fieldLength + (showCompare ? kCompareLength + 4 : 0);
        t.formats.push_back("%" + std::to_string(width) + "s");
        top.push_back(stringOrUndef(perlSubstr(name, 0, index)));
        bottom.push_back(stringOrUndef(perlSubstr(name, index + 1)));
    }
    t.rows.push_back(std::move(top));
    t.rows.push_back(std::move(bottom));
    return t;
}

using OpColumns = std::map<std::string, std::vector<std::vector<double>>>;
using OpSignificance = std::map<std::string, std::vector<PerlArg>>;

// _generateComparisonTable: every operation's results and percentage
// differences from the base run, column (statistic) by column.
struct Comparisons {
    OpColumns results, compares;
};
Comparisons compareColumns(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops) {
    const RunSummary& base = runs.front();
    const auto& stats = base.definition.stats;
    Comparisons c;
    for (const std::string& op : ops) {
        for (std::size_t col = 0; col < stats.size(); ++col) {
            CompareFn fn = statCompareFunc(stats[col], base.preferHigher);
            std::vector<double> data, cmp;
            double b = summaryValue(base, op, col);
            for (const RunSummary& run : runs) {
                double v = summaryValue(run, op, col);
                const bool comparable = !missing(v) && b != -1;
                data.push_back(comparable ? v : 0);
                cmp.push_back(comparable ? applyCompare(fn, v, b) : 0);
            }
            c.results[op].push_back(data);
            c.compares[op].push_back(cmp);
        }
    }
    return c;
}

// Significance of one operation's comparison statistic, two cells per run
// (the mark and the ratio): |cidiff| > 1 against the base run.
std::vector<PerlArg> significanceOf(const std::vector<RunSummary>& runs, const std::string& op) {
    std::vector<PerlArg> sig;
    double baselineVal = 0;
    std::vector<double> baselineCi;
    for (std::size_t m = 0; m < runs.size(); ++m) {
        const RunSummary& run = runs[m];
        if (run.ci.empty() || m == 0) {
            sig.push_back(PerlArg::number(0));
            sig.push_back(PerlArg::number(0));
        }
        if (run.ci.empty()) continue;
        double val = summaryValue(run, op, run.comparisonStatIndex.value_or(0));
        if (m == 0) {
            baselineVal = val;
            baselineCi = ciOf(run, op);
            continue;
        }
        double ratio = run.ci.count(op) ? cidiff(baselineVal, baselineCi, val, ciOf(run, op)) : 0;
        sig.push_back(std::fabs(ratio) > 1 ? PerlArg::number(1) : PerlArg::string(""));
        sig.push_back(PerlArg::number(ratio));
    }
    return sig;
}

// The widths of the statistic and operation label columns.
struct LabelWidths {
    std::size_t stat = 0, op = 0;
};
LabelWidths labelWidths(const RunSummary& base, const std::vector<std::string>& ops) {
    LabelWidths w;
    for (const std::string& op : ops) {
        for (const std::string& s : base.definition.stats)
            w.stat = std::max(w.stat, statName(s, base.preferHigher, base.opName).size());
        w.op = std::max(w.op, op.size());
    }
    return w;
}

void addRegularFormats(FormattedTable& t, const RunSummary& base, LabelWidths w, std::size_t nRuns,
                       bool showCompare) {
    t.formats.push_back("%-" + std::to_string(w.stat) + "s");
    t.formats.push_back(" %-" + std::to_string(w.op) + "s");
    const std::string valueFmt = fmtValue(base.fieldLength, base.precision);
    for (std::size_t i = 0; i <= nRuns; ++i) {
        t.formats.push_back(valueFmt);
        t.formats.push_back(showCompare ? " (%" + std::to_string(kCompareLength) + ".2f%%)" : "");
    }
}

// One statistic's row for one operation: each run's value and comparison.
std::vector<PerlArg> statRow(const RunSummary& base, std::size_t h, const std::string& op, std::size_t nRuns,
                             const Comparisons& c, const OpSignificance& significance, bool showCompare) {
    std::vector<PerlArg> row{PerlArg::string(statName(base.definition.stats[h], base.preferHigher, base.opName)),
                             PerlArg::string(op)};
    for (std::size_t i = 0; i < nRuns; ++i) {
        row.push_back(PerlArg::number(c.results.at(op)[h][i]));
        if (!showCompare) {
            row.push_back(PerlArg::arrayRef());
            continue;
        }
        std::string mark;
        // "$_ComparisonStatIndex == $header": undef compares equal to row 0.
        if (base.comparisonStatIndex.value_or(0) == h)
            mark = significance.at(op)[i * 2].asNumber() != 0 ? ":SIG:" : ":NSIG:";
        row.push_back(PerlArg::string(stringify(c.compares.at(op)[h][i]) + mark));
    }
    return row;
}

void addSignificanceRows(FormattedTable& t, const std::vector<std::string>& ops, const OpSignificance& significance) {
    for (const std::string& op : ops) {
        std::vector<PerlArg> row{PerlArg::string("Significant"), PerlArg::string(op)};
        for (const PerlArg& a : significance.at(op)) row.push_back(a);
        row.push_back(PerlArg::undef());
        t.rows.push_back(std::move(row));
    }
}

ComparisonReport regularTable(const std::vector<RunSummary>& runs, const CompareOptions& o) {
    const RunSummary& base = runs.front();
    const std::vector<std::string> ops = base.summaryOps(o.subHeading);
    if (ops.empty())
        throw std::runtime_error("nothing to compare: run '" + base.testName + "' has no results" +
                                 (o.subHeading ? " matching --sub-heading " + *o.subHeading : std::string()));
    const std::size_t nRuns = runs.size();
    Comparisons c = compareColumns(runs, ops);
    OpSignificance significance;
    for (const std::string& op : ops) significance[op] = significanceOf(runs, op);

    ComparisonReport report;
    report.fieldLength = base.fieldLength;
    FormattedTable& t = report.body;
    const LabelWidths w = labelWidths(base, ops);
    addRegularFormats(t, base, w, nRuns, o.showCompare);
    for (std::size_t h = 0; h < base.definition.stats.size(); ++h)
        for (const std::string& op : ops) t.rows.push_back(statRow(base, h, op, nRuns, c, significance, o.showCompare));
    if (o.printSignificance && o.showCompare) addSignificanceRows(t, ops, significance);
    const int operationLength = static_cast<int>(w.stat + 1 + w.op);
    report.header = headerTable(runs, operationLength, o.showCompare);
    ComparisonTables& kept = report.tables;
    kept.showCompare = o.showCompare;
    kept.operationLength = operationLength;
    kept.results = std::move(c.results);
    if (o.showCompare) {
        kept.compare = std::move(c.compares);
        kept.significance = std::move(significance);
    }
    return report;
}

// _generateRatioComparisonTable: per operation, each run's ratio to the
// base, its comparison, and the normalised (cidiff) difference.
struct RatioColumns {
    std::map<std::string, std::vector<double>> ratios, ratioCmps, normCmps;
};
RatioColumns ratioColumns(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops) {
    const RunSummary& base = runs.front();
    const bool baseHasCi = !base.ci.empty();
    const CompareFn ratioCompare = base.preferHigher ? CompareFn::Pdiff : CompareFn::Pndiff;
    RatioColumns c;
    for (const std::string& op : ops) {
        for (const RunSummary& run : runs) {
            double aval = summaryValue(run, op, 0), bval = summaryValue(base, op, 0);
            double ratio = 1, ratiocmp = 0, normcmp = 0;
            if (!missing(aval) && !missing(bval)) {
                ratio = rdiff(aval, bval);
                ratiocmp = applyCompare(ratioCompare, ratio, 1);
                if (baseHasCi) normcmp = cidiff(aval, ciOf(run, op), bval, ciOf(base, op));
                if (std::isnan(normcmp)) normcmp = 0;
            }
            c.ratios[op].push_back(ratio);
            c.ratioCmps[op].push_back(ratiocmp);
            c.normCmps[op].push_back(normcmp);
        }
    }
    return c;
}

// Built before the compare width is known: the % columns have no width.
void addRatioFormats(FormattedTable& t, const RunSummary& base, std::size_t maxLength, std::size_t nOps,
                     bool showCompare) {
    t.formats.push_back("%-" + std::to_string(maxLength) + "s");
    const std::string valueFmt = fmtValue(base.fieldLength, base.precision);
    for (std::size_t i = 0; i <= nOps; ++i) {
        t.formats.push_back(valueFmt);
        if (showCompare) {
            t.formats.push_back(" (%.2f%%)");
            t.formats.push_back(" (%+.2fs)");
        } else {
            t.formats.push_back("");
        }
    }
}

ComparisonReport ratioTable(const std::vector<RunSummary>& runs, const CompareOptions& o) {
    const RunSummary& base = runs.front();
    const std::vector<std::string> ops = base.ratioSummaryOps(o.subHeading);
    const std::size_t nRuns = runs.size();
    const bool baseHasCi = !base.ci.empty();
    const std::string preferred = base.preferHigher ? "Higher" : "Lower";

    RatioColumns columns = ratioColumns(runs, ops);
    auto& ratios = columns.ratios;
    auto& ratioCmps = columns.ratioCmps;
    auto& normCmps = columns.normCmps;
    std::vector<double> geomean;
    std::vector<std::vector<double>> normStats;  // amean, min, max per run
    for (std::size_t m = 0; m < nRuns; ++m) {
        std::vector<double> units, norm;
        for (const std::string& op : ops) {
            norm.push_back(normCmps[op][m]);
            double r = ratios[op][m];
            units.push_back(std::isnan(r) ? 1 : (r != 0 ? r : 0.00001));
        }
        normStats.push_back({calcAmean(norm), calcMin(norm), calcMax(norm)});
        geomean.push_back(calcGeomean(units));
    }

    ComparisonReport report;
    report.fieldLength = base.fieldLength;
    FormattedTable& t = report.body;
    std::size_t maxLength = 0;
    for (const std::string& op : ops) maxLength = std::max(maxLength, op.size());
    maxLength += 6;  // "Ratio "
    addRatioFormats(t, base, maxLength, ops.size(), o.showCompare);
    for (const std::string& op : ops) {
        std::vector<PerlArg> row{PerlArg::string("Ratio " + op)};
        for (std::size_t m = 0; m < nRuns; ++m) {
            row.push_back(PerlArg::number(ratios[op][m]));
            row.push_back(o.showCompare ? PerlArg::number(ratioCmps[op][m]) : PerlArg::string("NaN"));
            row.push_back(baseHasCi ? PerlArg::number(normCmps[op][m]) : PerlArg::string("NaN"));
        }
        t.rows.push_back(std::move(row));
    }
    auto summaryRow = [&](const std::string& title, auto valueOf) {
        std::vector<PerlArg> row{PerlArg::string(title)};
        for (std::size_t m = 0; m < nRuns; ++m) {
            row.push_back(PerlArg::number(valueOf(m)));
            row.push_back(PerlArg::undef());
            row.push_back(PerlArg::undef());
        }
        t.rows.push_back(std::move(row));
    };
    if (baseHasCi) {
        summaryRow("Dmean " + preferred, [&](std::size_t m) { return normStats[m][0]; });
        summaryRow("Dmin  " + preferred, [&](std::size_t m) { return normStats[m][1]; });
        summaryRow("Dmax  " + preferred, [&](std::size_t m) { return normStats[m][2]; });
    }
    summaryRow("Gmean " + preferred, [&](std::size_t m) { return geomean[m]; });
    report.header = headerTable(runs, static_cast<int>(maxLength), o.showCompare);
    ComparisonTables& kept = report.tables;
    kept.ratio = true;
    kept.showCompare = o.showCompare;
    kept.operationLength = static_cast<int>(maxLength);
    kept.ratios = std::move(ratios);
    if (o.showCompare) kept.ratioCompare = std::move(ratioCmps);
    if (baseHasCi) {
        kept.hasNormalized = true;
        kept.normalized = std::move(normCmps);
        kept.normalizedStats = std::move(normStats);
    }
    kept.geomean = std::move(geomean);
    return report;
}

}  // namespace

ComparisonReport buildComparison(const std::vector<RunSummary>& runs, const CompareOptions& options) {
    if (runs.empty()) throw std::runtime_error("no runs to compare");
    return options.printRatio ? ratioTable(runs, options) : regularTable(runs, options);
}

}  // namespace mmtp::compare
