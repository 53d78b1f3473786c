// text_buffer.hpp - bytes read from a pipe, grown with realloc. A parser can
// print 30 MB an iteration (bonnie++'s latencies): a std::string grows by
// copying into fresh memory, touching every page twice (on this VM a page
// fault costs microseconds); realloc extends in place or remaps.
#pragma once
#include <cstddef>
#include <string_view>

namespace mmtp::compare {

class TextBuffer {
public:
    TextBuffer() = default;
    explicit TextBuffer(std::string_view text) { append(text.data(), text.size()); }
    TextBuffer(TextBuffer&& other) noexcept;
    TextBuffer& operator=(TextBuffer&& other) noexcept;
    TextBuffer(const TextBuffer&) = delete;
    TextBuffer& operator=(const TextBuffer&) = delete;
    ~TextBuffer();

    // Throws std::bad_alloc when memory runs out.
    void append(const char* bytes, std::size_t n);
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::string_view view() const { return {data_, size_}; }

private:
    char* data_ = nullptr;
    std::size_t size_ = 0, capacity_ = 0;
};

}  // namespace mmtp::compare
