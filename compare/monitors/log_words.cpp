#include "monitors/log_words.hpp"

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

void ColumnSamples::add(double at, const std::vector<std::string>& names, const std::vector<double>& values) {
    x.push_back(at);
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
        std::vector<double>& c = columns[names[i]];
        c.resize(x.size() - 1, NAN);  // new here: absent before
        if (c.size() < x.size()) c.push_back(values[i]);  // a name twice in one header: the first counts
    }
    for (auto& [name, c] : columns) c.resize(x.size(), NAN);  // absent from this sample
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
