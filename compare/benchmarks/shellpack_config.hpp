// shellpack_config.hpp - what a shellpack.yaml tells compare-mmtests: the
// summary type, which direction is better, and how many decimals to print,
// with the per-sub-heading overrides ExtractShellpack.pm applies.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace mmtp::compare {

// Monitor is SummariseMonitor.pm (monitors only, never in a shellpack.yaml).
enum class SummaryType { Multiops, Normalisedops, NormalisedLeftSkewops, Singleops, Subselection, Monitor };

struct SummarySettings {
    SummaryType type = SummaryType::Multiops;
    bool preferHigher = false;
    int precision = 2;  // DecimalPlaces, 2 when absent (or 0, as in Compare.pm)
};

// Parses YAML text (source names it in errors) and resolves the settings for
// --sub-heading (nullopt: none given). Throws std::runtime_error naming the
// source when the YAML is malformed or has no usable summarise: key.
SummarySettings loadSummarySettings(const std::string& yamlText, const std::string& source,
                                    const std::optional<std::string>& subHeading);

// The `units:` of each metric under `metrics:` (e.g. RPS -> KOPS_PER_SECOND);
// empty when the YAML is malformed or names none.
std::map<std::string, std::string> metricUnits(const std::string& yamlText);
// The metric of an operation label (metric[-factorA][-factorB], in either
// order): the first run of whole dash-separated words naming a key of units
// ("usecs-op" is one metric); else the yaml's only metric when it has one
// (every operation is of it); else "".
std::string metricOfOperation(const std::map<std::string, std::string>& units, const std::string& op);
// That metric's unit, else "".
std::string unitOfOperation(const std::map<std::string, std::string>& units, const std::string& op);

// The embedded shellpack.yaml of a benchmark, nullopt when none is embedded.
std::optional<std::string> embeddedShellpackYaml(const std::string& name);

}  // namespace mmtp::compare
