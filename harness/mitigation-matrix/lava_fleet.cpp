// lava_fleet.cpp - every machine runs every row; then the fleet (lava_fleet.hpp).
#include "mitigation-matrix/lava_fleet.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/child_process.hpp"
#include "mitigation-matrix/fleet.hpp"
#include "mitigation-matrix/schedule.hpp"
#include "mitigation-matrix/settle_boot.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr std::size_t kMaxJsonBytes = std::size_t{64} << 20;

std::string readSome(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string text(kMaxJsonBytes, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    return text;
}

// One machine's rows against the first, as compare-kernels exports them.
std::vector<MachineChange> compareOn(const fs::path& machineDir, const std::string& machine,
                                     const std::vector<std::string>& rows, const fs::path& binDir) {
    const fs::path json = machineDir / "matrix" / "fleet.json";
    fs::remove(json);
    SpawnOptions o;
    o.argv = {(binDir / "compare-kernels").string(),
              "-C",
              (machineDir / "log").string(),
              "--verdict",
              "first",
              "--baseline",
              rows.front()};
    for (std::size_t i = 1; i < rows.size(); ++i) o.argv.insert(o.argv.end(), {"--compare", rows[i]});
    o.argv.insert(o.argv.end(), {"--json-export", json.string()});
    o.stdinPath = "/dev/null";
    o.stdoutPath = machineDir / "matrix" / "fleet-compare.txt";
    o.stderrToStdout = true;
    const ExitStatus st = ChildProcess::spawn(o).wait();
    if (!st.success() || !fs::is_regular_file(json))
        throw Error("compare-kernels on machine " + machine + " " + st.describe() + " (see " +
                    (machineDir / "matrix" / "fleet-compare.txt").string() + ")");
    return machineChanges(readSome(json), machine);
}

bool complete(const MatrixSpec& spec, const fs::path& machineDir) {
    const auto state = loadState(statePath(machineDir));
    if (!state) return false;
    for (const auto& row : spec.rows)
        if (countWith(*state, row.name, BootStatus::Accepted) < spec.bootsPerRow) return false;
    return true;
}

// The rows every machine measured (the first is the baseline), or refused.
std::vector<std::string> comparableRows(const MatrixSpec& spec, const std::vector<std::string>& names,
                                        const std::vector<fs::path>& logs) {
    std::vector<std::string> rows, all;
    for (const auto& r : spec.rows) all.push_back(r.name);
    const auto split = splitRows(all, names, logs);
    if (!split.empty())
        throw Error(
            "fleet refused: rows split across machines (a row is compared with its baseline within each "
            "machine, so every machine runs every row): " +
            split.front() + (split.size() > 1 ? " (and " + std::to_string(split.size() - 1) + " more)" : ""));
    for (const auto& row : all)
        if (fs::is_directory(logs.front() / row)) rows.push_back(row);
    return rows;
}

}  // namespace

int runLavaFleet(const MatrixSpec& spec, const fs::path& workDir, const std::vector<LavaMachine>& machines,
                 const LavaSetup& base) {
    std::vector<std::string> names;
    std::vector<fs::path> logs;
    bool allComplete = true;
    for (const auto& m : machines) {
        std::cout << "mitigation-matrix: machine " << m.name << " (" << m.deviceType
                  << "): " << (workDir / m.name).string() << std::endl;
        LavaSetup setup = base;
        setup.machine = m;
        runLavaSchedule(spec, workDir / m.name, setup);
        const auto state = loadState(statePath(workDir / m.name));
        std::cout << summary(*state, spec) << std::flush;
        allComplete = allComplete && complete(spec, workDir / m.name);
        names.push_back(m.name);
        logs.push_back(workDir / m.name / "log");
    }
    const auto rows = comparableRows(spec, names, logs);
    if (rows.size() < 2 || rows.front() != spec.rows.front().name)
        throw Error("fleet: the baseline row " + spec.rows.front().name + " or every other row has no boots");
    std::vector<MachineChange> changes;
    for (std::size_t i = 0; i < machines.size(); ++i) {
        const auto mine = compareOn(workDir / names[i], names[i], rows, base.binDir);
        changes.insert(changes.end(), mine.begin(), mine.end());
    }
    const std::string report = fleetReport(combineMachines(changes, machines.size()), names);
    writeFileAtomically(workDir / "fleet.txt", report);
    std::cout << report << std::flush;
    return allComplete ? 0 : 1;
}

}  // namespace mmtp::matrix
