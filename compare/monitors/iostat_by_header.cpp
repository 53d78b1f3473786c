#include "monitors/iostat_by_header.hpp"

#include "monitors/log_words.hpp"
#include "monitors/text.hpp"

#include <optional>
#include <set>
#include <stdexcept>

namespace mmtp::compare {

std::string withoutSgr(const std::string& line) {
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            std::size_t end = line.find_first_not_of("0123456789;", i + 2);
            if (end != std::string::npos && line[end] == 'm') {
                i = end;
                continue;
            }
        }
        out += line[i];
    }
    return out;
}

std::vector<std::string> iostatLogLines(const std::filesystem::path& iterDir, const std::string& benchmark) {
    std::vector<std::string> lines = monitorLogLines(iterDir, "iostat", benchmark);
    for (std::string& line : lines)
        if (line.find('\x1b') != std::string::npos) line = withoutSgr(line);
    return lines;
}

IostatSamples iostatFromLines(const std::vector<std::string>& lines, const std::vector<std::string>& only) {
    IostatSamples s;
    std::vector<std::string> header;  // of the report being read; empty outside a device block
    bool sawHeader = false, layoutKnown = false;
    std::size_t report = 0;
    std::set<std::string> seen;  // devices whose since-boot report was read, at most kMaxSampleSets
    std::optional<double> reportX;
    for (const std::string& line : lines) {
        std::vector<std::string> w = logWords(line);
        std::optional<double> elapsed = takeStamp(w);
        if (w.empty()) {
            header.clear();
            continue;
        }
        if (w[0] == "Device" || w[0] == "Device:") {
            if (!layoutKnown) s.timestamped = elapsed.has_value(), layoutKnown = true;
            if (elapsed.has_value() != s.timestamped) {  // a log that changes layout midway
                ++s.skippedLines;
                header.clear();
                continue;
            }
            header = w;
            sawHeader = true;
            ++report;
            reportX = elapsed ? *elapsed : static_cast<double>(report);
            continue;
        }
        if (header.empty()) continue;  // avg-cpu block, the "Linux ..." banner
        std::vector<double> values;
        for (std::size_t i = 1; i < w.size(); ++i)
            if (std::optional<double> v = strictNumber(w[i])) values.push_back(*v);
        if (w.size() != header.size() || values.size() + 1 != w.size() || elapsed.has_value() != s.timestamped) {
            ++s.skippedLines;
            continue;
        }
        if (!seen.count(w[0])) {  // averages since boot
            if (seen.size() < kMaxSampleSets) seen.insert(w[0]);
            else ++s.droppedLines;
            continue;
        }
        sampleSet(s.devices, w[0], only)->add(*reportX, {header.begin() + 1, header.end()}, values);
    }
    if (!sawHeader) throw std::runtime_error("no iostat header line (\"Device ... r/s ...\") in the log");
    return s;
}

IostatSamples readIostatByHeader(const std::filesystem::path& iterDir, const std::string& benchmark,
                                 const std::vector<std::string>& only) {
    return iostatFromLines(iostatLogLines(iterDir, benchmark), only);
}

}  // namespace mmtp::compare
