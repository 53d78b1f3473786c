#include "redis-zpopmin/resp_scanner.hpp"

#include "base/errors.hpp"

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
    throw Error(std::string("protocol error: bad length byte '") + c + "'");
}

[[noreturn, gnu::noinline, gnu::cold]] void nestedTooDeep() { throw Error("protocol error: arrays nested too deep"); }

}  // namespace

// The steps of feed() below are forced inline: GCC at -O2 kept them as
// calls, and on a GET's "$-1" reply the calls were a third of the client's
// user time (callgrind: 137 -> 86 instructions a reply).

[[gnu::always_inline]] inline bool RespScanner::completeElement() {
    while (depth_ > 0) {
        if (--remaining_[depth_ - 1] > 0) return false;
        --depth_;
    }
    switch (topKind_) {
    case Kind::Real: ++counts_.real; break;
    case Kind::Empty: ++counts_.empty; break;
    case Kind::Error: ++counts_.errors; break;
    }
    return true;
}

[[gnu::always_inline]] inline void RespScanner::finishElement(std::size_t& done) {
    state_ = State::Type;
    if (completeElement()) ++done;
}

[[gnu::always_inline]] inline void RespScanner::finishElement(Kind kind, std::size_t& done) {
    if (depth_ == 0) topKind_ = kind;
    finishElement(done);
}

[[gnu::always_inline]] inline const char* RespScanner::readType(const char* p, const char* end, std::size_t& done) {
    type_ = *p++;
    if (type_ != '+' && type_ != '-' && type_ != ':' && type_ != '$' && type_ != '*') badReplyStart(type_);
    neg_ = false;
    num_ = 0;
    state_ = State::Line;
    return type_ == '$' || type_ == '*' ? readLengthLine(p, end, done) : p;
}

// Nearly every length line ("-1", "0", "2", "5") arrives whole: read it in
// one go. One split across reads, or any odd byte, is left to readLengthByte
// (returns p unread), so both take exactly the same input.
[[gnu::always_inline]] inline const char* RespScanner::readLengthLine(const char* p, const char* end, std::size_t& done) {
    constexpr int kMaxDigits = 18;  // no overflow of int64_t
    const char* q = p;
    const bool neg = q < end && *q == '-';
    if (neg) ++q;
    const char* digits = q;
    uint64_t len = 0;  // wraps (harmlessly: refused below) only past kMaxDigits
    while (q < end && *q >= '0' && *q <= '9') len = len * 10 + static_cast<uint64_t>(*q++ - '0');
    if (q == digits || q - digits > kMaxDigits || end - q < 2 || q[0] != '\r' || q[1] != '\n') return p;
    const auto value = static_cast<int64_t>(len);
    lengthRead(neg ? -value : value, done);
    return q + 2;
}

const char* RespScanner::readSimpleLine(const char* p, const char* end, std::size_t& done) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (!nl) return end;
    finishElement(type_ == '-' ? Kind::Error : Kind::Real, done);
    return static_cast<const char*>(nl) + 1;
}

const char* RespScanner::readLengthByte(const char* p, std::size_t& done) {
    const char c = *p++;
    if (c >= '0' && c <= '9') num_ = num_ * 10 + (c - '0');
    else if (c == '-') neg_ = true;
    else if (c == '\n') lengthRead(neg_ ? -num_ : num_, done);
    else if (c != '\r') badLengthByte(c);
    return p;
}

[[gnu::always_inline]] inline void RespScanner::lengthRead(int64_t len, std::size_t& done) {
    if (type_ == '$' ? len < 0 : len <= 0) {  // nil bulk, nil or empty array
        finishElement(Kind::Empty, done);
        return;
    }
    if (depth_ == 0) topKind_ = Kind::Real;
    if (type_ == '$') {
        bulkLeft_ = len + 2;
        state_ = State::Bulk;
        return;
    }
    if (depth_ == kMaxDepth) nestedTooDeep();
    remaining_[depth_++] = len;
    state_ = State::Type;
}

[[gnu::always_inline]] inline const char* RespScanner::readBulk(const char* p, const char* end, std::size_t& done) {
    const int64_t avail = end - p;
    if (avail < bulkLeft_) {
        bulkLeft_ -= avail;
        return end;
    }
    p += bulkLeft_;
    bulkLeft_ = 0;
    finishElement(done);
    return p;
}

std::size_t RespScanner::feed(const char* p, std::size_t n) {
    std::size_t done = 0;
    const char* end = p + n;
    while (p < end) {
        switch (state_) {
        case State::Type: p = readType(p, end, done); break;
        case State::Line:
            p = type_ == '$' || type_ == '*' ? readLengthByte(p, done) : readSimpleLine(p, end, done);
            break;
        case State::Bulk: p = readBulk(p, end, done); break;
        }
    }
    return done;
}

}  // namespace mmtp::rediszpopmin
