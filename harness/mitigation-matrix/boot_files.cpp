// boot_files.cpp - the boot's files, from a serial stream or a folder.
#include "mitigation-matrix/boot_files.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"

#include <cerrno>
#include <fcntl.h>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

bool nameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '+' || c == '=' || c == ',' || c == '-';
}

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

void addFile(BootFiles& out, BootFile f, std::size_t& total) {
    checkBootPath(f.path);
    total += f.bytes.size();
    if (out.files.size() >= kMaxBootFiles)
        throw Error("the boot sent more than " + std::to_string(kMaxBootFiles) + " files");
    if (total > kMaxBootBytes) throw Error("the boot sent more than 256 MiB");
    if (out.find(f.path)) throw Error("the boot sent " + f.path + " twice");
    out.files.push_back(std::move(f));
}

}  // namespace

const std::string* BootFiles::find(const std::string& path) const {
    for (const auto& f : files)
        if (f.path == path) return &f.bytes;
    return nullptr;
}

void checkBootPath(const std::string& path) {
    int depth = 0;
    std::size_t start = 0;
    while (true) {
        const auto slash = path.find('/', start);
        const std::string name = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        bool ok = !name.empty() && name != "." && name != ".." && ++depth <= kMaxBootPathDepth;
        for (char c : name) ok = ok && nameChar(c);
        if (!ok) throw Error("the boot sent a file name this program does not write: '" + path.substr(0, 200) + "'");
        if (slash == std::string::npos) return;
        start = slash + 1;
    }
}

namespace {

// Base64 decoded as it arrives, a line at a time, straight into the file's
// bytes ('=', CR and blanks skipped, as before).
struct Base64Sink {
    unsigned buffer = 0;
    int bits = 0;
    // countOnly: the bytes are counted (the first pass over a file), not kept.
    void add(std::string_view text, std::string& out, bool countOnly = false) {
        for (char c : text) {
            if (c == '=' || c == '\n' || c == '\r' || c == ' ') continue;
            const int v = base64Value(c);
            if (v < 0) throw Error("the boot sent a file that is not base64");
            buffer = (buffer << 6) | unsigned(v);
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                if (countOnly) ++counted;
                else out += char((buffer >> bits) & 0xff);
            }
        }
    }
    std::size_t counted = 0;
};

// The serial form, parsed as it is read: memory is what the files hold
// (at most kMaxBootBytes) and one line, never the stream.
class SerialArchiveReader {
public:
    SerialArchiveReader() = default;
    // A second pass: each file's bytes reserved at once from the first
    // pass's sizes, so a string never grows by doubling (a 250 MiB file
    // peaked at 483 MiB so).
    explicit SerialArchiveReader(std::vector<std::size_t> sizes) : sizes_(std::move(sizes)), reserve_(true) {}
    // The first pass: only counts each file's bytes.
    static SerialArchiveReader counting() {
        SerialArchiveReader r;
        r.countOnly_ = true;
        return r;
    }
    std::vector<std::size_t> sizes() const { return counted_; }

    // Returns true once MATRIX-END is read (the rest is not looked at).
    bool feed(std::string_view bytes) {
        for (std::size_t at = 0; at < bytes.size() && !ended_;) {
            const auto nl = bytes.find('\n', at);
            partial_.append(bytes.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at));
            if (partial_.size() > kMaxSerialLineBytes) throw Error("the boot sent a line longer than 1 MiB");
            if (nl == std::string_view::npos) break;
            line(partial_);
            partial_.clear();
            at = nl + 1;
        }
        return ended_;
    }
    BootFiles finish() {
        if (!ended_ && !partial_.empty()) line(partial_);  // a last line without its newline
        if (!ended_)
            throw Error(begun_
                            ? "the boot's archive stops before MATRIX-END (the guest died or timed out while sending)"
                            : "the boot sent no archive (no MATRIX-BEGIN on its data port)");
        return std::move(out_);
    }

