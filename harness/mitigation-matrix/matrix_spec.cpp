// matrix_spec.cpp - the one parser of the matrix file format: "[matrix]"
// and "[row NAME]" sections of "key = value" lines, '#' comments.
#include "mitigation-matrix/matrix_spec.hpp"

#include "base/errors.hpp"
#include "base/md5.hpp"
#include "mitigation-matrix/boot_check.hpp"
#include "run-config/run_tree.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr std::size_t kMaxMatrixBytes = 1 << 20;
constexpr int kMaxRows = 64;

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

struct Parser {
    const fs::path& file;
    int line = 0;
    MatrixSpec spec;
    bool inMatrix = false;
    bool sawMatrix = false;

    [[noreturn]] void fail(const std::string& what) const {
        throw UsageError(file.string() + ":" + std::to_string(line) + ": " + what);
    }

    // ${NAME} from the environment; an unset NAME is an error, not "".
    std::string expand(const std::string& v) const {
        std::string out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (v.compare(i, 2, "${") != 0) {
                out += v[i];
                continue;
            }
            const auto end = v.find('}', i);
            if (end == std::string::npos) fail("unterminated ${ in '" + v + "'");
            const std::string name = v.substr(i + 2, end - i - 2);
            const char* value = std::getenv(name.c_str());
            if (!value || !*value) fail("${" + name + "} is not set in the environment");
            out += value;
            i = end;
        }
        return out;
    }

    // Values reach the terminal, the kernel's command line and the kexec
    // unit: a control character (ESC, CR, a newline from ${NAME}) is refused
    // here, by key and byte, the value itself never echoed.
    void refuseControls(const std::string& key, const std::string& v, const char* allowed = "") const {
        for (unsigned char c : v)
            if ((c < 0x20 || c == 0x7f) && !std::strchr(allowed, c)) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02x", c);
                fail(key + " holds a control character (byte " + hex + "); matrix values are refused with one");
            }
    }

    fs::path resolve(const std::string& v) const {
        return v.empty() || v[0] == '/' ? fs::path(v) : file.parent_path() / v;
    }

    int number(const std::string& key, const std::string& v, int lo, int hi) const {
        try {
            std::size_t used = 0;
            const long n = std::stol(v, &used);
            if (used == v.size() && n >= lo && n <= hi) return int(n);
        } catch (const std::exception&) {
        }
        fail(key + " must be a whole number in " + std::to_string(lo) + ".." + std::to_string(hi) + ", not '" + v +
             "'");
    }

    void section(const std::string& header) {
        if (header == "matrix") {
            if (sawMatrix) fail("a second [matrix] section");
            inMatrix = sawMatrix = true;
            return;
        }
        if (header.rfind("row ", 0) != 0) fail("unknown section [" + header + "] (want [matrix] or [row NAME])");
        MatrixRow row;
        row.name = trim(header.substr(4));
        try {
            runconfig::validateRunName(row.name);
        } catch (const Error& e) {
            fail(std::string("row name: ") + e.what());
        }
        for (const auto& r : spec.rows)
            if (r.name == row.name) fail("row " + row.name + " is defined twice");
        if (int(spec.rows.size()) >= kMaxRows) fail("more than " + std::to_string(kMaxRows) + " rows");
        spec.rows.push_back(row);
        inMatrix = false;
    }

    void matrixKey(const std::string& key, const std::string& v) {
        if (key == "config") spec.config = resolve(v);
        else if (key == "boots-per-row") spec.bootsPerRow = number(key, v, 1, 1000);
        else if (key == "iterations-per-boot") spec.iterationsPerBoot = number(key, v, 1, kMaxIterationsPerBoot);
        else if (key == "budget-boots") spec.budgetBoots = number(key, v, 1, 100000);
        else if (key == "budget-minutes") spec.budgetSeconds = 60LL * number(key, v, 1, 100000);
        else if (key == "boot-timeout-seconds") spec.bootTimeoutSeconds = number(key, v, 10, 86400);
        else if (key == "guest-memory-mib") spec.guestMemoryMiB = number(key, v, 128, 65536);
        else if (key == "guest-cpus") spec.guestCpus = number(key, v, 1, 64);
        else if (key == "guest-cpu-model") spec.guestCpuModel = v;
        else if (key == "guest-scratch-mib") spec.guestScratchMiB = number(key, v, 1, 1 << 20);
        else if (key == "base-cmdline") spec.baseCmdline = v;
        else if (key == "decide-metric") spec.decideMetric = v;
        else if (key == "decide-threshold") spec.decideThresholdPct = number(key, v, 1, 100);
        else if (key == "order") {
            if (v == "interleaved") spec.order = BootOrder::Interleaved;
            else if (v == "mirrored") spec.order = BootOrder::Mirrored;
            else fail("order must be interleaved or mirrored, not '" + v + "'");
        } else fail("unknown key '" + key + "' in [matrix]");
    }

    void rowKey(MatrixRow& row, const std::string& key, const std::string& v) {
        if (key == "kernel") row.kernel = v;
        else if (key == "config") row.config = resolve(v);
        else if (key == "initrd") row.initrd = v;
        else if (key == "cmdline") row.cmdline = v;
        else if (key == "expect-dmesg") row.expectDmesg.push_back(v);
        else if (key == "expect") {
            const auto colon = v.find(':');
            const std::string name = trim(v.substr(0, colon));
            if (colon == std::string::npos || name.empty() || name.find('/') != std::string::npos || name[0] == '.')
                fail("expect must be 'FILE: TEXT' (a file of /sys/devices/system/cpu/vulnerabilities), not '" + v +
                     "'");
            row.expect.push_back({name, trim(v.substr(colon + 1))});
        } else fail("unknown key '" + key + "' in [row " + row.name + "]");
    }

    void keyValue(const std::string& text) {
        const auto eq = text.find('=');
        if (eq == std::string::npos) {
            refuseControls("the line", text, "\t");  // before it is echoed
            fail("expected 'key = value', not '" + text + "'");
        }
        const std::string key = trim(text.substr(0, eq));
        refuseControls("a key", key, "\t");
        const std::string value = expand(trim(text.substr(eq + 1)));
        refuseControls(key, value);
        if (inMatrix) matrixKey(key, value);
        else if (!spec.rows.empty()) rowKey(spec.rows.back(), key, value);
        else fail("'" + key + "' before any [matrix] or [row NAME] section");
    }

    void finish() {
        line = 0;
        if (!sawMatrix) fail("no [matrix] section");
        if (spec.rows.size() < 1) fail("no [row NAME] section");
        for (auto& r : spec.rows) {
            if (r.kernel.empty()) fail("row " + r.name + " sets no kernel (a path, or 'running')");
            if (r.config.empty()) r.config = spec.config;
            if (r.config.empty()) fail("row " + r.name + " has no config ([matrix] config, or the row's own)");
            if (auto why = unverifiableParameter(r)) fail("row " + r.name + ": " + *why);
        }
        if (spec.budgetBoots == 0) spec.budgetBoots = int(spec.rows.size()) * spec.bootsPerRow * 2;
    }
};

}  // namespace

