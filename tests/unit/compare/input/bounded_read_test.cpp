// A log tree is untrusted input: every file compare reads goes through one
// bounded reader (regular files only, limited reads, decompression and lines).
#include "compare/test_support.hpp"
#include "input/bounded_read.hpp"
#include "input/log_files.hpp"

#include <catch2/catch.hpp>
#include <lzma.h>
#include <zlib.h>

using namespace mmtp::compare;
using compare_test::FifoWithWriter;
using compare_test::ScratchTree;

namespace {

std::string gzipped(const std::string& text) {
    z_stream z{};
    deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&z, text.size()), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string xzed(const std::string& text) {
    std::string out(lzma_stream_buffer_bound(text.size()), '\0');
    std::size_t pos = 0;
    lzma_easy_buffer_encode(0, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const uint8_t*>(text.data()), text.size(),
                            reinterpret_cast<uint8_t*>(out.data()), &pos, out.size());
    out.resize(pos);
    return out;
}

// The message readLog throws, or "" when it returns.
std::string refusal(const std::filesystem::path& p, const ReadLimits& limits = {}) {
    try {
        readLog(p, limits);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a missing log is absent, not an error", "[compare][input]") {
    ScratchTree t;
    CHECK_FALSE(readLog(t.root() / "none.log").has_value());
}

TEST_CASE("a FIFO as a log is refused at once instead of waiting for a writer", "[compare][input]") {
    ScratchTree t;
    FifoWithWriter fifo(t.root() / "redis-1-1.log");
    std::string error;
    bool prompt = compare_test::returnsPromptly(fifo, [&] { error = refusal(t.root() / "redis-1-1.log"); });
    CHECK(prompt);
    CHECK(error == (t.root() / "redis-1-1.log").string() + ": a FIFO, not a regular file; not read");
}

TEST_CASE("/dev/zero as a log, plain, .gz or .xz, is refused without reading it", "[compare][input]") {
    ScratchTree t;
    for (const char* name : {"plain.log", "gz.log.gz", "xz.log.xz"}) {
        std::filesystem::create_symlink("/dev/zero", t.root() / name);
        std::string error = refusal(t.root() / uncompressedName(name));
        CHECK(error == (t.root() / name).string() + ": a character device, not a regular file; not read");
    }
}

TEST_CASE("a symlink loop as a log is one clear error", "[compare][input]") {
    ScratchTree t;
    std::filesystem::create_symlink("loop.log", t.root() / "loop.log");
    CHECK(refusal(t.root() / "loop.log") == (t.root() / "loop.log").string() + ": Too many levels of symbolic links; not read");
}

TEST_CASE("a log larger than the file limit is refused before it is read", "[compare][input]") {
    ScratchTree t;
    t.write("big.log", std::string(5000, 'x'));
    ReadLimits small;
    small.fileBytes = 4096;
    CHECK(refusal(t.root() / "big.log", small) == (t.root() / "big.log").string() + ": holds more than 4096 bytes (the read limit); not read");
    CHECK(readLog(t.root() / "big.log")->size() == 5000);
}

TEST_CASE("gzip and xz output stops at the decompression limit", "[compare][input]") {
    ScratchTree t;
    const std::string zeros(2 << 20, '\0');
    t.write("bomb.log.gz", gzipped(zeros));
    t.write("bomb2.log.xz", xzed(zeros));
    ReadLimits small;
    small.decompressedBytes = 1 << 20;
    CHECK(refusal(t.root() / "bomb.log", small) ==
          (t.root() / "bomb.log.gz").string() + ": decompresses to more than 1 MiB (the read limit); not read");
    CHECK(refusal(t.root() / "bomb2.log", small) ==
          (t.root() / "bomb2.log.xz").string() + ": decompresses to more than 1 MiB (the read limit); not read");
    small.decompressedBytes = 4 << 20;
    small.lineBytes = 4 << 20;
    CHECK(readLog(t.root() / "bomb.log", small)->size() == zeros.size());
}

TEST_CASE("concatenated gzip members are read whole, and padding after them ignored, as gzread does", "[compare][input]") {
    ScratchTree t;
    t.write("two.log.gz", gzipped("one\n") + gzipped("two\n"));
    CHECK(*readLog(t.root() / "two.log") == "one\ntwo\n");
    t.write("padded.log.gz", gzipped("one\n") + std::string(512, '\0'));
    CHECK(*readLog(t.root() / "padded.log") == "one\n");
}

TEST_CASE("corrupt gzip data is refused with zlib's reason, read before the stream is freed", "[compare][input]") {
    ScratchTree t;
    std::string gz = gzipped(std::string(10000, 'a') + "\n");
    gz[10] = 0x07;  // the first deflate block header (after 10 header bytes): BTYPE 11, reserved
    t.write("bad.log.gz", gz);
    CHECK(refusal(t.root() / "bad.log") == (t.root() / "bad.log.gz").string() + ": corrupt gzip data (invalid block type)");
    t.write("truncated.log.gz", gzipped("some text\n").substr(0, 15));
    CHECK(refusal(t.root() / "truncated.log") ==
          (t.root() / "truncated.log.gz").string() + ": corrupt gzip data (unexpected end of file)");
}

TEST_CASE("a line longer than the line limit is refused, naming the line", "[compare][input]") {
    ScratchTree t;
    t.write("long.log", "a\nb\n" + std::string(2000, 'x') + "\nc\n");
    ReadLimits small;
    small.lineBytes = 1000;
    CHECK(refusal(t.root() / "long.log", small) == (t.root() / "long.log").string() + ":3: line longer than 1000 bytes (the read limit); not read");
}

TEST_CASE("a zstd frame declaring 1.5 GB is refused before anything is allocated", "[compare][input]") {
    const std::string header("\x28\xb5\x2f\xfd\xa4\x00\x00\x69\x59\x00\x00\x00\x00\x00\x00\x00", 16);
    REQUIRE(looksLikeZstd(header));
    try {
        unzstdBounded(header, "x.json.zst");
        FAIL("accepted");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) == "x.json.zst: zstd frame declares 1500053504 bytes, more than 256 MiB (the read limit); not read");
    }
}