private:
    void line(std::string_view l) {
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        if (!begun_) {
            begun_ = l == "MATRIX-BEGIN";
        } else if (inFile_ && l == "E") {
            if (countOnly_) counted_.push_back(sink_.counted);
            total_ -= current_.bytes.size();  // addFile counts it
            addFile(out_, std::move(current_), total_);
            current_ = {};
            sink_ = {};
            inFile_ = false;
        } else if (inFile_) {
            const std::size_t had = current_.bytes.size() + sink_.counted;
            sink_.add(l, current_.bytes, countOnly_);
            total_ += current_.bytes.size() + sink_.counted - had;
            if (total_ > kMaxBootBytes) throw Error("the boot sent more than 256 MiB");
        } else if (l.substr(0, 2) == "F ") {
            current_.path = std::string(l.substr(2));
            if (reserve_ && out_.files.size() < sizes_.size())
                current_.bytes.reserve(std::min(sizes_[out_.files.size()], kMaxBootBytes - total_));
            inFile_ = true;
        } else if (l == "MATRIX-END") {
            ended_ = true;
        } else {
            throw Error("the boot's archive has a line it should not: '" + std::string(l.substr(0, 80)) + "'");
        }
    }

    std::vector<std::size_t> sizes_, counted_;
    bool reserve_ = false, countOnly_ = false;
    BootFiles out_;
    BootFile current_;
    Base64Sink sink_;
    std::string partial_;
    std::size_t total_ = 0;
    bool begun_ = false, inFile_ = false, ended_ = false;
};

}  // namespace

std::string decodeBase64(const std::string& text) {
    std::string out;
    Base64Sink().add(text, out);
    return out;
}

BootFiles parseSerialArchive(const std::string& stream) {
    SerialArchiveReader reader;
    reader.feed(stream);
    return reader.finish();
}

namespace {

// One pass over the open data port with `reader`, from its start.
void readPass(int fd, const fs::path& file, SerialArchiveReader& reader) {
    if (::lseek(fd, 0, SEEK_SET) != 0) throw Error(errnoMessage("cannot read the boot's data port " + file.string()));
    std::string chunk(std::size_t{64} << 10, '\0');
    std::size_t read = 0;
    while (true) {
        const ssize_t n = ::read(fd, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw Error(errnoMessage("cannot read the boot's data port " + file.string()));
        if (n == 0) return;
        read += std::size_t(n);
        if (reader.feed(std::string_view(chunk.data(), std::size_t(n)))) return;
        if (read > kMaxSerialBytes) throw Error("the boot's data port holds more than 256 MiB of files (base64)");
    }
}

}  // namespace

BootFiles readSerialArchive(const fs::path& file) {
    UniqueFd fd(::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd) throw Error(errnoMessage("the boot's data port " + file.string() + " cannot be read"));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        throw Error("the boot's data port " + file.string() + " is not a regular file");
    // Twice: the sizes first (nothing kept), then the bytes, each file's
    // string made its size at once. The file is this program's, qemu gone.
    SerialArchiveReader counter = SerialArchiveReader::counting();
    readPass(fd.get(), file, counter);
    counter.finish();
    SerialArchiveReader reader(counter.sizes());
    readPass(fd.get(), file, reader);
    return reader.finish();
}

void addTreeFiles(BootFiles& out, const fs::path& dir, const std::string& prefix) {
    std::size_t total = 0;
    for (const auto& f : out.files) total += f.bytes.size();
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        if (it.depth() >= kMaxBootPathDepth) it.disable_recursion_pending();
        if (!it->is_regular_file(/*no follow*/) || it->is_symlink()) continue;
        std::ifstream in(it->path(), std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        addFile(out, {prefix + "/" + fs::relative(it->path(), dir).string(), bytes.str()}, total);
    }
}

}  // namespace mmtp::matrix
