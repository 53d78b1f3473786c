#include "render/svg_text.hpp"

#include "render/html_escape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace mmtp::compare::svg {

namespace {

constexpr double kEmPerChar = 0.62;

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::size_t characters(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return !continuation(c); }));
}

bool breakAfter(char c) { return c == ' ' || c == '-' || c == '_' || c == '/' || c == ',' || c == '.'; }

}  // namespace

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

double textWidth(std::string_view text, double fontSize) {
    return static_cast<double>(characters(text)) * fontSize * kEmPerChar;
}

std::vector<std::string> wrapText(std::string_view text, double fontSize, double maxWidth) {
    const std::size_t perLine = std::max<std::size_t>(1, static_cast<std::size_t>(maxWidth / (fontSize * kEmPerChar)));
    std::vector<std::string> lines;
    while (characters(text) > perLine) {
        // The byte offset just past perLine characters, then back to a break.
        std::size_t end = 0, n = 0;
        while (end < text.size() && n < perLine) {
            ++end;
            while (end < text.size() && continuation(text[end])) ++end;
            ++n;
        }
        std::size_t cut = end;
        for (std::size_t i = end; i > end / 2; --i)
            if (breakAfter(text[i - 1])) {
                cut = i;
                break;
            }
        lines.emplace_back(text.substr(0, cut));
        text.remove_prefix(cut);
    }
    if (!text.empty() || lines.empty()) lines.emplace_back(text);
    return lines;
}

std::string text(double x, double y, std::string_view content, double fontSize, std::string_view anchor,
                 std::string_view extra) {
    std::string s = "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(fontSize) + "\"";
    if (anchor != "start") s += " text-anchor=\"" + std::string(anchor) + "\"";
    if (!extra.empty()) s += " " + std::string(extra);
    return s + ">" + escapeHtml(content) + "</text>";
}

std::string wrappedText(double x, double y, std::string_view content, double fontSize, double maxWidth,
                        double& bottom, std::string_view extra) {
    std::string s;
    double baseline = y;
    for (const std::string& line : wrapText(content, fontSize, maxWidth)) {
        s += text(x, baseline, line, fontSize, "start", extra) + "\n";
        baseline += fontSize * 1.25;
    }
    bottom = baseline - fontSize * 1.25 + fontSize * 0.3;
    return s;
}

const char* colour(std::size_t run) {
    static const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                           "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
    return kColours[run % std::size(kColours)];
}

const char* dash(std::size_t style) {
    static const char* const kDashes[] = {"", "6,3", "2,2", "8,3,2,3"};
    return kDashes[style % std::size(kDashes)];
}

std::vector<double> niceTicks(double lo, double hi, int target) {
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return {lo};
    const double raw = (hi - lo) / std::max(1, target);
    // A range of a denormal or two underflows raw to 0 (and a step of 0 gives
    // no ticks); one wider than the largest double overflows it: the ends alone.
    if (!(raw > 0) || !std::isfinite(raw)) return {lo, hi};
    const double mag = std::pow(10, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= raw) {
            step = m * mag;
            break;
        }
    // From the round value at or below lo to the one at or above hi.
    const double first = std::floor(lo / step), last = std::ceil(hi / step - 1e-9);
    // Past 2^53 (or infinite) ++i stands still: no round values to find.
    if (!std::isfinite(first) || !std::isfinite(last) || first + 1 == first) return {lo, hi};
    std::vector<double> ticks;
    for (double i = first; i <= last && ticks.size() < 50; ++i) ticks.push_back(i == 0 ? 0 : i * step);
    if (ticks.empty() || !(step > 0) || !std::isfinite(step)) return {lo, hi};
    return ticks;
}

std::vector<double> wholeTicks(double lo, double hi, int target) {
    const double first = std::ceil(lo), last = std::floor(hi);
    if (!(last >= first) || !std::isfinite(first) || !std::isfinite(last)) return {};
    std::vector<double> nice = niceTicks(first, last, target);
    const double step = nice.size() > 1 ? nice[1] - nice[0] : 1;
    std::vector<double> ticks;
    if (step >= 1 && step == std::floor(step)) {  // a round whole step: its ticks inside first..last
        for (double t : nice)
            if (t >= first && t <= last) ticks.push_back(t);
    } else {
        for (double t = first; t <= last && ticks.size() < 50; ++t) ticks.push_back(t);
    }
    return ticks;
}

