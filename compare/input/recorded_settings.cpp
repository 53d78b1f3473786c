// recorded_settings.cpp - the runs' settings, read once (recorded_settings.hpp).
#include "input/recorded_settings.hpp"

#include "input/run_settings.hpp"

#include <algorithm>
#include <set>

namespace mmtp::compare {
namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : separator) + s;
    return out;
}

// The assignments every recording run has, and whether any two differ.
std::set<std::string> sharedByAll(const RecordedSettings& r, bool& differ) {
    std::optional<std::set<std::string>> shared;
    std::set<std::vector<std::string>> distinct;
    for (const auto& s : r.perRun) {
        if (!s) continue;
        distinct.insert(*s);
        std::set<std::string> mine(s->begin(), s->end());
        if (!shared) shared = mine;
        else std::erase_if(*shared, [&mine](const std::string& a) { return !mine.count(a); });
    }
    differ = distinct.size() > 1;
    return shared.value_or(std::set<std::string>());
}

}  // namespace

std::vector<RecordedSettings> readRecordedSettings(const std::filesystem::path& logDir,
                                                   const std::vector<std::string>& runs,
                                                   const std::vector<std::string>& benches) {
    std::vector<RecordedSettings> out;
    for (const std::string& bench : benches) {
        RecordedSettings r{bench, {}, std::nullopt};
        for (const std::string& run : runs) r.perRun.push_back(benchmarkSettings(logDir, run, bench));
        if (!runs.empty()) r.firstRunDefaults = benchmarkDefaults(logDir, runs.front(), bench);
        out.push_back(std::move(r));
    }
    return out;
}

std::string firstRunSettings(const std::vector<RecordedSettings>& recorded) {
    std::vector<std::string> parts;
    for (const RecordedSettings& r : recorded) {
        if (r.perRun.empty() || !r.perRun.front() || r.perRun.front()->empty()) continue;
        const std::string set = joined(*r.perRun.front(), " ");
        parts.push_back(recorded.size() > 1 ? r.bench + ": " + set : set);
    }
    return joined(parts, "; ");
}

std::optional<std::string> firstRunSettingsOffDefaults(const std::vector<RecordedSettings>& recorded) {
    std::vector<std::string> parts;
    for (const RecordedSettings& r : recorded) {
        if (r.perRun.empty() || !r.perRun.front() || r.perRun.front()->empty()) continue;
        if (!r.firstRunDefaults) return std::nullopt;
        const std::set<std::string> atDefault(r.firstRunDefaults->begin(), r.firstRunDefaults->end());
        std::vector<std::string> off;
        for (const std::string& a : *r.perRun.front())
            if (!atDefault.count(a)) off.push_back(a);
        const std::size_t same = r.perRun.front()->size() - off.size();
        std::string text = off.empty() ? "every setting at its default" : joined(off, " ");
        if (!off.empty() && same > 0) text += " (" + std::to_string(same) + " more at their defaults)";
        parts.push_back(recorded.size() > 1 ? r.bench + ": " + text : text);
    }
    if (parts.empty()) return std::nullopt;
    return joined(parts, "; ");
}

std::vector<std::string> settingsDifferences(const std::vector<RecordedSettings>& recorded,
                                             const std::vector<std::string>& runs) {
    std::vector<std::string> lines;
    for (const RecordedSettings& r : recorded) {
        bool differ = false;
        const std::set<std::string> shared = sharedByAll(r, differ);
        if (!differ) continue;
        std::vector<std::string> perRun;
        for (std::size_t i = 0; i < r.perRun.size() && i < runs.size(); ++i) {
            if (!r.perRun[i]) continue;
            std::vector<std::string> own;
            for (const std::string& a : *r.perRun[i])
                if (!shared.count(a)) own.push_back(a);
            perRun.push_back(runs[i] + "=" + (own.empty() ? "-" : joined(own, " ")));
        }
        lines.push_back(r.bench + " settings: " + joined(perRun, "; "));
    }
    return lines;
}

}  // namespace mmtp::compare
