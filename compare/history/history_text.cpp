#include "history/history_text.hpp"

#include "base/terminal_text.hpp"
#include "base/text_format.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cmath>
#include <ctime>
#include <numeric>
#include <ostream>

namespace mmtp::compare::store {

namespace {

void twoDigits(std::string& out, int v) {
    out += static_cast<char>('0' + v / 10 % 10);
    out += static_cast<char>('0' + v % 10);
}

void appendInteger(std::string& out, long long v) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, ec == std::errc() ? end : buf);
}

// strftime's "%Y-%m-%d %H:%M" of the UTC time, without its cost per call
// (one line a run: 100,000 of them), appended to out. UTC days are 86,400 s
// (gmtime counts no leap second), so the date is worked out once a day.
void appendUtc(std::string& out, std::int64_t epoch) {
    if (epoch <= 0) {
        out += '-';
        return;
    }
    static thread_local std::int64_t cachedDay = -1;
    static thread_local std::string cachedDate;  // "YYYY-MM-DD " of cachedDay
    const std::int64_t day = epoch / 86400, second = epoch % 86400;
    if (day != cachedDay) {
        std::time_t t = static_cast<std::time_t>(epoch);
        std::tm tm{};
        gmtime_r(&t, &tm);
        cachedDate.clear();
        appendInteger(cachedDate, tm.tm_year + 1900LL);
        cachedDate += '-';
        twoDigits(cachedDate, tm.tm_mon + 1);
        cachedDate += '-';
        twoDigits(cachedDate, tm.tm_mday);
        cachedDate += ' ';
        cachedDay = day;
    }
    out += cachedDate;
    twoDigits(out, static_cast<int>(second / 3600));
    out += ':';
    twoDigits(out, static_cast<int>(second / 60 % 60));
}

std::string utc(std::int64_t epoch) {
    std::string out;
    appendUtc(out, epoch);
    return out;
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

void padded(std::string& out, std::string_view text, std::size_t width, bool left) {
    if (!left && text.size() < width) out.append(width - text.size(), ' ');
    out += text;
    if (left && text.size() < width) out.append(width - text.size(), ' ');
}

// One run's line: formatText("%-*s  %-16s  %5zu  %14.4f  %9s  %s\n", ...)
// written out by hand into one buffer, the same bytes at a fraction of the
// cost (no string or stream a field).
void runLine(std::string& out, std::size_t width, std::string_view run, std::int64_t started, std::size_t iters,
             double mean, std::string_view cv, std::string_view mark) {
    padded(out, run.substr(0, width), width, true);
    out += "  ";
    const std::size_t dateStart = out.size();
    appendUtc(out, started);
    if (const std::size_t n = out.size() - dateStart; n < 16) out.append(16 - n, ' ');
    out += "  ";
    char count[24];
    auto [end, ec] = std::to_chars(count, count + sizeof count, iters);
    padded(out, std::string_view(count, ec == std::errc() ? static_cast<std::size_t>(end - count) : 0), 5, false);
    out += "  ";
    FieldBuffer buf;
    padded(out, fixed(buf, mean, 4), 14, false);
    out += "  ";
    padded(out, cv, 9, false);
    out += "  ";
    out += mark;
    out += '\n';
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
        std::size_t width = 3;
        std::vector<std::string> names;  // each run's name escaped once, current runs then replaced ones
        names.reserve(s.runs.size() + s.replaced.size());
        for (const auto* runs : {&s.runs, &s.replaced})
            for (const HistoryRun& run : *runs) width = std::max(width, names.emplace_back(escapeControls(run.run)).size());
        width = std::min<std::size_t>(width, 60);
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
