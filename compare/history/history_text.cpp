#include "history/history_text.hpp"

#include "base/terminal_text.hpp"
#include "base/text_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <ctime>
#include <numeric>
#include <ostream>

namespace mmtp::compare::store {

namespace {

char* putTwoDigits(char* p, int v) {
    p[0] = static_cast<char>('0' + v / 10 % 10);
    p[1] = static_cast<char>('0' + v % 10);
    return p + 2;
}

// At most 24 characters: "YYYY-MM-DD " with a year of up to 11 characters, then "HH:MM".
constexpr std::size_t kUtcMaxBytes = 32;

// strftime's "%Y-%m-%d %H:%M" of the UTC time, without its cost per call
// (one line a run: 100,000 of them), written at p (kUtcMaxBytes at most);
// returns its end. UTC days are 86,400 s (gmtime counts no leap second), so
// the date is worked out once a day.
char* putUtc(char* p, std::int64_t epoch) {
    if (epoch <= 0) {
        *p = '-';
        return p + 1;
    }
    static thread_local std::int64_t cachedDay = -1;
    static thread_local char cachedDate[kUtcMaxBytes];  // "YYYY-MM-DD " of cachedDay
    static thread_local std::size_t cachedLength = 0;
    const std::int64_t day = epoch / 86400, second = epoch % 86400;
    if (day != cachedDay) {
        std::time_t t = static_cast<std::time_t>(epoch);
        std::tm tm{};
        gmtime_r(&t, &tm);
        char* d = std::to_chars(cachedDate, cachedDate + 12, tm.tm_year + 1900LL).ptr;  // 11 characters at most
        *d++ = '-';
        d = putTwoDigits(d, tm.tm_mon + 1);
        *d++ = '-';
        d = putTwoDigits(d, tm.tm_mday);
        *d++ = ' ';
        cachedLength = static_cast<std::size_t>(d - cachedDate);
        cachedDay = day;
    }
    std::memcpy(p, cachedDate, cachedLength);
    p = putTwoDigits(p + cachedLength, static_cast<int>(second / 3600));
    *p++ = ':';
    return putTwoDigits(p, static_cast<int>(second / 60 % 60));
}

std::string utc(std::int64_t epoch) {
    char text[kUtcMaxBytes];
    return {text, putUtc(text, epoch)};
}

// A field's text, formatted into a buffer of the caller's (no string a field).
struct FieldBuffer {
    char text[512];
};

// printf's "%.Nf".
std::string_view fixed(FieldBuffer& buf, double v, int precision) {
    return {buf.text, printFixed(buf.text, sizeof buf.text, v, precision)};
}

// The coefficient of variation, "2.31%"; "-" without one.
std::string_view cvText(FieldBuffer& buf, double mean, double sd) {
    if (std::isnan(sd) || mean == 0) return "-";
    std::string_view v = fixed(buf, 100 * sd / std::fabs(mean), 2);
    if (v.size() + 1 >= sizeof buf.text) return v;
    buf.text[v.size()] = '%';
    return {buf.text, v.size() + 1};
}

// text at p, padded with spaces to width on its right (left) or left; returns the end.
char* putPadded(char* p, std::string_view text, std::size_t width, bool left) {
    const std::size_t pad = text.size() < width ? width - text.size() : 0;
    if (!left) p = static_cast<char*>(std::memset(p, ' ', pad)) + pad;
    p = static_cast<char*>(std::memcpy(p, text.data(), text.size())) + text.size();
    if (left) p = static_cast<char*>(std::memset(p, ' ', pad)) + pad;
    return p;
}

char* putSeparator(char* p) {
    p[0] = p[1] = ' ';
    return p + 2;
}

// One run's line: formatText("%-*s  %-16s  %5zu  %14.4f  %9s  %s\n", ...)
// written out by hand in place at the end of out, the same bytes at a
// fraction of the cost (no string or stream a field, one resize a line).
void runLine(std::string& out, std::size_t width, std::string_view run, std::int64_t started, std::size_t iters,
             double mean, std::string_view cv, std::string_view mark) {
    run = run.substr(0, width);
    FieldBuffer meanText;
    const std::string_view m = fixed(meanText, mean, 4);
    const std::size_t at = out.size();
    out.resize(at + width + kUtcMaxBytes + 24 + std::max<std::size_t>(m.size(), 14) +
               std::max<std::size_t>(cv.size(), 9) + mark.size() + 12);
    char* const begin = out.data() + at;
    char* p = putSeparator(putPadded(begin, run, width, true));
    char* const date = p;
    p = putUtc(p, started);
    if (const auto n = static_cast<std::size_t>(p - date); n < 16) p = static_cast<char*>(std::memset(p, ' ', 16 - n)) + (16 - n);
    char count[24];
    const auto [end, ec] = std::to_chars(count, count + sizeof count, iters);
    p = putSeparator(p);
    p = putSeparator(putPadded(p, std::string_view(count, ec == std::errc() ? static_cast<std::size_t>(end - count) : 0), 5, false));
    p = putSeparator(putPadded(p, m, 14, false));
    p = putSeparator(putPadded(p, cv, 9, false));
    p = static_cast<char*>(std::memcpy(p, mark.data(), mark.size())) + mark.size();
    *p++ = '\n';
    out.resize(static_cast<std::size_t>(p - out.data()));
}

constexpr std::size_t kLinesFlushBytes = 64 << 10;

void flushFull(std::ostream& out, std::string& lines) {
    if (lines.size() < kLinesFlushBytes) return;
    out << lines;
    lines.clear();
}

double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size()); }