std::string tickLabel(double v, double step) {
    static const std::pair<double, const char*> kSuffixes[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    if (v == 0) return "0";
    const char* suffix = "";
    if (std::abs(v) >= 1e4 || step >= 1e4)
        for (const auto& [scale, s] : kSuffixes)
            if (std::max(std::abs(v), step) >= scale * 10) {
                v /= scale, step /= scale, suffix = s;
                break;
            }
    // NaN and infinite steps get no decimals (a NaN never reaches the cast).
    int decimals = !(step > 0 && step < 1) ? 0 : std::min(9, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f%s", decimals, v, suffix);
    return buf;
}

std::string unitLabel(const std::string& unit) {
    static const std::map<std::string, std::string> kLabels = {
        {"TIME_NSECONDS", "Time (nanoseconds)"}, {"TIME_USECONDS", "Time (microseconds)"},
        {"TIME_USECONDS_PER_OP", "Microseconds/op"}, {"TIME_MSECONDS", "Time (milliseconds)"},
        {"TIME_SECONDS", "Time (seconds)"}, {"TIME_PERCENTAGE", "Time Percentage"},
        {"KiBYTES_PER_SECOND", "KibiBytes/second"}, {"KBYTES", "KiB"}, {"KOPS_PER_SECOND", "KiloOperations/sec"},
        {"BOPS_PER_SECOND", "BogoOperations/sec"}, {"OPS_PER_SECOND", "Operations/second"},
        {"OPS_PER_MINUTE", "Operations/min"}, {"OPS_PER_HOUR", "Operations/hour"}, {"OPS_SCORE", "Operations/score"},
        {"OPS_COUNT", "Operations/count"}, {"OPS_ITERATION", "Operations/iteration"},
        {"TRANS_PER_SECOND", "Transactions/second"}, {"PERCENTAGE", "Percentage"},
        {"MBITS_PER_SECOND", "Megabits/second"}, {"KBYTES_PER_SECOND", "KiloBytes/second"},
        {"MBYTES_PER_SECOND", "MegaBytes/second"}, {"GBYTES_PER_SECOND", "GigaBytes/second"},
        {"FAILURES", "Failures"}};
    auto l = kLabels.find(unit);
    return l == kLabels.end() ? unit : l->second;
}

bool cannotBeNegative(const std::string& unit) { return !unit.empty() && unitLabel(unit) != unit; }

std::string legend(const std::vector<LegendEntry>& entries, double x, double y, double width, double& height) {
    const double font = 11, line = 16, swatch = 22, pad = 16;
    std::string s;
    double cx = x, cy = y;
    for (const LegendEntry& e : entries) {
        std::vector<std::string> label = wrapText(e.label, font, width - swatch - 4);
        double w = swatch + 4 + textWidth(label.front(), font) + pad;
        if (cx > x && cx + w > x + width) cx = x, cy += line;
        s += "<line x1=\"" + num(cx) + "\" x2=\"" + num(cx + swatch - 4) + "\" y1=\"" + num(cy + 7) + "\" y2=\"" +
             num(cy + 7) + "\" stroke=\"" + colour(e.colour) + "\" stroke-width=\"3\"" +
             (*dash(e.dash) ? std::string(" stroke-dasharray=\"") + dash(e.dash) + "\"" : "") + "/>";
        for (std::size_t i = 0; i < label.size(); ++i)
            s += text(cx + swatch, cy + 11 + static_cast<double>(i) * line, label[i], font, "start",
                      "class=\"legend\"") +
                 "\n";
        cy += static_cast<double>(label.size() - 1) * line;
        cx += w;
    }
    height = entries.empty() ? 0 : cy - y + line;
    return s;
}

std::string openSvg(double width, double height, std::string_view cssClass) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + std::string(cssClass) + "\" width=\"" + num(width) +
           "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
           "\" font-family=\"sans-serif\">\n";
}

}  // namespace mmtp::compare::svg
