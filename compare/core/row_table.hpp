// row_table.hpp - one iteration's parse-results rows without a string per
// field: the text a parser printed (or a native parser's Rows), kept once,
// and where each line starts (4 bytes a row); a row's six fields are split
// when it is read. A bonnie++ latency log gives 800k rows an iteration: as
// Rows that was 4.8M strings, as six views a row 77 MB to touch.
#pragma once
#include "core/rows.hpp"
#include "core/text_buffer.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
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
    // Rows in order; a row is made when it is read.
    class Iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = RowView;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = RowView;

        Iterator(const RowTable& table, std::size_t index) : table_(&table), index_(index) {}
        RowView operator*() const { return (*table_)[index_]; }
        Iterator& operator++() {
            ++index_;
            return *this;
        }
        bool operator==(const Iterator& other) const { return index_ == other.index_; }

    private:
        const RowTable* table_;
        std::size_t index_;
    };

    RowTable() = default;
    // Parse-results output, one row per line (a last line without '\n' too).
    // The text is at most the 256 MiB read limit, so offsets fit 32 bits.
    explicit RowTable(TextBuffer text);
    explicit RowTable(std::string_view text) : RowTable(TextBuffer(text)) {}
    // A native parser's rows.
    explicit RowTable(Rows rows);

    std::size_t size() const { return rows_ ? rows_->size() : (lineStarts_.empty() ? 0 : lineStarts_.size() - 1); }
    bool empty() const { return size() == 0; }
    RowView operator[](std::size_t i) const;
    Iterator begin() const { return {*this, 0}; }
    Iterator end() const { return {*this, size()}; }

private:
    TextBuffer text_;
    // Line i is text_[lineStarts_[i], lineStarts_[i + 1] - 1): one more
    // entry than lines, as if the text ended in '\n'.
    std::vector<std::uint32_t> lineStarts_{0};
    std::unique_ptr<const Rows> rows_;
};

}  // namespace mmtp::compare