double stddev(const std::vector<double>& v) {
    if (v.size() < 2) return NAN;
    double m = mean(v), ss = 0;
    for (double x : v) ss += (x - m) * (x - m);
    return std::sqrt(ss / static_cast<double>(v.size() - 1));
}

std::string pct(double v) { return std::isnan(v) ? "-" : formatText("%+.2f%%", v); }

// "+10.00% [+8.10%, +12.30%] regression (... 99.87% interval)": the change of
// the side after against the side before, the run as the unit (one value
// per run: the mean of its iteration means).
std::string describe(const MetricCall& c, double alpha) {
    const ChangeEstimate& e = c.change;
    return formatText("%s [%s, %s] %s (%zu runs before, %zu after; %.4g%% interval)", pct(e.changePct).c_str(),
                      pct(e.lowPct).c_str(), pct(e.highPct).c_str(), callName(c.call), e.baseN, e.nowN,
                      100 * (1 - alpha));
}

// Each run's name as printed into names, current runs then replaced ones:
// the run's own (no copy of 100,000 names), or its escaped copy (kept in
// escaped) when it holds a control. Returns the name column's width.
std::size_t printedNames(const Series& s, std::vector<std::string_view>& names, std::deque<std::string>& escaped) {
    std::size_t width = 3;
    names.reserve(s.runs.size() + s.replaced.size());
    const ControlEscaper plain(false);
    for (const auto* runs : {&s.runs, &s.replaced})
        for (const HistoryRun& run : *runs) {
            std::string_view name = run.run;
            if (plain.plainRun(name, 0) != name.size()) name = escaped.emplace_back(escapeControls(name));
            width = std::max(width, names.emplace_back(name).size());
        }
    return std::min<std::size_t>(width, 60);
}

}  // namespace

int printHistory(std::ostream& out, const HistoryRequest& r, const std::vector<Series>& series, bool higherIsBetter,
                 bool bisect) {
    int status = 0;
    ChangePointSettings cfg;
    for (const Series& s : series) {
        out << "History of " << escapeControls(r.benchmark) << " " << escapeControls(s.op) << " on "
            << escapeControls(s.machine) << ": " << s.runs.size() << " runs in "
            << (r.sortVersion ? "version" : "start-time") << " order, " << (higherIsBetter ? "higher" : "lower")
            << " is better\n";
        const SeriesRuns detect = s.forDetection();
        std::vector<ChangePoint> changes = findChangePoints(detect, higherIsBetter, cfg);
        std::vector<std::string_view> names;
        std::deque<std::string> escaped;
        const std::size_t width = printedNames(s, names, escaped);
        out << formatText("%-*s  %-16s  %5s  %14s  %9s  %s\n", static_cast<int>(width), "run", "started (UTC)", "iters",
                            "mean", "cv", "shift");
        std::size_t next = 0, nextBreak = 0;
        const std::vector<std::size_t> breaks = settingsBreaks(detect);  // ascending
        // Written out every 64 KiB: a 100,000-run history's 6.4 MB in one
        // buffer cost 1,600 page faults for memory touched once.
        std::string lines;
        lines.reserve(kLinesFlushBytes + width + 512);
        std::string mark;
        FieldBuffer cv;
        for (std::size_t i = 0; i < s.runs.size(); ++i) {
            const HistoryRun& run = s.runs[i];
            double m = mean(run.means), sd = stddev(run.means);
            mark.clear();
            if (nextBreak < breaks.size() && breaks[nextBreak] == i) {
                mark = "<- settings changed (a break: not compared across)";
                ++nextBreak;
            }
            if (next < changes.size() && changes[next].firstRun == i)
                mark += (mark.empty() ? "" : " ") + std::string("<- shift ") + pct(changes[next++].call.change.changePct);
            runLine(lines, width, names[i], run.startEpoch, run.means.size(), m, cvText(cv, m, sd), mark);
            flushFull(out, lines);
        }
        for (std::size_t i = 0; i < s.replaced.size(); ++i) {
            runLine(lines, width, names[s.runs.size() + i], s.replaced[i].startEpoch, s.replaced[i].means.size(),
                    mean(s.replaced[i].means), "-",
                    "replaced " + utc(s.replaced[i].replacedEpoch) + " (import --replace), not in the change points");
            flushFull(out, lines);
        }
        out << lines;
        const double alpha = cfg.alpha / static_cast<double>(std::max<std::size_t>(detect.size(), 2) - 1);
        if (changes.empty())
            out << "No change point (each split of at least " << cfg.minSegmentRuns << " runs a side tested with a "
                << formatText("%.4g", 100 * (1 - alpha))
                << "% interval, the run as the unit: a shift within the noise between runs is not called one)\n";
        for (const ChangePoint& c : changes)
            out << "Change point: first run after the shift " << escapeControls(s.runs[c.firstRun].run) << ": "
                << describe(c.call, alpha) << "\n";
        if (bisect) {
            MetricCall call;
            int st = newestRunBisectStatus(detect, higherIsBetter, cfg, &call);
            out << "Newest run " << escapeControls(s.runs.back().run) << " against the last stable segment: "
                << describe(call, cfg.alpha) << " -> exit " << st << "\n";
            if (st == 1 || (st == 125 && status == 0)) status = st;
        }
        out << "\n";
    }
    return status;
}

}  // namespace mmtp::compare::store
