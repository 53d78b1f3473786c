// row_table.hpp - one iteration's parse-results rows without a string per
// field: the text a parser printed (or a native parser's Rows), kept once,
// and each row's six fields as views into it. A bonnie++ latency log gives
// 800k rows an iteration; as Rows that was 4.8M strings.
#pragma once
#include "core/rows.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

struct RowView {
    std::string_view metric, factorA, factorB, interval, value, extra;
};

// Splits one parse-results line as rowFromLine does, into views of line.
RowView rowViewFromLine(std::string_view line);

// Move-only: the views point into storage it owns, which a move keeps in place.
class RowTable {
public:
    RowTable() = default;
    // Parse-results output, one row per line (a last line without '\n' too).
    explicit RowTable(std::string text);
    // A native parser's rows.
    explicit RowTable(Rows rows);

    const std::vector<RowView>& rows() const { return views_; }
    std::size_t size() const { return views_.size(); }
    bool empty() const { return views_.empty(); }
    const RowView& operator[](std::size_t i) const { return views_[i]; }
    auto begin() const { return views_.begin(); }
    auto end() const { return views_.end(); }

private:
    std::unique_ptr<const std::string> text_;
    std::unique_ptr<const Rows> rows_;
    std::vector<RowView> views_;
};

}  // namespace mmtp::compare
