#include "input/clock_record.hpp"

#include "input/bounded_json.hpp"
#include "input/log_files.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

constexpr std::size_t kMaxIterations = 64, kMaxRecords = 16, kMaxSeriesWarned = 8;
// A record our workloads write nests 3 deep and holds a few hundred bytes
// per series; 32 MiB of '[' cost 2.2 GB as a json tree.
constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;
constexpr int kMaxRecordDepth = 8;
constexpr std::size_t kMaxRecordValues = 65536;

// The record's text, read no further than kMaxRecordBytes (compressed or
// not); a refused file is a warning.
std::optional<std::string> readRecord(const fs::path& file, Warnings& warnings) {
    ReadLimits limits;
    limits.fileBytes = kMaxRecordBytes;
    limits.decompressedBytes = kMaxRecordBytes;
    try {
        return readLog(file, limits);
    } catch (const InputError& e) {
        warnings.push_back(e.what());
        return std::nullopt;
    }
}

// Safe to print: control bytes become '?', at most 200 bytes.
std::string printable(std::string s) {
    if (s.size() > 200) s.resize(200);
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return s;
}

std::string field(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? printable(it->get<std::string>()) : "?";
}

double number(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : std::nan("");
}

// v with `decimals` digits after the point ("?" when the record had no number).
std::string fixed(double v, int decimals = 0) {
    if (!std::isfinite(v)) return "?";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

bool isRegularFile(const fs::path& p) {
    std::error_code ec;
    return fs::symlink_status(p, ec).type() == fs::file_type::regular;
}

}  // namespace

Warnings clockRecordTextWarnings(const std::string& text, const std::string& where) {
    nlohmann::json j;
    try {
        j = parseBoundedJson(text, {kMaxRecordDepth, kMaxRecordValues, "the clock record limit"}, where);
    } catch (const JsonBoundError& e) {
        return {e.what()};
    } catch (const nlohmann::json::exception&) {
        j = nullptr;
    }
    if (!j.is_object()) return {where + ": not a clock record (not a JSON object); ignored"};
    Warnings out;
    const double shortSamples = number(j, "short_samples");
    if (shortSamples > 0)
        out.push_back(where + ": " + fixed(shortSamples) + " of " + fixed(number(j, "samples")) +
                      " samples lasted under " + fixed(number(j, "min_ticks")) + " ticks of " + field(j, "clock") +
                      " (shortest: " + field(j, "shortest_sample") + ", " + fixed(number(j, "shortest_ticks")) +
                      " ticks), so their rates are quantised; raise " + field(j, "span_setting"));
    const double target = number(j, "target_change_pct");
    auto series = j.find("series");
    if (series == j.end() || !series->is_array()) return out;
    std::size_t noisy = 0;
    for (const nlohmann::json& s : *series) {
        if (!s.is_object()) continue;
        double detectable = number(s, "detectable_change_pct");
        if (!(detectable > target)) continue;
        if (++noisy > kMaxSeriesWarned) continue;
        out.push_back(where + ": " + field(s, "name") + ": CoV " + fixed(number(s, "cov_pct"), 1) + " % over " +
                      fixed(number(s, "n")) + " iterations; changes under " + fixed(detectable) +
                      " % cannot be called significant, so a verdict on it is inconclusive below that; raise " +
                      field(j, "iterations_setting"));
    }
    if (noisy > kMaxSeriesWarned)
        out.push_back(where + ": " + std::to_string(noisy - kMaxSeriesWarned) + " more series as noisy; raise " +
                      field(j, "iterations_setting"));
    return out;
}

std::optional<std::string> clockWarningTopic(const std::string& warning) {
    const std::string under = " samples lasted under ";
    if (std::size_t at = warning.find(under); at != std::string::npos) {
        std::size_t from = at + under.size(), end = warning.find(' ', from);
        return "samples under " + warning.substr(from, end - from) + " ticks";
    }
    if (warning.find(": CoV ") != std::string::npos || warning.find(" more series as noisy") != std::string::npos)
        return "series too noisy for a call";
    return std::nullopt;
}

Warnings clockRecordWarnings(const fs::path& logDir, const std::string& run) {
    Warnings out;
    std::size_t iterations = 0;
    for (const std::string& iter : listDirectory(logDir / run)) {
        if (iter.rfind("iter-", 0) != 0 || !isRealDirectory(logDir / run / iter)) continue;
        if (++iterations > kMaxIterations) break;
        std::size_t records = 0;
        for (const std::string& bench : listDirectory(logDir / run / iter)) {
            fs::path logs = logDir / run / iter / bench / "logs";
            if (!isRealDirectory(logDir / run / iter / bench) || !isRealDirectory(logs)) continue;
            for (const std::string& name : listDirectory(logs)) {
                if (name.size() <= 11 || name.compare(name.size() - 11, 11, "-clock.json") != 0) continue;
                if (++records > kMaxRecords) break;
                std::string where = printable(run + "/" + iter + "/" + bench + "/logs/" + name);
                if (!isRegularFile(logs / name)) {
                    out.push_back(where + ": not a regular file; ignored");
                    continue;
                }
                if (auto text = readRecord(logs / name, out)) {
                    Warnings w = clockRecordTextWarnings(*text, where);
                    out.insert(out.end(), w.begin(), w.end());
                }
            }
        }
    }
    return out;
}

}  // namespace mmtp::compare
