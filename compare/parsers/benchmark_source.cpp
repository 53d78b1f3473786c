#include "parsers/benchmark_source.hpp"

#include "input/benchmark_name.hpp"
#include "input/bounded_read.hpp"
#include "parsers/parse_external.hpp"
#include "parsers/parsers.hpp"

#include <stdexcept>

namespace mmtp::compare {

namespace {

// "redis, ..., seccomp-churn -a attach, ...", from the parser table.
std::string nativeBenchmarkList() {
    std::string list;
    for (const NativeBenchmark& b : nativeBenchmarks()) {
        if (!list.empty()) list += ", ";
        list += b.name;
        if (!b.alt.empty()) list += " -a " + std::string(b.alt);
    }
    return list;
}

}  // namespace

BenchmarkSource findBenchmark(const std::string& bench, const std::string& altReport,
                              const std::optional<std::string>& subHeading,
                              const std::optional<std::filesystem::path>& mmtestsDir) {
    // The name becomes a path (BENCH/logs, shellpack_src/src/BENCH) and may
    // come from a log tree or a --from-json file someone else wrote.
    if (!isPlainBenchmarkName(bench))
        throw std::runtime_error("benchmark name '" + bench.substr(0, 80) +
                                 "' is not a plain name (letters, digits, _ - . +); not used");
    if (const NativeBenchmark* native = findNativeBenchmark(bench, altReport)) {
        auto yaml = embeddedShellpackYaml(std::string(native->yaml));
        if (!yaml) throw std::runtime_error("benchmark " + bench + " has no embedded shellpack.yaml");
        return {bench, loadSummarySettings(*yaml, std::string(native->yaml) + " shellpack yaml", subHeading),
                [parse = native->parse](const std::filesystem::path& logs, Warnings& warnings) {
                    return RowTable(parse(logs, warnings));
                }};
    }
    if (mmtestsDir) {
        if (auto sp = findExternalShellpack(*mmtestsDir, bench, altReport)) {
            auto yaml = readRegularFile(sp->yaml);  // a shellpack.yaml is never compressed
            if (!yaml) throw std::runtime_error("cannot read " + sp->yaml.string());
            ExternalShellpack shellpack = *sp;
            return {bench, loadSummarySettings(*yaml, sp->yaml.string(), subHeading),
                    [shellpack, altReport](const std::filesystem::path& logs, Warnings& warnings) {
                        return runExternalParser(shellpack, logs, altReport, warnings);
                    }};
        }
        throw std::runtime_error("unknown benchmark '" + bench + (altReport.empty() ? "" : "-" + altReport) +
                                 "': not parsed natively and no shellpack_src/src/" + bench + "/shellpack" +
                                 (altReport.empty() ? "" : "-" + altReport) + ".yaml in " + mmtestsDir->string());
    }
    throw std::runtime_error("unknown benchmark '" + bench + (altReport.empty() ? "" : "' with alt report '" + altReport) +
                             "': native parsers are " + nativeBenchmarkList() +
                             "; for others give --mmtests-dir or MMTESTS_DIR");
}

}  // namespace mmtp::compare
