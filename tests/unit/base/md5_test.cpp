// MD5 against RFC 1321's test suite and md5sum, at every padding boundary.
#include "base/md5.hpp"

#include <catch2/catch.hpp>

TEST_CASE("md5Hex gives RFC 1321's digests", "[base][md5]") {
    CHECK(mmtp::md5Hex("") == "d41d8cd98f00b204e9800998ecf8427e");
    CHECK(mmtp::md5Hex("abc") == "900150983cd24fb0d6963f7d28e17f72");
    CHECK(mmtp::md5Hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
    CHECK(mmtp::md5Hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890") ==
          "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("md5Hex matches md5sum across the 55/56/64-byte padding edges", "[base][md5]") {
    // printf 'a%.0s' $(seq N) | md5sum
    CHECK(mmtp::md5Hex(std::string(55, 'a')) == "ef1772b6dff9a122358552954ad0df65");
    CHECK(mmtp::md5Hex(std::string(56, 'a')) == "3b0c8ac703f828b04c6c197006d17218");
    CHECK(mmtp::md5Hex(std::string(64, 'a')) == "014842d480b571495a4a0363793f7367");
    CHECK(mmtp::md5Hex(std::string(1000, 'a')) == "cabe45dcc9ae5b66ba86600cca6b8ba8");
}

TEST_CASE("Md5 fed in pieces of any size gives md5Hex's digest", "[base][md5]") {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += static_cast<char>('a' + i % 26);
    for (std::size_t piece : {1u, 7u, 55u, 63u, 64u, 65u, 200u}) {
        mmtp::Md5 md5;
        for (std::size_t at = 0; at < text.size(); at += piece) md5.update(std::string_view(text).substr(at, piece));
        CHECK(md5.hex() == mmtp::md5Hex(text));
    }
}
