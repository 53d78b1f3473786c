// Names and messages from a tree reach a terminal with every control shown
// escaped: no raw ESC, C1, bidi override or forged newline.
#include "base/terminal_text.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>

using mmtp::ControlEscaper;
using mmtp::escapeControls;
using mmtp::escapeControlsKeepingLines;

TEST_CASE("escape sequences from a run name are shown, not obeyed", "[base][terminal]") {
    CHECK(escapeControls("x\x1b]0;PWNED\a\x1b[2K") == "x\\e]0;PWNED\\x07\\e[2K");
    CHECK(escapeControls("a\nb\tc\rd\x7f") == "a\\nb\\tc\\rd\\x7f");
    CHECK(escapeControls("\x1b]52;c;cHduZWQ=\x07") == "\\e]52;c;cHduZWQ=\\x07");
}

TEST_CASE("C1 controls, raw or encoded, and bidi overrides are escaped", "[base][terminal]") {
    CHECK(escapeControls("a\xc2\x9b" "2Kb") == "a\\u009B2Kb");  // U+009B, CSI
    CHECK(escapeControls("a\x9b" "2K") == "a\\x9b2K");           // a stray 0x9B byte
    CHECK(escapeControls("run\xe2\x80\xae" "cba") == "run\\u202Ecba");
    CHECK(escapeControls("\xe2\x81\xa6x\xe2\x81\xa9") == "\\u2066x\\u2069");
    CHECK(escapeControls("\xd8\x9c\xe2\x80\x8e\xe2\x80\x8f") == "\\u061C\\u200E\\u200F");
}

TEST_CASE("overlong forms of a control are shown byte by byte, not passed for a lenient terminal", "[base][terminal]") {
    CHECK(escapeControls("a\xc0\x9b-b") == "a\\xc0\\x9b-b");                       // ESC in 2 bytes
    CHECK(escapeControls("a\xe0\x80\x9b-b") == "a\\xe0\\x80\\x9b-b");              // ESC in 3 bytes
    CHECK(escapeControls("a\xf0\x80\x80\x9b-b") == "a\\xf0\\x80\\x80\\x9b-b");     // ESC in 4 bytes
    CHECK(escapeControls("\xf8\x80\x80\x80\x9b") == "\\xf8\\x80\\x80\\x80\\x9b");  // a 5-byte form
    CHECK(escapeControls("\xe0\x9f\xbf") == "\\xe0\\x9f\\xbf");                    // U+07FF in 3 bytes
    CHECK(escapeControlsKeepingLines("\xe0\x80\x8a") == "\\xe0\\x80\\x8a");        // an overlong newline
}

TEST_CASE("surrogates and code points past U+10FFFF are shown byte by byte", "[base][terminal]") {
    CHECK(escapeControls("\xed\xa0\x80") == "\\xed\\xa0\\x80");           // U+D800
    CHECK(escapeControls("\xed\xbf\xbf") == "\\xed\\xbf\\xbf");           // U+DFFF
    CHECK(escapeControls("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // U+110000
    CHECK(escapeControls("\xf7\xbf\xbf\xbf") == "\\xf7\\xbf\\xbf\\xbf");
    // Their neighbours are ordinary characters.
    CHECK(escapeControls("\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf") == "\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf");
}

TEST_CASE("every C1 control encoded as C2 80..9F is escaped", "[base][terminal]") {
    for (unsigned c = 0x80; c <= 0x9F; ++c) {
        const std::string encoded{static_cast<char>(0xC2), static_cast<char>(c)};
        char expected[8];
        std::snprintf(expected, sizeof expected, "\\u%04X", c);
        CHECK(escapeControls(encoded) == expected);
    }
}

TEST_CASE("an overlong form split between writes is judged whole", "[base][terminal]") {
    ControlEscaper e(true);
    std::string out;
    e.feed("x\xf0\x80", out);
    e.feed("\x80", out);
    e.feed("\x9by", out);
    e.finish(out);
    CHECK(out == "x\\xf0\\x80\\x80\\x9by");
}

TEST_CASE("ordinary text, UTF-8 and invalid bytes alike, passes unchanged", "[base][terminal]") {
    const std::string text = "v7.3 \xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 Hmean  RPS-ZPOPMIN 12.5 (+1.2%)";
    CHECK(escapeControls(text) == text);
    CHECK(escapeControls("v7\xb5 \xc3(\xff") == "v7\xb5 \xc3(\xff");
    CHECK(escapeControls("\xe2\x82") == "\xe2\\x82");  // cut short at the end: 0x82 alone is a C1 byte
    CHECK(escapeControlsKeepingLines("a\tb\nc\x1b[31m\n") == "a\tb\nc\\e[31m\n");
}

TEST_CASE("a sequence split between two writes is judged whole", "[base][terminal]") {
    ControlEscaper e(true);
    std::string out;
    e.feed("x\xe2", out);
    e.feed("\x80", out);
    e.feed("\xae" "y\xe2\x82", out);
    e.feed("\xac", out);
    e.finish(out);
    CHECK(out == "x\\u202Ey\xe2\x82\xac");
}

TEST_CASE("while the guard lives, std::cout and std::cerr are escaped", "[base][terminal]") {
    std::ostringstream out, err;
    auto* oldOut = std::cout.rdbuf(out.rdbuf());
    auto* oldErr = std::cerr.rdbuf(err.rdbuf());
    {
        mmtp::TerminalSafeOutput safe;
        std::cout << "table\t1\n" << std::string(10000, 'a') << "\x1b[2J\n";
        std::cerr << "warning: run x\x1b]0;t\a\n";
    }
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    CHECK(out.str() == "table\t1\n" + std::string(10000, 'a') + "\\e[2J\n");
    CHECK(err.str() == "warning: run x\\e]0;t\\x07\n");
}

TEST_CASE("a control is found at every position of a long text, not only where a word of eight starts",
          "[base][terminal]") {
    // Plain text is skipped eight bytes at a time: each byte that is not
    // plain, at each offset of a 24-byte text, must still be seen.
    const std::pair<std::string, std::string> cases[] = {
        {std::string(1, '\0'), "\\x00"}, {"\x1f", "\\x1f"}, {"\x1b", "\\e"},   {"\x7f", "\\x7f"},
        {"\x80", "\\x80"},               {"\x9b", "\\x9b"}, {"\xff", "\xff"},  {"\xc2\x9b", "\\u009B"},
        {"\n", "\\n"},                   {"\t", "\\t"},     {"~ ", "~ "},
    };
    for (const auto& [raw, shown] : cases)
        for (std::size_t at = 0; at <= 24; ++at) {
            const std::string before(at, 'a'), after(24 - at, 'b');
            CHECK(escapeControls(before + raw + after) == before + shown + after);
            const std::string keptLines = raw == "\n" || raw == "\t" ? raw : shown;
            CHECK(escapeControlsKeepingLines(before + raw + after) == before + keptLines + after);
        }
}
