// fleet.hpp - one matrix on several machines: the machine is a block. Every
// machine runs every row (its own interleaved schedule, its own work dir
// W/MACHINE), each row is compared with its baseline within each machine by
// compare-kernels, and the machines are combined from those per-machine
// changes: their mean, with a t interval on their spread across machines
// (k machines, k-1 degrees of freedom). That is the two-stage analysis of a
// mixed model with the machine as a random block (balanced: the same
// answer for the row's effect); it asks what the row does on a machine of
// this kind, not on these machines, so two machines give a wide interval.
// A row measured on some machines and not others is refused: its
// machines' differences would be read as the row's effect.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::matrix {

// One verdict row of one machine's compare-kernels --json-export.
struct MachineChange {
    std::string machine, benchmark, row, metric;
    double changePct = 0, lowPct = 0, highPct = 0;  // the machine's 95 % interval (NaN when none)
};

struct FleetChange {
    std::string benchmark, row, metric;
    std::vector<MachineChange> machines;
    double meanPct = 0;
    std::optional<double> lowPct, highPct;  // none with one machine
};

// The verdict rows of a compare-kernels --json-export (read, not trusted).
std::vector<MachineChange> machineChanges(const std::string& json, const std::string& machine);

// Groups by (benchmark, row, metric) in first-seen order and combines the
// machines; a row that some machine lacks is left out (see splitRows).
std::vector<FleetChange> combineMachines(const std::vector<MachineChange>& changes, std::size_t machineCount);

// t(0.975, df), df >= 1.
double tQuantile975(int df);

// Rows with accepted iterations (DIR/log/ROW/iter-N) on some machines and
// not on others: "ROW: on m1, not on m2". Empty: nothing is split.
std::vector<std::string> splitRows(const std::vector<std::string>& rows, const std::vector<std::string>& machines,
                                   const std::vector<std::filesystem::path>& logDirs);

std::string fleetReport(const std::vector<FleetChange>& changes, const std::vector<std::string>& machines);

}  // namespace mmtp::matrix
