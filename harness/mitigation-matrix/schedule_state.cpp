// schedule_state.cpp - the state file's one reader and one writer.
#include "mitigation-matrix/schedule_state.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/fd.hpp"
#include "mitigation-matrix/matrix_spec.hpp"

#include <array>
#include <cerrno>
#include <fcntl.h>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr std::size_t kMaxStateBytes = 4 << 20;
constexpr std::array kNames{"pending", "started", "measuring", "accepted", "rejected", "failed", "skipped"};

BootStatus statusFromName(const std::string& name, const fs::path& file) {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (name == kNames[i]) return BootStatus(i);
    throw Error("state " + file.string() + ": unknown boot status '" + name + "'");
}

// A reason is one line of printable text.
std::string oneLine(const std::string& s) {
    std::string out;
    for (char c : s) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    return out.empty() ? "-" : out;
}

void fsyncFolder(const fs::path& dir) {
    UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0 || ::fsync(fd.get()) != 0) throw Error(errnoMessage("cannot fsync " + dir.string()));
}

}  // namespace

const char* statusName(BootStatus s) { return kNames[std::size_t(s)]; }

std::string formatState(const ScheduleState& state) {
    std::ostringstream out;
    out << "mitigation-matrix-state 1\n"
        << "digest " << state.digest << "\n"
        << "started " << state.started << "\n";
    for (const auto& [row, k] : state.kernels)
        out << "kernel " << row << " " << k.md5 << " " << (k.release.empty() ? "-" : k.release) << " "
            << oneLine(k.image.string()) << "\n";
    for (const auto& [row, n] : state.iterations) out << "iterations " << row << " " << n << "\n";
    for (const auto& b : state.boots)
        out << "boot " << b.number << " " << b.row << " " << statusName(b.status) << " " << b.iteration << " "
            << (b.bootIdBefore.empty() ? "-" : b.bootIdBefore) << " " << oneLine(b.reason) << "\n";
    return out.str();
}

ScheduleState parseState(const std::string& text, const fs::path& file) {
    std::istringstream in(text);
    std::string line;
    int n = 0;
    auto bad = [&](const std::string& what) {
        return Error("state " + file.string() + ":" + std::to_string(n) + ": " + what);
    };
    ScheduleState st;
    while (std::getline(in, line)) {
        ++n;
        std::istringstream ls(line);
        std::string word;
        ls >> word;
        if (n == 1) {
            if (line != "mitigation-matrix-state 1") throw bad("not a mitigation-matrix state file");
        } else if (word == "digest") {
            ls >> st.digest;
        } else if (word == "started") {
            if (!(ls >> st.started)) throw bad("bad started line");
        } else if (word == "kernel") {
            std::string row, image;
            KernelIdentity k;
            if (!(ls >> row >> k.md5 >> k.release) || !std::getline(ls >> std::ws, image)) throw bad("bad kernel line");
            if (k.release == "-") k.release.clear();
            k.image = image;
            st.kernels[row] = k;
        } else if (word == "iterations") {
            std::string row;
            int count = 0;
            if (!(ls >> row >> count) || count < 1 || count > kMaxIterationsPerBoot) throw bad("bad iterations line");
            st.iterations[row] = count;
        } else if (word == "boot") {
            BootRecord b;
            std::string status;
            if (!(ls >> b.number >> b.row >> status >> b.iteration >> b.bootIdBefore)) throw bad("bad boot line");
            b.status = statusFromName(status, file);
            if (b.bootIdBefore == "-") b.bootIdBefore.clear();
            std::getline(ls >> std::ws, b.reason);
            if (b.reason == "-") b.reason.clear();
            if (b.number != int(st.boots.size())) throw bad("boots out of order");
            st.boots.push_back(b);
        } else {
            throw bad("unknown line");
        }
    }
    if (n == 0) throw Error("state " + file.string() + ": empty");
    return st;
}

std::optional<ScheduleState> loadState(const fs::path& file) {
    UniqueFd fd(::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT) return std::nullopt;
        throw Error(errnoMessage("cannot open state " + file.string() + " (a symlink is refused)"));
    }
    std::string text;
    if (!readUpTo(fd.get(), kMaxStateBytes, text)) throw Error(errnoMessage("cannot read state " + file.string()));
    if (text.size() > kMaxStateBytes) throw Error("state " + file.string() + " is larger than 4 MiB");
    return parseState(text, file);
}

void saveState(const fs::path& file, const ScheduleState& state) {
    writeFileAtomically(file, formatState(state));
    fsyncFolder(file.parent_path().empty() ? fs::path(".") : file.parent_path());
}

}  // namespace mmtp::matrix
