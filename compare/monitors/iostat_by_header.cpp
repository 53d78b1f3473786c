#include "monitors/iostat_by_header.hpp"

#include "monitors/log_words.hpp"
#include "monitors/text.hpp"

#include <optional>
#include <set>
#include <stdexcept>

namespace mmtp::compare {

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
    return iostatFromLines(monitorLogLines(iterDir, "iostat", benchmark), only);
}

}  // namespace mmtp::compare
