// lava_fleet.hpp - --backend lava with several --machine: every machine runs
// the whole schedule in its own work dir (W/MACHINE: its state, journal and
// tree), one machine after another here (a lab's server runs them at once),
// then the fleet's statistics (fleet.hpp) over the machines' trees, printed
// and kept in W/fleet.txt.
#pragma once
#include "mitigation-matrix/lava_backend.hpp"

#include <filesystem>
#include <vector>

namespace mmtp::matrix {

// Returns the exit status: 0 every machine has every row's boots and the
// report was made; 1 a row is short on some machine, or split (refused).
int runLavaFleet(const MatrixSpec& spec, const std::filesystem::path& workDir, const std::vector<LavaMachine>& machines,
                 const LavaSetup& base);

}  // namespace mmtp::matrix
