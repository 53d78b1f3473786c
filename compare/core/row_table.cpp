#include "core/row_table.hpp"

#include <limits>
#include <stdexcept>

namespace mmtp::compare {

RowView rowViewFromLine(std::string_view line) {
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    RowView row;
    std::string_view* fields[] = {&row.metric, &row.factorA, &row.factorB, &row.interval, &row.value, &row.extra};
    std::size_t start = 0;
    for (std::string_view* f : fields) {
        const std::size_t tab = line.find('\t', start);
        *f = line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start);
        if (tab == std::string_view::npos) break;
        start = tab + 1;
    }
    return row;
}

RowTable::RowTable(TextBuffer text) : text_(std::move(text)) {
    const std::string_view all = text_.view();
    if (all.size() >= std::numeric_limits<std::uint32_t>::max() - 1)
        throw std::length_error("parse-results output of " + std::to_string(all.size()) + " bytes");
    for (std::size_t start = 0; start < all.size();) {
        const std::size_t nl = all.find('\n', start);
        start = nl == std::string_view::npos ? all.size() + 1 : nl + 1;
        lineStarts_.push_back(static_cast<std::uint32_t>(start));
    }
}

RowTable::RowTable(Rows rows) : rows_(std::make_unique<const Rows>(std::move(rows))) {}

RowView RowTable::operator[](std::size_t i) const {
    if (rows_) {
        const Row& r = (*rows_)[i];
        return {r.metric, r.factorA, r.factorB, r.interval, r.value, r.extra};
    }
    const std::uint32_t start = lineStarts_[i];
    return rowViewFromLine(text_.view().substr(start, lineStarts_[i + 1] - 1 - start));
}

}  // namespace mmtp::compare
