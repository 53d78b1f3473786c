#include "core/buffer_reuse.hpp"

#include <malloc.h>

namespace mmtp::compare {

void keepFreedBuffersForReuse() {
    // Allocations under 1 GiB come from the heap instead of their own
    // mmap, and free() never trims the heap below 1 GiB of slack.
    constexpr int kOneGiB = 1 << 30;
    mallopt(M_MMAP_THRESHOLD, kOneGiB);
    mallopt(M_TRIM_THRESHOLD, kOneGiB);
}

}  // namespace mmtp::compare
