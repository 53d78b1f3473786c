// fleet.cpp - the machines as blocks (fleet.hpp).
#include "mitigation-matrix/fleet.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

using nlohmann::json;

bool hasString(const json& o, const char* key) { return o.is_object() && o.contains(key) && o[key].is_string(); }
bool hasArray(const json& o, const char* key) { return o.is_object() && o.contains(key) && o[key].is_array(); }
double numberOr(const json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_number() ? o[key].get<double>() : std::nan("");
}

void addVerdict(std::vector<MachineChange>& out, const std::string& machine, const std::string& benchmark,
                const json& verdict) {
    if (!hasString(verdict, "new") || !hasArray(verdict, "rows")) return;
    for (const auto& r : verdict["rows"]) {
        if (!hasString(r, "metric") || !r.contains("change") || !r["change"].is_object()) continue;
        const json& c = r["change"];
        out.push_back({machine, benchmark, verdict["new"].get<std::string>(), r["metric"].get<std::string>(),
                       numberOr(c, "change_pct"), numberOr(c, "low_pct"), numberOr(c, "high_pct")});
    }
}

bool hasIteration(const fs::path& rowDir) {
    std::error_code ec;
    for (auto it = fs::directory_iterator(rowDir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
        if (it->path().filename().string().rfind("iter-", 0) == 0) return true;
    return false;
}

std::string pct(double x) {
    char s[32];
    std::snprintf(s, sizeof s, "%+.2f%%", x);
    return s;
}

std::string interval(double low, double high) {
    if (std::isnan(low) || std::isnan(high)) return "no interval";
    return "[" + pct(low) + ", " + pct(high) + "]";
}

}  // namespace

std::vector<MachineChange> machineChanges(const std::string& text, const std::string& machine) {
    const auto j = json::parse(text, nullptr, false);
    std::vector<MachineChange> out;
    if (j.is_discarded() || !hasArray(j, "benchmarks")) return out;
    for (const auto& b : j["benchmarks"]) {
        if (!hasArray(b, "verdicts")) continue;
        const std::string name = hasString(b, "benchmark") ? b["benchmark"].get<std::string>() : "?";
        for (const auto& v : b["verdicts"]) addVerdict(out, machine, name, v);
    }
    return out;
}

double tQuantile975(int df) {
    static constexpr std::array<double, 30> kT{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                               2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                               2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df < 1) return std::nan("");
    return df <= 30 ? kT[std::size_t(df - 1)] : 1.96 + 2.5 / df;  // within 0.01 of t beyond 30
}

std::vector<FleetChange> combineMachines(const std::vector<MachineChange>& changes, std::size_t machineCount) {
    std::vector<FleetChange> out;
    for (const auto& c : changes) {
        auto it = std::find_if(out.begin(), out.end(), [&](const FleetChange& f) {
            return f.benchmark == c.benchmark && f.row == c.row && f.metric == c.metric;
        });
        if (it == out.end()) it = out.insert(out.end(), {c.benchmark, c.row, c.metric, {}, 0, {}, {}});
        it->machines.push_back(c);
    }
    std::erase_if(out, [&](const FleetChange& f) { return f.machines.size() != machineCount; });
    for (auto& f : out) {
        const double k = double(f.machines.size());
        double sum = 0, squares = 0;
        for (const auto& m : f.machines) sum += m.changePct;
        f.meanPct = sum / k;
        for (const auto& m : f.machines) squares += (m.changePct - f.meanPct) * (m.changePct - f.meanPct);
        if (f.machines.size() < 2) continue;
        const double half = tQuantile975(int(k) - 1) * std::sqrt(squares / (k - 1) / k);
        f.lowPct = f.meanPct - half;
        f.highPct = f.meanPct + half;
    }
    return out;
}

std::vector<std::string> splitRows(const std::vector<std::string>& rows, const std::vector<std::string>& machines,
                                   const std::vector<fs::path>& logDirs) {
    std::vector<std::string> out;
    for (const auto& row : rows) {
        std::string on, off;
        for (std::size_t m = 0; m < machines.size(); ++m)
            (hasIteration(logDirs[m] / row) ? on : off) += (std::string(1, ' ') + machines[m]);
        if (!on.empty() && !off.empty()) out.push_back(row + ": on" + on + ", not on" + off);
    }
    return out;
}

std::string fleetReport(const std::vector<FleetChange>& changes, const std::vector<std::string>& machines) {
    std::string out = "fleet: " + std::to_string(machines.size()) +
                      " machines as blocks; each row against the first within each machine (compare-kernels, 95 %), "
                      "combined: the machines' mean change, t interval over machines (df " +
                      std::to_string(machines.size() - 1) + ")\n";
    for (const auto& f : changes) {
        out += f.benchmark + " " + f.row + " " + f.metric + "\n";
        for (const auto& m : f.machines)
            out += "  " + m.machine + ": " + pct(m.changePct) + " " + interval(m.lowPct, m.highPct) + "\n";
        out += "  combined: " + pct(f.meanPct) + " " +
               (f.lowPct ? interval(*f.lowPct, *f.highPct) : std::string("no interval (one machine)")) + "\n";
    }
    if (changes.empty()) out += "  no row was compared on every machine\n";
    return out;
}

}  // namespace mmtp::matrix
