// terminal_text.hpp - text from an untrusted log tree made safe for a
// terminal or a text report. A run directory named "x\e]0;PWNED\a", a
// benchmark name carrying OSC 52 (writes the clipboard) or "\e[2K" (erases the
// warning that showed it), a right-to-left override that reorders a table, a
// newline that forges a table row: each control is shown escaped instead, as
// the HTML report escapes markup.
//
// Escaped: C0 controls and DEL (\e, \n, \r, \t, else \xNN), a stray byte
// 0x80..0x9F (a C1 control to an 8-bit terminal), the code points U+0080..
// U+009F (C1) and the bidi controls U+061C, U+200E, U+200F, U+202A..U+202E,
// U+2066..U+2069 (\uNNNN), and every byte of a complete sequence strict
// UTF-8 refuses (overlong: C0 9B, E0 80 9B, F0 80 80 9B; a surrogate,
// ED A0..BF xx; past U+10FFFF; a 5- or 6-byte form) as \xNN, since a lenient
// terminal decodes them. Everything else, other invalid UTF-8 included, passes.
#pragma once
#include <iosfwd>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>

namespace mmtp {

// One line: newlines and tabs are escaped too (names, warnings).
std::string escapeControls(std::string_view text);
// A whole text or report: '\n' and '\t' pass, every other control is escaped.
std::string escapeControlsKeepingLines(std::string_view text);

// The escaper over a stream: a UTF-8 sequence split between two writes is
// held until it is complete.
class ControlEscaper {
public:
    explicit ControlEscaper(bool keepLines) : keepLines_(keepLines) {}
    void feed(std::string_view in, std::string& out);
    void finish(std::string& out);  // a sequence left incomplete is judged byte by byte
    // The end of the plain ASCII bytes of in from i (what feed copies as it is).
    std::size_t plainRun(std::string_view in, std::size_t i) const;

private:
    void plain(unsigned char b, std::string& out);
    // A byte plain() copies as it is, outside any sequence.
    bool plainAscii(unsigned char b) const { return (b >= 0x20 && b < 0x7F) || (keepLines_ && (b == '\n' || b == '\t')); }
    void complete(std::string& out);
    void flushCutShort(std::string& out);
    bool keepLines_;
    std::string pending_;  // a lead byte (C0..FD) and the continuation bytes so far
    std::size_t need_ = 0;  // continuation bytes still to come
};

// While alive, everything written to std::cout and std::cerr passes through
// escapeControlsKeepingLines (a program's one guard, made first in main).
class TerminalSafeOutput {
public:
    TerminalSafeOutput();
    ~TerminalSafeOutput();
    TerminalSafeOutput(const TerminalSafeOutput&) = delete;
    TerminalSafeOutput& operator=(const TerminalSafeOutput&) = delete;

private:
    struct Buf;
    std::unique_ptr<Buf> out_, err_;
    std::streambuf *oldOut_, *oldErr_;
};

}  // namespace mmtp
