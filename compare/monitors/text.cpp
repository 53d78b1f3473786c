#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"
#include "input/log_files.hpp"
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"

#include <cmath>
#include <cstdio>

namespace mmtp::compare {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

void dropTrailingEmpty(std::vector<std::string>& f) {
    while (!f.empty() && f.back().empty()) f.pop_back();
}

}  // namespace

std::vector<std::string> splitBlankRuns(std::string_view s) {
    std::vector<std::string> f;
    std::size_t i = 0;
    while (i <= s.size()) {
        std::size_t j = i;
        while (j < s.size() && !isBlank(s[j])) ++j;
        f.emplace_back(s.substr(i, j - i));
        if (j >= s.size()) break;
        while (j < s.size() && isBlank(s[j])) ++j;
        i = j;
        if (i == s.size()) break;
    }
    dropTrailingEmpty(f);
    return f;
}

std::vector<std::string> splitEachBlank(std::string_view s) {
    std::vector<std::string> f;
    std::string cur;
    for (char c : s) {
        if (isBlank(c)) {
            f.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    f.push_back(cur);
    dropTrailingEmpty(f);
    return f;
}

std::vector<std::string> splitLiteral(std::string_view s, std::string_view sep) {
    std::vector<std::string> f;
    std::size_t i = 0;
    for (std::size_t p; (p = s.find(sep, i)) != std::string_view::npos; i = p + sep.size())
        f.emplace_back(s.substr(i, p - i));
    f.emplace_back(s.substr(i));
    dropTrailingEmpty(f);
    return f;
}

std::string trimLeft(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && isBlank(s[i])) ++i;
    return std::string(s.substr(i));
}

std::optional<std::string> fieldAt(const std::vector<std::string>& fields, long i) {
    if (i < 0) i += static_cast<long>(fields.size());
    if (i < 0 || i >= static_cast<long>(fields.size())) return std::nullopt;
    return fields[static_cast<std::size_t>(i)];
}

double numOf(const std::optional<std::string>& s) { return s ? numify(*s) : 0; }

std::string exactText(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Inf" : "-Inf";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string rowText(const std::optional<std::string>& s) { return s ? *s : std::string(); }

ReadLimits monitorReadLimits() {
    ReadLimits limits;
    limits.lineBytes = kMonitorLineBytes;
    return limits;
}

std::vector<std::string> requiredLogLines(const std::filesystem::path& iterDir, const std::string& file) {
    return requiredLogLines(iterDir, file, monitorReadLimits());
}

std::vector<std::string> requiredLogLines(const std::filesystem::path& iterDir, const std::string& file,
                                          const ReadLimits& limits) {
    auto text = readLog(iterDir / file, limits);
    if (!text) throw MonitorDied((iterDir / file).string() + ": no such log (MMTests dies closing it)");
    return splitLines(*text);
}

std::vector<std::string> monitorLogLines(const std::filesystem::path& iterDir, const std::string& monitor,
                                         const std::string& bench) {
    return requiredLogLines(iterDir, monitor + "-" + bench);
}

void forEachTimedBlock(const std::vector<std::string>& lines,
                       const std::function<void(double sinceStart, const std::vector<std::string>& block)>& use) {
    double start = 0;
    std::vector<std::string> block;
    for (const std::string& line : lines) {
        const std::optional<double> stamp = timeStamp(line);
        if (!stamp) {
            block.push_back(line);
            continue;
        }
        const double timestamp = *stamp;
        if (start == 0) {
            start = timestamp;
            continue;
        }
        use(timestamp - start, block);
        block.clear();
    }
}

std::string sysstateBenchmarkRegex(const std::string& benchmark) {
    std::string regex;
    for (char c : benchmark) regex += (c == '+' ? std::string("\\+") : std::string(1, c));
    return regex;
}

bool followSysstateMark(const std::string& line, const std::string& file, const std::string& next,
                        SysstateSection& in) {
    auto is = [&line](const char* mark, const std::string& path) {
        return line.rfind(std::string(mark) + path, 0) == 0;
    };
    if (is("file start :: ", file)) in.before = true;
    else if (is("file start :: ", next)) in.before = false;
    else if (is("file end :: ", file)) in.after = true;
    else if (is("file end :: ", next)) in.after = false;
    else return false;
    return true;
}

}  // namespace mmtp::compare