MatrixSpec parseMatrixText(const std::string& text, const fs::path& file) {
    Parser p{file, 0, {}, false, false};
    p.spec.file = file;
    std::istringstream in(text);
    std::string raw;
    while (std::getline(in, raw)) {
        ++p.line;
        const std::string t = trim(raw);
        if (t.empty() || t[0] == '#') continue;
        if (t.front() == '[') {
            p.refuseControls("the section header", t);  // before its name is echoed
            if (t.back() != ']') p.fail("a section header must end in ]");
            p.section(trim(t.substr(1, t.size() - 2)));
        } else {
            p.keyValue(t);
        }
    }
    p.finish();
    return p.spec;
}

namespace {
std::string readSmallFile(const fs::path& file, const std::string& what) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw UsageError(what + " " + file.string() + " is not a readable file");
    std::string text(kMaxMatrixBytes + 1, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    if (text.size() > kMaxMatrixBytes) throw UsageError(what + " " + file.string() + " is larger than 1 MiB");
    return text;
}
}  // namespace

MatrixSpec parseMatrixFile(const fs::path& file) {
    if (!fs::is_regular_file(file)) throw UsageError("matrix " + file.string() + " is not a readable file");
    MatrixSpec spec = parseMatrixText(readSmallFile(file, "matrix"), file);
    for (const auto& r : spec.rows)
        if (!fs::is_regular_file(r.config))
            throw UsageError("matrix " + file.string() + ": config " + r.config.string() + " is not a readable file");
    return spec;
}

int configIterations(const fs::path& config) {
    std::istringstream in(readSmallFile(config, "config"));
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        line = trim(line);
        if (line.rfind("export ", 0) == 0) line = trim(line.substr(7));
        if (line.rfind("MMTEST_ITERATIONS=", 0) != 0) continue;
        try {
            n = std::stoi(line.substr(18));
        } catch (const std::exception&) {
            n = 0;  // computed ($((...))): not known without running it
        }
    }
    return n;
}

int bootIterations(const MatrixSpec& spec, const MatrixRow& row) {
    if (spec.iterationsPerBoot > 0) return spec.iterationsPerBoot;
    const int n = configIterations(row.config);
    if (n > kMaxIterationsPerBoot)
        throw UsageError("row " + row.name + ": its config's MMTEST_ITERATIONS=" + std::to_string(n) +
                         " is more than a boot runs (" + std::to_string(kMaxIterationsPerBoot) +
                         "); set iterations-per-boot");
    return std::max(1, n);
}

std::string matrixDigest(const MatrixSpec& spec) {
    std::string all = readSmallFile(spec.file, "matrix");
    for (const auto& r : spec.rows)
        all += '\0' + r.name + '\0' + r.kernel + '\0' + r.cmdline + '\0' + readSmallFile(r.config, "config");
    return md5Hex(all);
}

}  // namespace mmtp::matrix
