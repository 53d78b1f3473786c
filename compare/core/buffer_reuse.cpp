#include "core/buffer_reuse.hpp"

#include <malloc.h>

namespace mmtp::compare {

void keepFreedBuffersForReuse() {
    // Buffers under 64 MiB come from the heap instead of their own mmap, and
    // free() leaves up to 256 MiB of the heap's top in place. A larger buffer
    // (only a hostile file near the 256 MiB read limit) is mapped and
    // unmapped as before; the holes its growth leaves in the heap add at most
    // about 64 MiB to that file's peak (measured: 342 MB against 277 MB).
    constexpr int kHeapBufferBytes = 64 << 20;
    constexpr int kKeptHeapTopBytes = 256 << 20;
    mallopt(M_MMAP_THRESHOLD, kHeapBufferBytes);
    mallopt(M_TRIM_THRESHOLD, kKeptHeapTopBytes);
}

}  // namespace mmtp::compare
