#include "core/text_buffer.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace mmtp::compare {

TextBuffer::TextBuffer(TextBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)) {}

TextBuffer& TextBuffer::operator=(TextBuffer&& other) noexcept {
    if (this != &other) {
        std::free(data_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
}

TextBuffer::~TextBuffer() { std::free(data_); }

void TextBuffer::append(const char* bytes, std::size_t n) {
    if (n == 0) return;
    if (capacity_ - size_ < n) {
        std::size_t wanted = capacity_ < 4096 ? 4096 : capacity_;
        while (wanted - size_ < n) wanted *= 2;
        void* grown = std::realloc(data_, wanted);
        if (!grown) throw std::bad_alloc();
        data_ = static_cast<char*>(grown);
        capacity_ = wanted;
    }
    std::memcpy(data_ + size_, bytes, n);
    size_ += n;
}

}  // namespace mmtp::compare
