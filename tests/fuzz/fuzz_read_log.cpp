// libFuzzer target: the bounded log reader on arbitrary plain, gzip and xz
// data, with small limits so the limit paths are reached too. The first
// byte picks the compression.
#include "fuzz_parser.hpp"
#include "input/log_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    static const char* const kNames[] = {"log", "log.gz", "log.xz"};
    const auto& dir = fuzz::scratchDir();
    const std::filesystem::path file = dir / kNames[data[0] % 3];
    fuzz::writeInput(file, data + 1, size - 1);
    mmtp::compare::ReadLimits limits;
    limits.fileBytes = 1 << 20;
    limits.decompressedBytes = 4 << 20;
    limits.lineBytes = 64 << 10;
    try {
        auto text = mmtp::compare::readLog(dir / "log", limits);
        if (text && text->size() > limits.decompressedBytes) std::abort();
    } catch (const mmtp::compare::InputError&) {
    }
    std::error_code ec;
    std::filesystem::remove(file, ec);
    return 0;
}
