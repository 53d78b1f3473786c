#include "monitors/vmstat_by_header.hpp"

#include "monitors/log_words.hpp"
#include "monitors/text.hpp"

#include <optional>
#include <stdexcept>

namespace mmtp::compare {

namespace {

// vmstat's column header: " r  b   swpd   free ... us sy id wa st".
bool isHeader(const std::vector<std::string>& w) {
    return w.size() >= 2 && w[0] == "r" && w[1] == "b";
}

}  // namespace

VmstatSamples vmstatFromLines(const std::vector<std::string>& lines, const std::vector<std::string>& only) {
    VmstatSamples s;
    s.only = only;
    std::vector<std::string> header;
    bool first = true, underFirstHeader = false;
    for (const std::string& line : lines) {
        std::vector<std::string> w = logWords(line);
        std::optional<double> elapsed = takeStamp(w);
        if (w.empty() || w[0] == "procs") continue;  // vmstat's group line
        if (isHeader(w)) {
            if (header.empty()) header = w;
            underFirstHeader = w == header;  // columns that change midway are not mixed
            continue;
        }
        std::vector<double> values;
        for (const std::string& x : w)
            if (std::optional<double> v = strictNumber(x)) values.push_back(*v);
        if (!underFirstHeader || values.size() != w.size() || values.size() != header.size()) {
            ++s.skippedLines;
            continue;
        }
        if (first) {  // averages since boot
            first = false;
            s.sinceBootDropped = true;
            s.timestamped = elapsed.has_value();
            continue;
        }
        if (elapsed.has_value() != s.timestamped) {  // a log that changes layout midway
            ++s.skippedLines;
            continue;
        }
        s.add(elapsed ? *elapsed : static_cast<double>(s.read + 1), header, values);
    }
    if (header.empty()) throw std::runtime_error("no vmstat header line (\" r  b   swpd ...\") in the log");
    return s;
}

VmstatSamples readVmstatByHeader(const std::filesystem::path& iterDir, const std::string& benchmark,
                                 const std::vector<std::string>& only) {
    return vmstatFromLines(monitorLogLines(iterDir, "vmstat", benchmark), only);
}

}  // namespace mmtp::compare
