#include "core/row_table.hpp"

#include <algorithm>

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

RowTable::RowTable(std::string text) : text_(std::make_unique<const std::string>(std::move(text))) {
    const std::string_view all = *text_;
    views_.reserve(static_cast<std::size_t>(std::count(all.begin(), all.end(), '\n')) + 1);
    for (std::size_t start = 0; start < all.size();) {
        const std::size_t end = std::min(all.find('\n', start), all.size());
        views_.push_back(rowViewFromLine(all.substr(start, end - start)));
        start = end + 1;
    }
}

RowTable::RowTable(Rows rows) : rows_(std::make_unique<const Rows>(std::move(rows))) {
    views_.reserve(rows_->size());
    for (const Row& r : *rows_) views_.push_back({r.metric, r.factorA, r.factorB, r.interval, r.value, r.extra});
}

}  // namespace mmtp::compare
