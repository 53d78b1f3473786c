// lava_log.cpp - a LAVA job log's console and result (lava_log.hpp).
#include "mitigation-matrix/lava_log.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <yaml-cpp/yaml.h>

namespace mmtp::matrix {
namespace {

std::string scalar(const YAML::Node& node, const char* key) {
    const YAML::Node v = node[key];
    return v && v.IsScalar() ? v.Scalar() : std::string();
}

// One log line into out; false when it is not a log line.
bool addLine(LavaLog& out, const std::string& line) {
    YAML::Node node;
    try {
        node = YAML::Load(line);
    } catch (const YAML::Exception&) {
        return false;
    }
    if (node.IsSequence() && node.size() == 1) node = node[0];  // "- {...}" (a server's log)
    if (!node.IsMap()) return false;
    const std::string level = scalar(node, "lvl");
    const YAML::Node msg = node["msg"];
    if (level == "target" && msg && msg.IsScalar()) {
        out.console += msg.Scalar() + "\n";
    } else if (level == "results" && msg && msg.IsMap() && scalar(msg, "definition") == "lava" &&
               scalar(msg, "case") == "job") {
        out.finished = true;
        out.passed = scalar(msg, "result") == "pass";
        out.error = scalar(msg, "error_msg");
    }
    return true;
}

}  // namespace

LavaLog parseLavaLog(const std::string& text) {
    LavaLog out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        if (line.size() > kMaxLavaLogLine || !addLine(out, line)) ++out.skipped;
    }
    return out;
}

LavaLog readLavaLog(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot read the LAVA job log " + file.string());
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    std::string text(ec ? 0 : std::min<std::uintmax_t>(size, kMaxLavaLogBytes), '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    return parseLavaLog(text);
}

}  // namespace mmtp::matrix
