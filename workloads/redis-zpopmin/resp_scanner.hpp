// resp_scanner.hpp - counts RESP2 replies in a byte stream without building
// reply objects (the measured loop stays allocation-free), and sorts each
// top-level reply into real / empty / error:
//   empty = nil bulk ($-1), nil array (*-1) or empty array (*0): what
//           ZPOPMIN, LPOP, RPOP and SPOP return once the key is drained
//   error = an error reply (-ERR ...)
//   real  = anything else
// Replies may be split anywhere across feed() calls.
#pragma once
#include <cstddef>
#include <cstdint>

namespace mmtp::rediszpopmin {

struct ReplyCounts {
    uint64_t real = 0, empty = 0, errors = 0;
    uint64_t total() const { return real + empty + errors; }
};

class RespScanner {
public:
    // Consumes n bytes; returns how many top-level replies they completed.
    // Throws Error on bytes that are not RESP2.
    std::size_t feed(const char* p, std::size_t n);
    const ReplyCounts& counts() const { return counts_; }
    // True between replies (nothing half-read).
    bool idle() const { return state_ == State::Type && depth_ == 0; }

    // The longest length line after its type byte: "-" or 18 digits, CRLF.
    static constexpr std::size_t kMaxLengthLine = 21;

private:
    // Type: at an element's first byte. SimpleLine: inside a + - : line.
    // Bulk: inside a bulk string's payload. SplitLength: a $ or * length
    // line began in an earlier feed; its bytes so far are in split_.
    enum class State : uint8_t { Type, SimpleLine, Bulk, SplitLength };
    enum class Kind : uint8_t { Real, Empty, Error };
    // Each step consumes from p and returns where it stopped, adding the
    // top-level replies it completed to done.
    const char* readShortReplies(const char* p, const char* end, std::size_t& done);
    const char* readElement(const char* p, const char* end, std::size_t& done);
    const char* readSimpleLine(const char* p, const char* end, std::size_t& done);
    const char* readBulk(const char* p, const char* end, std::size_t& done);
    const char* readSplitLength(const char* p, const char* end, std::size_t& done);
    // A $ or * length line's value is known: p is just past the line.
    const char* lengthRead(char type, int64_t len, const char* p, const char* end, std::size_t& done);
    // An element ends (with the kind a top-level reply gets from it).
    void finishElement(Kind kind, std::size_t& done);

    State state_ = State::Type;
    char type_ = 0;  // the + - : $ * of the line being read
    int64_t bulkLeft_ = 0;
    char split_[kMaxLengthLine] = {};
    uint8_t splitLen_ = 0;
    static constexpr int kMaxDepth = 32;
    int64_t remaining_[kMaxDepth] = {};
    int depth_ = 0;
    ReplyCounts counts_;
};

}  // namespace mmtp::rediszpopmin