TEST_CASE("a log of more lines than the line limit is refused; exactly the limit is read", "[compare][input]") {
    ScratchTree t;
    t.write("lines.log", "a\nb\nc\n");
    t.write("more.log", "a\nb\nc\nd");
    ReadLimits small;
    small.lines = 3;
    CHECK(refusal(t.root() / "lines.log", small).empty());
    CHECK(refusal(t.root() / "more.log", small) ==
          (t.root() / "more.log").string() + ": more than 3 lines (the read limit); not read");
}

TEST_CASE("inside a tree boundary, a link out of the tree is refused and links inside it are read",
          "[compare][input]") {
    ScratchTree tree, outside;
    outside.write("secret", "root:hash\n");
    tree.write("run/iter-0/own.log", "mine\n");
    std::filesystem::create_symlink(outside.root() / "secret", tree.root() / "run/iter-0/cmdline.txt");
    std::filesystem::create_symlink("own.log", tree.root() / "run/iter-0/alias.log");
    {
        const TreeBoundary confined({tree.root()});
        CHECK(refusal(tree.root() / "run/iter-0/cmdline.txt") ==
              (tree.root() / "run/iter-0/cmdline.txt").string() + ": a link out of the tree (to " +
                  std::filesystem::canonical(outside.root() / "secret").string() +
                  "); not read (--follow-outside-links reads it)");
        CHECK(readLog(tree.root() / "run/iter-0/alias.log") == "mine\n");
        ReadLimits named;
        named.insideTree = false;  // a file the user named
        CHECK(readRegularFile(outside.root() / "secret", named) == "root:hash\n");
        const TreeBoundary anywhere({});  // --follow-outside-links
        CHECK(readLog(tree.root() / "run/iter-0/cmdline.txt") == "root:hash\n");
    }
    CHECK(readLog(tree.root() / "run/iter-0/cmdline.txt") == "root:hash\n");  // no boundary outside the scope
}
