#include "input/bounded_read.hpp"

#include "input/run_snapshot.hpp"

#include <bit>
#include <cerrno>
#include <cstring>
#include <climits>
#include <fcntl.h>
#include <lzma.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

constexpr std::size_t kChunk = 64 * 1024;
// What an xz decoder may allocate (its dictionary), and the largest zstd
// window accepted: a hostile header cannot make either allocate more.
constexpr std::uint64_t kXzMemoryBytes = std::uint64_t{1} << 30;
constexpr std::size_t kZstdWindowBytes = std::size_t{128} << 20;

std::string mib(std::size_t bytes) {
    return bytes % (1 << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

const char* kindOf(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

InputError notRegular(const fs::path& path, mode_t mode) {
    return InputError(path.string() + ": " + kindOf(mode) + ", not a regular file; not read");
}

InputError tooBig(const fs::path& file, const char* what, std::size_t limit) {
    return InputError(file.string() + ": " + what + " more than " + mib(limit) + " (the read limit); not read");
}

// Closes the descriptor on every path out of readRegularFile.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

// Output appended by a decompressor, refused once it passes the limit.
void appendBounded(std::string& out, const char* data, std::size_t n, const fs::path& file, const ReadLimits& limits) {
    if (n > limits.decompressedBytes - out.size()) throw tooBig(file, "decompresses to", limits.decompressedBytes);
    out.append(data, n);
}

std::vector<std::string>& boundary() {
    static std::vector<std::string> roots;  // canonical, each ending in '/'
    return roots;
}

// Where the open descriptor really is; "" when /proc cannot say.
std::string realPathOf(int fd) {
    char buf[PATH_MAX + 1];
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    ssize_t n = ::readlink(link.c_str(), buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
}

void checkInsideBoundary(const fs::path& path, int fd) {
    if (boundary().empty()) return;
    std::string real = realPathOf(fd);
    if (real.empty()) {
        std::error_code ec;
        real = fs::weakly_canonical(path, ec).string();
    }
    for (const std::string& root : boundary())
        if (real.compare(0, root.size(), root) == 0) return;
    throw InputError(path.string() + ": a link out of the tree (to " + real +
                     "); not read (--follow-outside-links reads it)");
}

}  // namespace

TreeBoundary::~TreeBoundary() { boundary() = std::move(previous_); }

TreeBoundary::TreeBoundary(const std::vector<fs::path>& roots) : previous_(std::move(boundary())) {
    boundary().clear();
    for (const fs::path& r : roots) {
        std::error_code ec;
        std::string c = fs::weakly_canonical(fs::absolute(r, ec), ec).string();
        if (c.empty()) continue;
        if (c.back() != '/') c += '/';
        boundary().push_back(c);
    }
}

std::optional<std::string> readRegularFile(const fs::path& path, const ReadLimits& limits) {
    // A run the importer has read already (run_snapshot.hpp): its bytes, or
    // its absence, without a system call.
    if (const RunSnapshot* snapshot = snapshotInForce()) {
        if (const std::string* kept = snapshot->bytes(path)) {
            if (kept->size() > limits.fileBytes) throw tooBig(path, "holds", limits.fileBytes);
            return *kept;
        }
        if (snapshot->kind(path) == EntryKind::Missing) return std::nullopt;
    }
    // stat first, so a device is never even opened; fstat again after the
    // open, so nothing swapped in between is read either.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return std::nullopt;
        throw InputError(path.string() + ": " + std::strerror(errno) + "; not read");
    }
    if (!S_ISREG(st.st_mode)) throw notRegular(path, st.st_mode);
    Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
    if (f.fd < 0) {
        if (errno == ENOENT) return std::nullopt;
        throw InputError(path.string() + ": " + std::strerror(errno) + "; not read");
    }
    if (::fstat(f.fd, &st) != 0) throw InputError(path.string() + ": " + std::strerror(errno) + "; not read");
    if (!S_ISREG(st.st_mode)) throw notRegular(path, st.st_mode);
    if (limits.insideTree) checkInsideBoundary(path, f.fd);
    if (static_cast<std::uintmax_t>(st.st_size) > limits.fileBytes) throw tooBig(path, "holds", limits.fileBytes);
    std::string out;
    out.reserve(static_cast<std::size_t>(st.st_size));
    char buf[kChunk];
    while (true) {
        ssize_t n = ::read(f.fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw InputError(path.string() + ": " + std::strerror(errno) + "; not read");
        if (n == 0) break;
        // The file may grow while it is read.
        if (static_cast<std::size_t>(n) > limits.fileBytes - out.size()) throw tooBig(path, "holds", limits.fileBytes);
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

std::string gunzipBounded(std::string_view data, const fs::path& file, const ReadLimits& limits) {
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw InputError(file.string() + ": cannot start gzip decoder");
    std::string out;
    char buf[kChunk];
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());  // fileBytes keeps it below 4 GiB
    int ret = Z_OK;
    try {
        while (true) {
            z.next_out = reinterpret_cast<Bytef*>(buf);
            z.avail_out = sizeof buf;
            ret = inflate(&z, Z_NO_FLUSH);
            appendBounded(out, buf, sizeof buf - z.avail_out, file, limits);
            if (ret == Z_STREAM_END) {
                // gzip -c a b > c.gz: members one after the other; anything
                // else after a member is ignored, as zlib's gzread ignores it.
                if (z.avail_in < 2 || z.next_in[0] != 0x1f || z.next_in[1] != 0x8b) break;
                inflateReset(&z);
                continue;
            }
            if (ret != Z_OK) break;
            if (z.avail_in == 0 && z.avail_out != 0) {
                ret = Z_BUF_ERROR;  // truncated
                break;
            }
        }
    } catch (...) {
        inflateEnd(&z);
        throw;
    }
    // z.msg belongs to the stream: copy it before inflateEnd frees the state.
    std::string reason = z.msg ? z.msg : ret == Z_BUF_ERROR ? "unexpected end of file" : "error " + std::to_string(ret);
    inflateEnd(&z);
    if (ret != Z_STREAM_END) throw InputError(file.string() + ": corrupt gzip data (" + reason + ")");
    return out;
}

std::string unxzBounded(std::string_view data, const fs::path& file, const ReadLimits& limits) {
    lzma_stream strm = LZMA_STREAM_INIT;
    // The memory limit bounds the decoder's dictionary as well as the output.
    if (lzma_stream_decoder(&strm, kXzMemoryBytes, LZMA_CONCATENATED) != LZMA_OK)
        throw InputError(file.string() + ": cannot start xz decoder");
    std::string out;
    char buf[kChunk];
    strm.next_in = reinterpret_cast<const uint8_t*>(data.data());
    strm.avail_in = data.size();
    lzma_ret ret;
    try {
        do {
            strm.next_out = reinterpret_cast<uint8_t*>(buf);
            strm.avail_out = sizeof buf;
            ret = lzma_code(&strm, LZMA_FINISH);
            appendBounded(out, buf, sizeof buf - strm.avail_out, file, limits);
        } while (ret == LZMA_OK);
    } catch (...) {
        lzma_end(&strm);
        throw;
    }
    lzma_end(&strm);
    if (ret != LZMA_STREAM_END) throw InputError(file.string() + ": corrupt xz data (lzma error " + std::to_string(ret) + ")");
    return out;
}

bool looksLikeZstd(std::string_view data) {
    return data.size() >= 4 && static_cast<unsigned char>(data[0]) == 0x28 &&
           static_cast<unsigned char>(data[1]) == 0xB5 && static_cast<unsigned char>(data[2]) == 0x2F &&
           static_cast<unsigned char>(data[3]) == 0xFD;
}

std::string unzstdBounded(std::string_view data, const fs::path& file, const ReadLimits& limits) {
    unsigned long long declared = ZSTD_getFrameContentSize(data.data(), data.size());
    if (declared == ZSTD_CONTENTSIZE_ERROR) throw InputError(file.string() + ": unreadable zstd data");
    if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared > limits.decompressedBytes)
        throw InputError(file.string() + ": zstd frame declares " + std::to_string(declared) + " bytes, more than " +
                         mib(limits.decompressedBytes) + " (the read limit); not read");
    // Streamed, so what is allocated follows what really comes out.
    ZSTD_DStream* z = ZSTD_createDStream();
    if (!z) throw InputError(file.string() + ": cannot start zstd decoder");
    ZSTD_DCtx_setParameter(z, ZSTD_d_windowLogMax, std::bit_width(kZstdWindowBytes) - 1);
    ZSTD_inBuffer in{data.data(), data.size(), 0};
    std::string out;
    char buf[kChunk];
    std::size_t ret = 0;
    try {
        while (in.pos < in.size) {
            ZSTD_outBuffer o{buf, sizeof buf, 0};
            ret = ZSTD_decompressStream(z, &o, &in);
            if (ZSTD_isError(ret)) break;
            appendBounded(out, buf, o.pos, file, limits);
        }
        // Flush what the decoder still holds once the input is consumed.
        while (!ZSTD_isError(ret) && ret != 0) {
            ZSTD_outBuffer o{buf, sizeof buf, 0};
            ret = ZSTD_decompressStream(z, &o, &in);
            if (ZSTD_isError(ret)) break;
            appendBounded(out, buf, o.pos, file, limits);
            if (o.pos == 0) break;
        }
    } catch (...) {
        ZSTD_freeDStream(z);
        throw;
    }
    std::string reason = ZSTD_isError(ret) ? ZSTD_getErrorName(ret) : ret != 0 ? "truncated frame" : "";
    ZSTD_freeDStream(z);
    if (!reason.empty()) throw InputError(file.string() + ": corrupt zstd data (" + reason + ")");
    return out;
}

void checkLineLengths(std::string_view text, const fs::path& file, const ReadLimits& limits) {
    std::size_t start = 0, lineNr = 1;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        if (end - start > limits.lineBytes)
            throw InputError(file.string() + ":" + std::to_string(lineNr) + ": line longer than " +
                             mib(limits.lineBytes) + " (the read limit); not read");
        if (nl == std::string_view::npos) break;
        start = nl + 1;
        if (++lineNr > limits.lines && start < text.size())
            throw InputError(file.string() + ": more than " + std::to_string(limits.lines) +
                             " lines (the read limit); not read");
    }
}

}  // namespace mmtp::compare
