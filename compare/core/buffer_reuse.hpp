// buffer_reuse.hpp - keep freed memory in the process for the next iteration.
// Each iteration of a large tree reads a parser's output and its samples
// (30 MB for a bonnie++ latency log) and frees them. glibc hands buffers that
// big back to the kernel, so every iteration page-faults them in again, and a
// page fault is the dearest thing on a VM. The tools are short-lived and
// their reads are bounded (input/bounded_read.hpp), so buffers up to 64 MiB
// are kept (bonnie++ tree: 51k page faults down to 20k; see the .cpp for
// what it costs a hostile file's peak memory).
#pragma once

namespace mmtp::compare {

// Call once at the start of main, before the first large allocation.
void keepFreedBuffersForReuse();

}  // namespace mmtp::compare
