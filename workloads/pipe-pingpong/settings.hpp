// settings.hpp - pipe-pingpong's options, one row each bound to the field of
// Settings it fills (common/settings_table).
#pragma once
#include "common/option_table.hpp"
#include "common/settings_table.hpp"
#include "pipe-pingpong/plan.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::pipepingpong {

struct Settings {
    long loops = 0;
    int iterations = 0;
    bool threaded = false;
    Mode mode = Mode::Baseline;
    std::string binding;       // as given: none, pinned, cross-ht, cross-socket
    std::string cpus;          // explicit "A" or "A,B"; overrides binding
    std::optional<int> baseCpu;
    std::string afterPulse;    // "", sham or protect
    std::filesystem::path logdir;
    Placement placement;       // filled by the preflight from sysfs
};

const OptionTable& optionTable();
// Throws UsageError naming the option.
Settings settingsFrom(const OptionValues& v);

}  // namespace mmtp::pipepingpong
