// libFuzzer target: the terminal sanitiser. Whatever the bytes, the escaped
// text holds no C0 control (but '\n' and '\t' when lines are kept), no DEL,
// no C1 control (raw or UTF-8) and no bidi control; and text written in two
// pieces, split anywhere, comes out as if written whole.
#include "base/terminal_text.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void requireSafe(const std::string& s, bool keepLines) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        if ((b < 0x20 && !(keepLines && (b == '\n' || b == '\t'))) || b == 0x7F) abort();
        const bool lead2 = b == 0xC2 && i + 1 < s.size();
        if (lead2 && static_cast<unsigned char>(s[i + 1]) >= 0x80 && static_cast<unsigned char>(s[i + 1]) <= 0x9F)
            abort();  // U+0080..U+009F
        if (b >= 0x80 && b <= 0x9F) {  // only inside a whole UTF-8 sequence
            std::size_t lead = i;
            while (lead > 0 && i - lead < 3 && (static_cast<unsigned char>(s[lead]) & 0xC0) == 0x80) --lead;
            const auto l = static_cast<unsigned char>(s[lead]);
            const std::size_t len = l >= 0xC2 && l <= 0xDF ? 2 : l >= 0xE0 && l <= 0xEF ? 3 : l >= 0xF0 && l <= 0xF4 ? 4 : 0;
            if (i - lead >= len || lead + len > s.size()) abort();
        }
        for (std::string_view bidi : {"\xe2\x80\xaa", "\xe2\x80\xab", "\xe2\x80\xac", "\xe2\x80\xad", "\xe2\x80\xae",
                                      "\xe2\x81\xa6", "\xe2\x81\xa7", "\xe2\x81\xa8", "\xe2\x81\xa9", "\xe2\x80\x8e",
                                      "\xe2\x80\x8f", "\xd8\x9c"})
            if (std::string_view(s).substr(i, bidi.size()) == bidi) abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const std::string line = mmtp::escapeControls(in), text = mmtp::escapeControlsKeepingLines(in);
    requireSafe(line, false);
    requireSafe(text, true);
    const std::size_t cut = size ? data[0] % (size + 1) : 0;
    mmtp::ControlEscaper e(true);
    std::string pieces;
    e.feed(in.substr(0, cut), pieces);
    e.feed(in.substr(cut), pieces);
    e.finish(pieces);
    if (pieces != text) abort();
    return 0;
}
