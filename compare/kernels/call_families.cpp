#include "kernels/call_families.hpp"

#include "tables/verdict.hpp"

#include <algorithm>

namespace mmtp::compare {

// The calls, once every comparison of the report is known: one family over
// every metric of every benchmark and compared run (what --bisect combines),
// so the report's chance of any false call stays at alpha.
// Hochberg's step-up over them all: each metric's call at its step's level.
void settleFamilies(KernelsData& d, const CallSettings& calls) {
    std::size_t tested = 0;
    std::vector<const std::vector<MetricInput>*> all;
    for (const BenchmarkResults& b : d.benchmarks)
        for (const RunVerdict& v : b.verdicts) {
            tested += testedCount(v.inputs);
            all.push_back(&v.inputs);
        }
    // A sequential look's levels are its boundaries' (callFamily): no step-up there.
    const std::vector<std::vector<double>> levels = familyLevels(all, calls.alpha);
    std::size_t at = 0;
    for (BenchmarkResults& b : d.benchmarks)
        for (RunVerdict& v : b.verdicts) {
            std::size_t baseRuns = v.design == RunVerdict::Design::Aba ? 2
                                   : v.design == RunVerdict::Design::Interleaved
                                       ? v.baseGroup.size() / std::max<std::size_t>(v.nowGroup.size(), 1)
                                       : 1;
            v.family = callFamily(v.inputs, calls, std::max<std::size_t>(baseRuns, 1), tested,
                                  calls.look ? nullptr : &levels[at]);
            ++at;
        }
}

// Each candidate's place, at one confidence for every candidate's every
// metric (Bonferroni over them): --bisect combines them all.
void settleBisectFamily(KernelsData& d) {
    std::size_t m = 0;
    for (const BenchmarkResults& b : d.benchmarks)
        for (const BenchmarkResults::Candidate& c : b.bisect) m += c.inputs.size();
    const double confidence = 1 - kBisectAlpha / static_cast<double>(std::max<std::size_t>(m, 1));
    for (BenchmarkResults& b : d.benchmarks)
        for (BenchmarkResults::Candidate& c : b.bisect) {
            c.positions.clear();
            for (const PositionInput& in : c.inputs) c.positions.push_back(placeCandidate(in, confidence));
            c.confidence = confidence;
        }
}

}  // namespace mmtp::compare
