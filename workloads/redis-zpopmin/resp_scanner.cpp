#include "redis-zpopmin/resp_scanner.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace mmtp::rediszpopmin {

namespace {

// The throws live out of line, so the small steps of feed() that may throw
// stay small enough to be inlined into it.
[[noreturn, gnu::noinline, gnu::cold]] void badReplyStart(char c) {
    throw Error("protocol error: unexpected byte 0x" + std::to_string(static_cast<unsigned char>(c)) +
                " where a reply starts");
}

[[noreturn, gnu::noinline, gnu::cold]] void badLengthByte(char c) {
    throw Error("protocol error: bad length byte 0x" + std::to_string(static_cast<unsigned char>(c)));
}

[[noreturn, gnu::noinline, gnu::cold]] void nestedTooDeep() { throw Error("protocol error: arrays nested too deep"); }

// The 4 bytes at p are text's (one load and compare).
[[gnu::always_inline]] inline bool bytesAre(const char* p, const char (&text)[5]) {
    uint32_t have = 0, want = 0;
    std::memcpy(&have, p, 4);
    std::memcpy(&want, text, 4);
    return have == want;
}

// The one parser of a length line, the "[-]digits\r\n" after a $ or *: p at
// its first byte. Returns the byte after the line with its value in len, or
// nullptr when the line goes on past end. Throws on a byte that cannot be in
// it.
[[gnu::always_inline]] inline const char* parseLength(const char* p, const char* end, int64_t& len) {
    // The lines nearly every reply has, "-1" (nil), one digit and two, at a glance.
    if (end - p >= 4) {
        if (bytesAre(p, "-1\r\n")) {
            len = -1;
            return p + 4;
        }
        const auto d0 = static_cast<unsigned char>(p[0] - '0');
        if (d0 < 10 && p[1] == '\r' && p[2] == '\n') {
            len = d0;
            return p + 3;
        }
        const auto d1 = static_cast<unsigned char>(p[1] - '0');
        if (d0 < 10 && d1 < 10 && p[2] == '\r' && p[3] == '\n') {
            len = d0 * 10 + d1;
            return p + 4;
        }
    }
    constexpr std::ptrdiff_t kMaxDigits = 18;  // no overflow of int64_t
    const bool neg = p < end && *p == '-';
    if (neg) ++p;
    const char* digits = p;
    uint64_t v = 0;
    while (p < end && static_cast<unsigned char>(*p - '0') < 10) v = v * 10 + static_cast<uint64_t>(*p++ - '0');
    if (p - digits > kMaxDigits) badLengthByte(p[-1]);
    if (end - p < 2) {
        if (p < end && *p != '\r') badLengthByte(*p);
        return nullptr;
    }
    if (p == digits) badLengthByte(*p);
    if (p[0] != '\r') badLengthByte(p[0]);
    if (p[1] != '\n') badLengthByte(p[1]);
    len = neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
    return p + 2;
}

}  // namespace

// The steps below are forced inline into feed(): as calls, on a GET's
// "$-1" reply they were a third of the client's user time.

[[gnu::always_inline]] inline void RespScanner::finishElement(Kind kind, std::size_t& done) {
    state_ = State::Type;
    if (depth_ > 0) {  // inside an array: the reply, a real one, ends with its last element
        for (; depth_ > 0; --depth_)
            if (--remaining_[depth_ - 1] > 0) return;
        kind = Kind::Real;
    }
    switch (kind) {
    case Kind::Real: ++counts_.real; break;
    case Kind::Empty: ++counts_.empty; break;
    case Kind::Error: ++counts_.errors; break;
    }
    ++done;
}

[[gnu::always_inline]] inline const char* RespScanner::lengthRead(char type, int64_t len, const char* p,
                                                                  const char* end, std::size_t& done) {
    if (type == '$' ? len < 0 : len <= 0) {  // nil bulk, nil or empty array
        finishElement(Kind::Empty, done);
        return p;
    }
    if (type == '*') {
        if (depth_ == kMaxDepth) nestedTooDeep();
        remaining_[depth_++] = len;
        state_ = State::Type;
        return p;
    }
    bulkLeft_ = len + 2;  // the payload and its CRLF
    state_ = State::Bulk;
    return readBulk(p, end, done);
}

