#include "common/cpu_topology.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace mmtp {

namespace {

int parseCpuNumber(std::string_view s, std::string_view what) {
    int v = -1;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || v < 0)
        throw Error(std::string(what) + ": bad CPU number '" + std::string(s) + "'");
    return v;
}

std::optional<std::string> readSmallFile(const std::filesystem::path& p) {
    std::ifstream in(p);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

std::vector<int> parseCpuList(std::string_view text, std::string_view what) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
    std::vector<int> cpus;
    if (text.empty()) return cpus;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t comma = text.find(',', pos);
        if (comma == std::string_view::npos) comma = text.size();
        std::string_view item = text.substr(pos, comma - pos);
        std::size_t dash = item.find('-');
        if (dash == std::string_view::npos) {
            cpus.push_back(parseCpuNumber(item, what));
        } else {
            int lo = parseCpuNumber(item.substr(0, dash), what);
            int hi = parseCpuNumber(item.substr(dash + 1), what);
            if (hi < lo)
                throw Error(std::string(what) + ": bad CPU range '" + std::string(item) + "'");
            for (int c = lo; c <= hi; ++c) cpus.push_back(c);
        }
        pos = comma + 1;
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

CpuTopology::CpuTopology(const std::filesystem::path& root) : root_(root) {
    auto text = readSmallFile(root_ / "online");
    if (!text) throw Error(errnoMessage("cannot read " + (root_ / "online").string()));
    online_ = parseCpuList(*text, (root_ / "online").string());
    if (online_.empty()) throw Error((root_ / "online").string() + ": no online CPUs listed");
}

bool CpuTopology::isOnline(int cpu) const {
    return std::binary_search(online_.begin(), online_.end(), cpu);
}

std::vector<int> CpuTopology::smtSiblings(int cpu) const {
    auto text = readSmallFile(root_ / ("cpu" + std::to_string(cpu)) / "topology" /
                              "thread_siblings_list");
    if (!text) return {cpu};
    auto list = parseCpuList(*text, "thread_siblings_list");
    return list.empty() ? std::vector<int>{cpu} : list;
}

int CpuTopology::packageId(int cpu) const {
    auto text = readSmallFile(root_ / ("cpu" + std::to_string(cpu)) / "topology" /
                              "physical_package_id");
    if (!text) return -1;
    try {
        return std::stoi(*text);
    } catch (const std::exception&) {
        return -1;
    }
}

std::optional<int> CpuTopology::htSibling(int cpu) const {
    for (int s : smtSiblings(cpu))
        if (s != cpu && isOnline(s)) return s;
    return std::nullopt;
}

std::optional<int> CpuTopology::otherSocketCpu(int cpu) const {
    int pkg = packageId(cpu);
    if (pkg < 0) return std::nullopt;
    for (int c : online_) {
        int p = packageId(c);
        if (p >= 0 && p != pkg) return c;
    }
    return std::nullopt;
}

}  // namespace mmtp
