#include "redis-zpopmin/resp_scanner.hpp"

#include "base/errors.hpp"

#include <cstring>
#include <string>

namespace mmtp::rediszpopmin {

bool RespScanner::completeElement() {
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

std::size_t RespScanner::feed(const char* p, std::size_t n) {
    std::size_t done = 0;
    const char* end = p + n;
    while (p < end) {
        switch (state_) {
        case State::Type:
            type_ = *p++;
            if (type_ != '+' && type_ != '-' && type_ != ':' && type_ != '$' && type_ != '*')
                throw Error("protocol error: unexpected byte 0x" +
                            std::to_string(static_cast<unsigned char>(type_)) + " where a reply starts");
            neg_ = false;
            num_ = 0;
            state_ = State::Line;
            break;
        case State::Line: {
            if (type_ == '+' || type_ == '-' || type_ == ':') {
                const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
                if (!nl) {
                    p = end;
                    break;
                }
                p = static_cast<const char*>(nl) + 1;
                if (depth_ == 0) topKind_ = type_ == '-' ? Kind::Error : Kind::Real;
                state_ = State::Type;
                if (completeElement()) ++done;
                break;
            }
            // '$' or '*': a length
            char c = *p++;
            if (c >= '0' && c <= '9') {
                num_ = num_ * 10 + (c - '0');
                break;
            }
            if (c == '-') {
                neg_ = true;
                break;
            }
            if (c == '\r') break;
            if (c != '\n') throw Error(std::string("protocol error: bad length byte '") + c + "'");
            int64_t len = neg_ ? -num_ : num_;
            if (type_ == '$') {
                if (len < 0) {
                    if (depth_ == 0) topKind_ = Kind::Empty;
                    state_ = State::Type;
                    if (completeElement()) ++done;
                } else {
                    if (depth_ == 0) topKind_ = Kind::Real;
                    bulkLeft_ = len + 2;
                    state_ = State::Bulk;
                }
            } else {  // '*'
                if (len <= 0) {
                    if (depth_ == 0) topKind_ = Kind::Empty;
                    state_ = State::Type;
                    if (completeElement()) ++done;
                } else {
                    if (depth_ == 0) topKind_ = Kind::Real;
                    if (depth_ == kMaxDepth) throw Error("protocol error: arrays nested too deep");
                    remaining_[depth_++] = len;
                    state_ = State::Type;
                }
            }
            break;
        }
        case State::Bulk: {
            int64_t avail = end - p;
            if (avail < bulkLeft_) {
                bulkLeft_ -= avail;
                p = end;
            } else {
                p += bulkLeft_;
                bulkLeft_ = 0;
                state_ = State::Type;
                if (completeElement()) ++done;
            }
            break;
        }
        }
    }
    return done;
}

}  // namespace mmtp::rediszpopmin
