#include "base/terminal_text.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace mmtp {

namespace {

bool escapedCodePoint(char32_t c) {
    return (c >= 0x80 && c <= 0x9F) || c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

// The structural length of a sequence led by b (0 for a byte that leads
// none): C0..FD, so that the forms a lenient decoder still reads (C0 9B,
// E0 80 9B, F8 80 80 80 9B) are judged as sequences, not passed byte by byte.
std::size_t sequenceLength(unsigned char b) {
    if (b >= 0xC0 && b <= 0xDF) return 2;
    if (b >= 0xE0 && b <= 0xEF) return 3;
    if (b >= 0xF0 && b <= 0xF7) return 4;
    if (b >= 0xF8 && b <= 0xFB) return 5;
    if (b >= 0xFC && b <= 0xFD) return 6;
    return 0;
}

char32_t decode(const std::string& seq) {
    static constexpr unsigned char kLeadBits[] = {0, 0, 0x1F, 0x0F, 0x07, 0x03, 0x01};
    char32_t c = static_cast<unsigned char>(seq[0]) & kLeadBits[seq.size()];
    for (std::size_t i = 1; i < seq.size(); ++i) c = (c << 6) | (static_cast<unsigned char>(seq[i]) & 0x3F);
    return c;
}

// Strict UTF-8: the shortest form, at most 4 bytes, no surrogate, no code
// point past U+10FFFF. A terminal that decodes leniently would read the
// overlong E0 80 9B as ESC.
bool validSequence(const std::string& seq, char32_t c) {
    static constexpr char32_t kSmallestOfLength[] = {0, 0, 0x80, 0x800, 0x10000};
    if (seq.size() > 4 || c < kSmallestOfLength[seq.size()]) return false;
    return !(c >= 0xD800 && c <= 0xDFFF) && c <= 0x10FFFF;
}

// "\\xNN" for a byte, "\\uNNNN" for a code point.
void hexByte(unsigned value, std::string& out) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", value);
    out += buf;
}

void hexCodePoint(unsigned value, std::string& out) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\u%04X", value);
    out += buf;
}

// Whether none of the eight bytes at p is a control, DEL or past ASCII (most
// of a report): a word at a time instead of a byte. Nonzero when a byte is
// below 0x20 (borrow) or 0x7F and up (+1 reaches the high bit; a carry into
// the next byte only sends a plain word down the byte-by-byte path).
bool eightPlain(const char* p) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighBits = 0x8080808080808080ULL;
    std::uint64_t w = 0;
    std::memcpy(&w, p, sizeof w);
    return ((((w - 0x20 * kOnes) & ~w) | (w + kOnes) | w) & kHighBits) == 0;
}

}  // namespace

std::size_t ControlEscaper::plainRun(std::string_view in, std::size_t i) const {
    while (in.size() - i >= 8) {
        if (eightPlain(in.data() + i)) {
            i += 8;
            continue;
        }
        // A word with a byte eightPlain refuses (each report line's newline):
        // its eight bytes one by one, then words again (not a failed word
        // test a byte up to the newline, 8 times a line).
        for (const std::size_t end = i + 8; i < end; ++i)
            if (!plainAscii(static_cast<unsigned char>(in[i]))) return i;
    }
    while (i < in.size() && plainAscii(static_cast<unsigned char>(in[i]))) ++i;
    return i;
}

void ControlEscaper::plain(unsigned char b, std::string& out) {
    if (b >= 0x20 && b != 0x7F && !(b >= 0x80 && b <= 0x9F)) {
        out += static_cast<char>(b);
        return;
    }
    if ((b == '\n' || b == '\t') && keepLines_) {
        out += static_cast<char>(b);
        return;
    }
    switch (b) {
    case 0x1B: out += "\\e"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default: hexByte(b, out);
    }
}

void ControlEscaper::feed(std::string_view in, std::string& out) {
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (need_ == 0) {  // printable ASCII, nearly all of a report, goes in one append
            const std::size_t end = plainRun(in, i);
            out.append(in.data() + i, end - i);
            if ((i = end) == in.size()) break;
        }
        const auto b = static_cast<unsigned char>(in[i]);
        if (need_ > 0) {
            if (b >= 0x80 && b <= 0xBF) {
                pending_ += static_cast<char>(b);
                if (--need_ == 0) complete(out);
                continue;
            }
            flushCutShort(out);
        }
        if (const std::size_t length = sequenceLength(b); length > 0) {
            pending_ = static_cast<char>(b);
            need_ = length - 1;
        } else {
            plain(b, out);
        }
    }
}

// A whole sequence: a control or bidi code point is shown as \uNNNN, a form
// strict UTF-8 refuses (overlong, surrogate, past U+10FFFF) byte by byte.
void ControlEscaper::complete(std::string& out) {
    const char32_t c = decode(pending_);
    if (!validSequence(pending_, c))
        for (const char b : pending_) hexByte(static_cast<unsigned char>(b), out);
    else if (escapedCodePoint(c)) hexCodePoint(static_cast<unsigned>(c), out);
    else out += pending_;
    pending_.clear();
}

// Not a sequence after all: the lead byte passes, the bytes after it are
// judged alone (a stray 0x9B is escaped).
void ControlEscaper::flushCutShort(std::string& out) {
    if (!pending_.empty()) out += pending_[0];
    for (std::size_t i = 1; i < pending_.size(); ++i) plain(static_cast<unsigned char>(pending_[i]), out);
    pending_.clear();
    need_ = 0;
}

void ControlEscaper::finish(std::string& out) { flushCutShort(out); }

std::string escapeControls(std::string_view text) {
    ControlEscaper e(false);
    if (e.plainRun(text, 0) == text.size()) return std::string(text);  // a name, nearly always
    std::string out;
    out.reserve(text.size());
    e.feed(text, out);
    e.finish(out);
    return out;
}

std::string escapeControlsKeepingLines(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    ControlEscaper e(true);
    e.feed(text, out);
    e.finish(out);
    return out;
}

// A put area of its own; what is written passes the escaper on its way to
// the stream's original buffer.
struct TerminalSafeOutput::Buf : std::streambuf {
    explicit Buf(std::streambuf* to) : to_(to) { setp(area_, area_ + sizeof area_); }
    ~Buf() override {
        drain();
        std::string rest;
        escaper_.finish(rest);
        to_->sputn(rest.data(), static_cast<std::streamsize>(rest.size()));
        to_->pubsync();
    }

protected:
    int_type overflow(int_type c) override {
        drain();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override {
        drain();
        return to_->pubsync();
    }

private:
    void drain() {
        std::string out;
        escaper_.feed(std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())), out);
        to_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
        setp(area_, area_ + sizeof area_);
    }
    std::streambuf* to_;
    ControlEscaper escaper_{true};
    char area_[8192];
};

TerminalSafeOutput::TerminalSafeOutput()
    : out_(std::make_unique<Buf>(std::cout.rdbuf())), err_(std::make_unique<Buf>(std::cerr.rdbuf())),
      oldOut_(std::cout.rdbuf(out_.get())), oldErr_(std::cerr.rdbuf(err_.get())) {}

TerminalSafeOutput::~TerminalSafeOutput() {
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(oldOut_);
    std::cerr.rdbuf(oldErr_);
}

}  // namespace mmtp
