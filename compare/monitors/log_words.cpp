#include "monitors/log_words.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace mmtp::compare {

const std::vector<double>& ColumnSamples::column(const std::string& name) const {
    static const std::vector<double> kNone;
    auto c = columns.find(name);
    return c == columns.end() ? kNone : c->second;
}

double ColumnSamples::mean(const std::string& name) const {
    auto t = totals.find(name);
    return t == totals.end() || t->second.n == 0 ? NAN : t->second.sum / static_cast<double>(t->second.n);
}

std::size_t ColumnSamples::count(const std::string& name) const {
    auto t = totals.find(name);
    return t == totals.end() ? 0 : t->second.n;
}

void ColumnSamples::add(double at, const std::vector<std::string>& names, const std::vector<double>& values) {
    const std::size_t sample = read++;
    const bool kept = sample % stride == 0;
    lastAt = at;
    if (kept) x.push_back(at);
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
        auto t = totals.find(names[i]);
        if (t == totals.end()) {
            if (totals.size() == kMaxColumns) {
                ++droppedValues;
                continue;
            }
            t = totals.emplace(names[i], Total{}).first;
        }
        if (t->second.lastSample == sample) continue;  // a name twice in one header: the first counts
        t->second.lastSample = sample, t->second.sum += values[i], ++t->second.n;
        if (!kept || (!only.empty() && std::find(only.begin(), only.end(), names[i]) == only.end())) continue;
        std::vector<double>& c = columns[names[i]];
        c.resize(x.size() - 1, NAN);  // new here: absent before
        c.push_back(values[i]);
    }
    if (!kept) return;
    for (auto& [name, c] : columns) c.resize(x.size(), NAN);  // absent from this sample
    if (x.size() == kMaxSamples) halve();
}

// Every other kept sample goes (the first stays), and from now on one in
// twice as many is kept.
void ColumnSamples::halve() {
    auto evens = [](std::vector<double>& v) {
        for (std::size_t i = 0; 2 * i < v.size(); ++i) v[i] = v[2 * i];
        v.resize((v.size() + 1) / 2);
    };
    evens(x);
    for (auto& [name, c] : columns) evens(c);
    stride *= 2;
}

ColumnSamples* sampleSet(std::map<std::string, ColumnSamples>& sets, const std::string& name,
                         const std::vector<std::string>& only) {
    auto it = sets.find(name);
    if (it != sets.end()) return &it->second;
    if (sets.size() == kMaxSampleSets) return nullptr;
    ColumnSamples& made = sets[name];
    made.only = only;
    return &made;
}

std::string droppedByBounds(std::size_t droppedValues, std::size_t droppedLines, const std::string& sets) {
    std::string out;
    if (droppedValues > 0)
        out = std::to_string(droppedValues) + " values of columns past the first " + std::to_string(kMaxColumns) +
              " names (the column limit) not read";
    if (droppedLines > 0)
        out += (out.empty() ? "" : "; ") + std::to_string(droppedLines) + " lines of " + sets + " past the first " +
               std::to_string(kMaxSampleSets) + " (the CPU and device limit) not read";
    return out;
}

std::size_t droppedValues(const std::map<std::string, ColumnSamples>& sets) {
    std::size_t n = 0;
    for (const auto& [name, s] : sets) n += s.droppedValues;
    return n;
}

std::vector<std::string> logWords(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::optional<double> strictNumber(const std::string& word) {
    if (word.empty()) return std::nullopt;
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(word.c_str(), &end);
    if (*end != '\0' || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<double> takeStamp(std::vector<std::string>& w) {
    if (w.size() < 4 || w[3] != "--") return std::nullopt;
    std::optional<double> epoch = strictNumber(w[0]), elapsed = strictNumber(w[1]), delta = strictNumber(w[2]);
    if (!epoch || !elapsed || !delta) return std::nullopt;
    w.erase(w.begin(), w.begin() + 4);
    return elapsed;
}

}  // namespace mmtp::compare
