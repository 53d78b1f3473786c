#include "benchmarks/plot_settings.hpp"

#include <utility>
#include <yaml-cpp/yaml.h>

namespace mmtp::compare {

namespace {

std::string scalar(const YAML::Node& root, const char* key) {
    const YAML::Node n = root[key];
    return n && n.IsScalar() ? n.Scalar() : std::string();
}

}  // namespace

PlotSettings loadPlotSettings(const std::string& yamlText) {
    PlotSettings s;
    try {
        YAML::Node root = YAML::Load(yamlText);
        if (!root.IsMap()) return s;
        if (std::string t = scalar(root, "PlotType"); !t.empty()) s.type = t;
        s.xaxis = scalar(root, "PlotXaxis");
        s.yaxis = scalar(root, "PlotYaxis");
    } catch (const YAML::Exception&) {
        return PlotSettings{};
    }
    // Extract.pm: client-errorlines are drawn over "Clients"; thread-,
    // process- and group-errorlines are client-errorlines over another axis.
    static const std::pair<const char*, const char*> kErrorlines[] = {
        {"client-errorlines", "Clients"}, {"thread-errorlines", "Threads"},
        {"process-errorlines", "Processes"}, {"group-errorlines", "Groups"}};
    for (const auto& [type, axis] : kErrorlines)
        if (s.type == type) {
            s.type = "client-errorlines";
            s.xaxis = axis;
        }
    return s;
}

}  // namespace mmtp::compare
