#include "kernels/verdict_inputs.hpp"

#include "benchmarks/benchmark_description.hpp"

namespace mmtp::compare {

std::optional<std::string> verdictReport(const std::string& bench, Verdict verdict) {
    VerdictHints hints = verdictHints(bench);
    if (verdict == Verdict::Rfc) {
        if (hints.rfcReport.empty()) return std::nullopt;
        return std::string(hints.rfcReport);
    }
    if (verdict == Verdict::TwoBaselines) return std::string(hints.twoBaselinesReport);
    return "";
}

std::optional<CpuColumnSource> cpuColumnSource(const std::string& bench) {
    VerdictHints hints = verdictHints(bench);
    if (hints.cpuReport.empty() || !hints.cpuOp) return std::nullopt;
    return CpuColumnSource{std::string(hints.cpuReport), hints.cpuOp};
}

}  // namespace mmtp::compare
