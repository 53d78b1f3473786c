#include "redis-zpopmin/batch_buffer.hpp"

namespace mmtp::rediszpopmin {

BatchBuffer::BatchBuffer(std::string_view command, int pipeline) {
    buf_.reserve(command.size() * static_cast<std::size_t>(pipeline));
    for (int i = 0; i < pipeline; ++i) buf_.append(command);
    for (std::size_t pos = buf_.find(kPlaceholder); pos != std::string::npos;
         pos = buf_.find(kPlaceholder, pos + kPlaceholder.size()))
        slots_.push_back(pos);
}

void BatchBuffer::randomize(KeyRng& rng, uint64_t keyspace) {
    char* base = buf_.data();
    for (std::size_t off : slots_) {
        uint64_t r = rng.below(keyspace);
        char* d = base + off + 12;
        for (int i = 0; i < 12; ++i) {
            *--d = static_cast<char>('0' + r % 10);
            r /= 10;
        }
    }
}

}  // namespace mmtp::rediszpopmin
