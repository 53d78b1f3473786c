#include "fiolike/engine.hpp"

#include <array>

namespace mmtp::fiolike {

namespace {
constexpr std::array<EngineInfo, 2> kEngines = {{
    {"psync", true, &createPsyncEngine},
    {"io_uring", false, &createIoUringEngine},
}};
}  // namespace

const EngineInfo* findEngine(std::string_view name) {
    for (const auto& e : kEngines)
        if (name == e.name) return &e;
    return nullptr;
}

std::string engineNames() {
    std::string s;
    for (const auto& e : kEngines) s += (s.empty() ? "" : ", ") + std::string(e.name);
    return s;
}

}  // namespace mmtp::fiolike
