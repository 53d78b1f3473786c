// boot_files.cpp - the boot's files, from a serial stream or a folder.
#include "mitigation-matrix/boot_files.hpp"

#include "base/errors.hpp"

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

std::string decodeBase64(const std::string& text) {
    std::string out;
    unsigned buffer = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=' || c == '\n' || c == '\r' || c == ' ') continue;
        const int v = base64Value(c);
        if (v < 0) throw Error("the boot sent a file that is not base64");
        buffer = (buffer << 6) | unsigned(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += char((buffer >> bits) & 0xff);
        }
    }
    return out;
}

BootFiles parseSerialArchive(const std::string& stream) {
    std::istringstream in(stream);
    BootFiles out;
    std::size_t total = 0;
    bool begun = false;
    std::string line;
    BootFile current;
    std::string encoded;
    bool inFile = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!begun) {
            begun = line == "MATRIX-BEGIN";
        } else if (inFile && line == "E") {
            current.bytes = decodeBase64(encoded);
            addFile(out, std::move(current), total);
            current = {};
            encoded.clear();
            inFile = false;
        } else if (inFile) {
            if (encoded.size() + line.size() > kMaxBootBytes / 3 * 4) throw Error("the boot sent more than 256 MiB");
            encoded += line;
        } else if (line.rfind("F ", 0) == 0) {
            current.path = line.substr(2);
            inFile = true;
        } else if (line == "MATRIX-END") {
            return out;
        } else {
            throw Error("the boot's archive has a line it should not: '" + line.substr(0, 80) + "'");
        }
    }
    throw Error(begun ? "the boot's archive stops before MATRIX-END (the guest died or timed out while sending)"
                      : "the boot sent no archive (no MATRIX-BEGIN on its data port)");
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