// At a top-level reply's first byte: the whole one-line replies most tests
// get back, one 4-byte compare each, until another kind comes or fewer than
// 5 bytes are left - "$-1" (GET's miss), "*0" (a drained ZPOPMIN), ":D" one
// digit (ZADD), "+OK" (SET). A GET's "$-1" took 28 instructions through
// readElement, 12 here (callgrind).
[[gnu::always_inline]] inline const char* RespScanner::readShortReplies(const char* p, const char* end,
                                                                        std::size_t& done) {
    uint64_t empty = 0, real = 0;  // locals: the char loads may alias members, so no member in the loop
    while (end - p >= 5) {
        if (bytesAre(p, "$-1\r") && p[4] == '\n') {
            ++empty;
            p += 5;
        } else if (bytesAre(p, "*0\r\n")) {
            ++empty;
            p += 4;
        } else if (p[0] == ':' && static_cast<unsigned char>(p[1] - '0') < 10 && p[2] == '\r' && p[3] == '\n') {
            ++real;
            p += 4;
        } else if (bytesAre(p, "+OK\r") && p[4] == '\n') {
            ++real;
            p += 5;
        } else {
            break;
        }
    }
    counts_.empty += empty;
    counts_.real += real;
    done += empty + real;
    return p;
}

// At an element's first byte. Nearly every line arrives whole and is read
// here in one go; a line split across reads goes on in the state it leaves.
[[gnu::always_inline]] inline const char* RespScanner::readElement(const char* p, const char* end,
                                                                   std::size_t& done) {
    const char type = *p;
    if (type == '$' || type == '*') {
        int64_t len = 0;
        if (const char* next = parseLength(p + 1, end, len)) return lengthRead(type, len, next, end, done);
        // Split: keep its bytes (fewer than a line can have, or parseLength threw).
        type_ = type;
        splitLen_ = static_cast<uint8_t>(end - p - 1);
        std::memcpy(split_, p + 1, splitLen_);
        state_ = State::SplitLength;
        return end;
    }
    if (type != '+' && type != '-' && type != ':') badReplyStart(type);
    type_ = type;
    state_ = State::SimpleLine;
    return readSimpleLine(p + 1, end, done);
}

[[gnu::always_inline]] inline const char* RespScanner::readSimpleLine(const char* p, const char* end,
                                                                      std::size_t& done) {
    // Most lines (":1", "+OK") end within a few bytes: look there before
    // calling memchr.
    const char* nl = p;
    const char* near = p + std::min<std::ptrdiff_t>(end - p, 8);
    while (nl < near && *nl != '\n') ++nl;
    if (nl == near) nl = static_cast<const char*>(std::memchr(near, '\n', static_cast<std::size_t>(end - near)));
    if (!nl) return end;
    finishElement(type_ == '-' ? Kind::Error : Kind::Real, done);
    return nl + 1;
}

[[gnu::always_inline]] inline const char* RespScanner::readBulk(const char* p, const char* end, std::size_t& done) {
    const int64_t avail = end - p;
    if (avail < bulkLeft_) {
        bulkLeft_ -= avail;
        return end;
    }
    p += bulkLeft_;
    bulkLeft_ = 0;
    finishElement(Kind::Real, done);
    return p;
}

// A length line that began in an earlier feed: add bytes up to its newline
// to split_ and parse it there.
const char* RespScanner::readSplitLength(const char* p, const char* end, std::size_t& done) {
    const std::size_t room = kMaxLengthLine - splitLen_;
    const auto* nl = static_cast<const char*>(std::memchr(p, '\n', std::min<std::size_t>(room, end - p)));
    const std::size_t take = nl ? static_cast<std::size_t>(nl + 1 - p) : std::min<std::size_t>(room, end - p);
    std::memcpy(split_ + splitLen_, p, take);
    splitLen_ = static_cast<uint8_t>(splitLen_ + take);
    int64_t len = 0;
    const char* lineEnd = split_ + splitLen_;
    // No newline yet: all of p was taken (21 bytes without one throw).
    if (!parseLength(split_, lineEnd, len)) return end;
    splitLen_ = 0;
    return lengthRead(type_, len, p + take, end, done);
}

std::size_t RespScanner::feed(const char* p, std::size_t n) {
    std::size_t done = 0;
    const char* end = p + n;
    while (p < end) {
        if (state_ == State::Type) {  // the common case first, without the jump table
            if (depth_ == 0) p = readShortReplies(p, end, done);
            if (p < end) p = readElement(p, end, done);
            continue;
        }
        switch (state_) {
        case State::Type: break;
        case State::SimpleLine: p = readSimpleLine(p, end, done); break;
        case State::Bulk: p = readBulk(p, end, done); break;
        case State::SplitLength: p = readSplitLength(p, end, done); break;
        }
    }
    return done;
}

}  // namespace mmtp::rediszpopmin
