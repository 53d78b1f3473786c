#include "render/svg_sample_strips.hpp"

#include "benchmarks/shellpack_config.hpp"
#include "render/svg_text.hpp"
#include "render/svg_timeseries.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare {

std::string sampleStripChartsSvg(const std::string& benchmark, const std::vector<RunSummary>& runs,
                                 const std::vector<std::string>& ops, const std::map<std::string, std::string>& units,
                                 std::size_t maxOps) {
    std::string out;
    const std::size_t drawn = std::min(maxOps, ops.size());
    for (std::size_t o = 0; o < drawn; ++o) {
        const std::string& op = ops[o];
        std::string unit = unitOfOperation(units, op);
        TimeChart c{benchmark + " " + op + ": every sample, iteration by iteration",
                    unit.empty() ? "value" : svg::unitLabel(unit), {}, {}};
        c.svgClass = "sample-strip-chart";
        c.iterationAxis = true;
        c.xLabel = "iteration (1 = iter-0); an iteration's samples are spread across its width in log order";
        std::size_t most = 0;
        for (std::size_t r = 0; r < runs.size(); ++r) {
            const std::vector<IterationSamples>* iterations = runs[r].extraction.samples(op);
            if (!iterations) continue;
            TimeSeries s{runs[r].testName, r, 0, {}};
            for (std::size_t i = 0; i < iterations->size(); ++i) {
                const std::vector<double>& v = (*iterations)[i].values;
                for (std::size_t k = 0; k < v.size(); ++k)
                    if (std::isfinite(v[k]))
                        s.points.emplace_back(static_cast<double>(i + 1) + static_cast<double>(k) /
                                                                             static_cast<double>(v.size()),
                                              v[k]);
            }
            most = std::max(most, s.points.size());
            if (!s.points.empty()) c.series.push_back(std::move(s));
        }
        if (c.series.empty()) continue;
        if (most < 2) c.notes.push_back("one sample per run: nothing to compare between iterations");
        if (o + 1 == drawn && ops.size() > drawn)
            c.notes.push_back(std::to_string(ops.size() - drawn) + " more operations not drawn here; the tables "
                              "above hold them all");
        out += timeChartSvg(c);
    }
    return out;
}

}  // namespace mmtp::compare
