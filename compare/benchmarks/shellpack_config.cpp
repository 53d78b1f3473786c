#include "benchmarks/shellpack_config.hpp"

#include "benchmarks/embedded_yaml.hpp"
#include "core/perl_scalar.hpp"

#include <algorithm>
#include <cctype>
#include <regex>
#include <stdexcept>
#include <yaml-cpp/yaml.h>

namespace mmtp::compare {

namespace {

// The Perl value YAML::PP (Core schema) gives a scalar: nullopt for null,
// "1"/"" for booleans, the number's stringification for ints and floats.
std::optional<std::string> perlValue(const YAML::Node& node) {
    if (!node || node.IsNull()) return std::nullopt;
    if (!node.IsScalar()) return std::string("HASH");
    const std::string& s = node.Scalar();
    if (node.Tag() == "!") return s;  // quoted: always a string
    static const std::regex kNull("~|null|Null|NULL|");
    static const std::regex kTrue("true|True|TRUE");
    static const std::regex kFalse("false|False|FALSE");
    static const std::regex kInt("[-+]?[0-9]+");
    static const std::regex kOct("0o[0-7]+");
    static const std::regex kHex("0x[0-9a-fA-F]+");
    static const std::regex kFloat("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    static const std::regex kInf("[-+]?(\\.inf|\\.Inf|\\.INF)");
    static const std::regex kNan("\\.nan|\\.NaN|\\.NAN");
    if (std::regex_match(s, kNull)) return std::nullopt;
    if (std::regex_match(s, kTrue)) return std::string("1");
    if (std::regex_match(s, kFalse)) return std::string();
    if (std::regex_match(s, kInt)) return stringify(std::stod(s));
    if (std::regex_match(s, kOct)) return stringify(static_cast<double>(std::stoll(s.substr(2), nullptr, 8)));
    if (std::regex_match(s, kHex)) return stringify(static_cast<double>(std::stoll(s.substr(2), nullptr, 16)));
    if (std::regex_match(s, kFloat)) return stringify(std::stod(s));
    if (std::regex_match(s, kInf)) return std::string(s[0] == '-' ? "-Inf" : "Inf");
    if (std::regex_match(s, kNan)) return std::string("NaN");
    return s;
}

bool prefersHigher(const std::optional<std::string>& v) {
    if (!v) return false;
    std::string lower = *v;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.empty() || lower == "1" || lower == "higher" || lower == "true";
}

std::optional<SummaryType> summaryTypeNamed(const std::string& name, bool topLevel) {
    if (name == "Multiops") return SummaryType::Multiops;
    if (name == "Singleops") return SummaryType::Singleops;
    if (name == "Subselection") return SummaryType::Subselection;
    // ExtractShellpack.pm honours the normalised types only at the top level.
    if (topLevel && name == "Normalisedops") return SummaryType::Normalisedops;
    if (topLevel && name == "NormalisedLeftSkewops") return SummaryType::NormalisedLeftSkewops;
    return std::nullopt;
}

}  // namespace

SummarySettings loadSummarySettings(const std::string& yamlText, const std::string& source,
                                    const std::optional<std::string>& subHeading) {
    YAML::Node root;
    try {
        root = YAML::Load(yamlText);
    } catch (const YAML::Exception& e) {
        throw std::runtime_error(source + ": malformed YAML: " + e.what());
    }
    if (!root.IsMap()) throw std::runtime_error(source + ": top level is not a mapping");

    std::optional<SummaryType> type;
    if (auto s = perlValue(root["summarise"])) type = summaryTypeNamed(*s, true);
    YAML::Node sub;
    if (subHeading && root[*subHeading] && root[*subHeading].IsMap()) sub = root[*subHeading];
    if (sub) {
        if (auto s = perlValue(sub["summarise"]))
            if (auto t = summaryTypeNamed(*s, false)) type = t;
    }
    if (!type) throw std::runtime_error(source + ": no usable 'summarise:' (Multiops, Normalisedops, NormalisedLeftSkewops, Singleops or Subselection)");

    bool higher = prefersHigher(perlValue(root["preferhigher"]));
    if (sub && prefersHigher(perlValue(sub["preferhigher"]))) higher = true;

    int precision = 2;
    if (auto p = perlValue(root["DecimalPlaces"])) {
        if (p->empty() || !std::all_of(p->begin(), p->end(), [](unsigned char c) { return std::isdigit(c); }))
            throw std::runtime_error(source + ": DecimalPlaces '" + *p + "' is not a whole number");
        precision = std::stoi(*p);
        if (precision == 0) precision = 2;  // Compare.pm: "if ($self->{_Precision})"
    }
    return {*type, higher, precision};
}

std::map<std::string, std::string> metricUnits(const std::string& yamlText) {
    std::map<std::string, std::string> units;
    try {
        YAML::Node root = YAML::Load(yamlText);
        if (!root.IsMap() || !root["metrics"] || !root["metrics"].IsSequence()) return units;
        for (const YAML::Node& m : root["metrics"]) {
            auto name = perlValue(m);
            if (!name || !root[*name] || !root[*name].IsMap()) continue;
            if (auto u = perlValue(root[*name]["units"])) units[*name] = *u;
        }
    } catch (const YAML::Exception&) {
        units.clear();
    }
    return units;
}

std::string metricOfOperation(const std::map<std::string, std::string>& units, const std::string& op) {
    // A metric is a run of whole dash-separated words ("usecs-op" is one
    // metric); the earliest in op wins, then the longest.
    std::size_t bestAt = std::string::npos;
    std::string best;
    const std::string dashed = "-" + op + "-";
    for (const auto& [metric, unit] : units) {
        std::size_t at = dashed.find("-" + metric + "-");
        if (at == std::string::npos || metric.empty()) continue;
        if (at < bestAt || (at == bestAt && metric.size() > best.size())) bestAt = at, best = metric;
    }
    // A yaml of one metric names every operation's unit, whatever the
    // operations are called (fio's "kb/sec JOB read" rows are its tput).
    if (best.empty() && units.size() == 1) best = units.begin()->first;
    return best;
}

std::string unitOfOperation(const std::map<std::string, std::string>& units, const std::string& op) {
    auto u = units.find(metricOfOperation(units, op));
    return u == units.end() ? "" : u->second;
}

std::optional<std::string> embeddedShellpackYaml(const std::string& name) {
    for (const EmbeddedYaml& y : mmtp::embeddedYamls())
        if (y.name == name) return std::string(y.text);
    return std::nullopt;
}

}  // namespace mmtp::compare
