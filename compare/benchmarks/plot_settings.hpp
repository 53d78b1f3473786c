// plot_settings.hpp - how a shellpack.yaml asks for its results to be drawn
// (PlotType, PlotXaxis, PlotYaxis), as bin/graph-mmtests.sh reads them.
#pragma once
#include <string>

namespace mmtp::compare {

struct PlotSettings {
    std::string type = "operation-candlesticks";  // graph-mmtests.sh's default
    std::string xaxis;                            // "" when the yaml names none
    std::string yaxis;
};

// Never throws: malformed YAML or missing keys give the defaults.
PlotSettings loadPlotSettings(const std::string& yamlText);

}  // namespace mmtp::compare
