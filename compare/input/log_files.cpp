#include "input/log_files.hpp"

#include <algorithm>
#include <fstream>
#include <lzma.h>
#include <sstream>
#include <stdexcept>
#include <zlib.h>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string readPlain(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + p.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string readGzip(const fs::path& p) {
    gzFile f = gzopen(p.c_str(), "rb");
    if (!f) throw std::runtime_error("cannot read " + p.string());
    std::string out;
    char buf[65536];
    int n;
    while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
    int err = 0;
    const char* msg = gzerror(f, &err);
    gzclose(f);
    if (n < 0 || (err != Z_OK && err != Z_STREAM_END))
        throw std::runtime_error(p.string() + ": corrupt gzip data (" + msg + ")");
    return out;
}

std::string readXz(const fs::path& p) {
    std::string in = readPlain(p);
    lzma_stream strm = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&strm, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        throw std::runtime_error(p.string() + ": cannot start xz decoder");
    std::string out;
    char buf[65536];
    strm.next_in = reinterpret_cast<const uint8_t*>(in.data());
    strm.avail_in = in.size();
    lzma_ret ret;
    do {
        strm.next_out = reinterpret_cast<uint8_t*>(buf);
        strm.avail_out = sizeof buf;
        ret = lzma_code(&strm, LZMA_FINISH);
        out.append(buf, sizeof buf - strm.avail_out);
    } while (ret == LZMA_OK);
    lzma_end(&strm);
    if (ret != LZMA_STREAM_END) throw std::runtime_error(p.string() + ": corrupt xz data");
    return out;
}

}  // namespace

std::vector<std::string> listDirectory(const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string uncompressedName(const std::string& name) {
    if (endsWith(name, ".gz")) return name.substr(0, name.size() - 3);
    if (endsWith(name, ".xz")) return name.substr(0, name.size() - 3);
    return name;
}

std::optional<std::string> readLog(const fs::path& path) {
    fs::path base = path.parent_path() / uncompressedName(path.filename().string());
    std::error_code ec;
    fs::path gz = base.string() + ".gz", xz = base.string() + ".xz";
    if (fs::exists(gz, ec)) return readGzip(gz);
    if (fs::exists(xz, ec)) return readXz(xz);
    if (fs::exists(base, ec)) return readPlain(base);
    return std::nullopt;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

}  // namespace mmtp::compare
