#include "report/verdict_inputs.hpp"

#include "parsers/parsers.hpp"

namespace mmtp::compare {

std::optional<std::string> verdictReport(const std::string& bench, Verdict verdict) {
    if (verdict == Verdict::Rfc) {
        if (findNativeBenchmark(bench, "rfc")) return "rfc";
        return std::nullopt;
    }
    // Seed 004 asks for kIOPS, not fio's KiB/s.
    if (verdict == Verdict::TwoBaselines && bench == "fiolike") return "iops";
    return "";
}

std::optional<CpuColumnSource> cpuColumnSource(const std::string& bench) {
    if (bench != "fiolike") return std::nullopt;
    // kiops-JOB-DIRECTION -> cpu-pct-JOB-usr+sys: fio accounts CPU per job, not per direction.
    return CpuColumnSource{"cpu", [](const std::string& op) {
                               std::string job = op.rfind("kiops-", 0) == 0 ? op.substr(6) : op;
                               job = job.substr(0, job.rfind('-'));
                               return "cpu-pct-" + job + "-usr+sys";
                           }};
}

}  // namespace mmtp::compare
