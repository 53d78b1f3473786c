#include "pipe-pingpong/plan.hpp"

#include "base/errors.hpp"

#include <cstring>
#include <string>

namespace mmtp::pipepingpong {

Mode parseMode(std::string_view t) {
    if (t.empty() || t == "baseline") return Mode::Baseline;
    if (t == "d" || t == "child") return Mode::Child;
    if (t == "parent") return Mode::Parent;
    if (t == "both") return Mode::Both;
    throw UsageError("--mode: unknown mode '" + std::string(t) +
                     "' (expected baseline, d (child), parent or both)");
}

std::string_view modeName(Mode m) {
    switch (m) {
    case Mode::Baseline: return "baseline";
    case Mode::Child: return "d";
    case Mode::Parent: return "parent";
    case Mode::Both: return "both";
    }
    return "?";
}

namespace {

int requireOnline(const CpuTopology& topo, int cpu, std::string_view opt) {
    if (!topo.isOnline(cpu))
        throw UsageError(std::string(opt) + ": CPU " + std::to_string(cpu) +
                         " is not online (online: " + [&] {
                             std::string s;
                             for (int c : topo.online()) s += (s.empty() ? "" : ",") + std::to_string(c);
                             return s;
                         }() + ")");
    return cpu;
}

}  // namespace

Placement resolvePlacement(const CpuTopology& topo, std::string_view binding,
                           std::string_view cpus, std::optional<int> baseCpu) {
    if (!cpus.empty()) {
        std::vector<int> list;
        std::string text(cpus);
        std::size_t comma = text.find(',');
        try {
            std::size_t used = 0;
            list.push_back(std::stoi(text.substr(0, comma), &used));
            if (used != (comma == std::string::npos ? text.size() : comma)) throw std::invalid_argument("x");
            if (comma != std::string::npos) {
                std::string second = text.substr(comma + 1);
                list.push_back(std::stoi(second, &used));
                if (used != second.size()) throw std::invalid_argument("x");
            }
        } catch (const std::exception&) {
            throw UsageError("--cpus: expected 'A' or 'A,B' (CPU numbers), got '" + text + "'");
        }
        for (int c : list) {
            if (c < 0) throw UsageError("--cpus: negative CPU in '" + text + "'");
            requireOnline(topo, c, "--cpus");
        }
        return Placement{list[0], list.size() > 1 ? list[1] : list[0]};
    }
    if (binding.empty() || binding == "none" || binding == "unbound") return Placement{};
    int a = baseCpu ? requireOnline(topo, *baseCpu, "--cpu") : topo.online().front();
    if (binding == "pinned" || binding == "same-cpu") return Placement{a, a};
    if (binding == "cross-ht") {
        auto b = topo.htSibling(a);
        if (!b)
            throw UnsupportedError("--binding cross-ht: CPU " + std::to_string(a) +
                                   " has no online SMT sibling (thread_siblings_list in sysfs)");
        return Placement{a, *b};
    }
    if (binding == "cross-socket") {
        auto b = topo.otherSocketCpu(a);
        if (!b)
            throw UnsupportedError("--binding cross-socket: no online CPU outside package " +
                                   std::to_string(topo.packageId(a)) + " of CPU " + std::to_string(a));
        return Placement{a, *b};
    }
    throw UsageError("--binding: unknown binding '" + std::string(binding) +
                     "' (expected none, pinned, cross-ht or cross-socket)");
}

std::string checkSide(std::string_view role, bool wantDisable, int wantCpu,
                      const SideReport& r, bool& unsupported) {
    unsupported = false;
    const std::string who = std::string(role);
    if (r.setupStep == 1)
        return who + ": cannot pin to CPU " + std::to_string(wantCpu) + ": " + std::strerror(r.setupErrno);
    if (wantCpu >= 0 && r.cpu != wantCpu)
        return who + ": runs on CPU " + std::to_string(r.cpu) + " after pinning to CPU " +
               std::to_string(wantCpu);
    SpecState before{r.maskBefore, r.getErrno};
    SpecState after{r.maskAfter, r.getErrno};
    if (!before.ok())
        return who + ": PR_GET_SPECULATION_CTRL(INDIRECT_BRANCH) failed: " + describe(before);
    if (wantDisable) {
        if (!before.perTaskControl()) {
            unsupported = true;
            return who + ": cannot disable indirect-branch speculation: " + noPerTaskIbControlHint(before);
        }
        if (r.setupStep == 2)
            return who + ": PR_SET_SPECULATION_CTRL(INDIRECT_BRANCH, DISABLE) failed: " +
                   std::strerror(r.setupErrno) + " (state was " + describe(before) + ")";
        if (!after.ok() || !(after.mask & (spec::kDisable | spec::kForceDisable)))
            return who + ": PR_SET_SPECULATION_CTRL(INDIRECT_BRANCH, DISABLE) did not take effect: "
                         "read back " + describe(after) + "; refusing to measure";
        return {};
    }
    if (after.ok() && (after.mask & (spec::kDisable | spec::kForceDisable)) && (after.mask & spec::kPrctl))
        return who + ": indirect-branch speculation is already disabled for this task (" +
               describe(after) + ", inherited?), so this is not the requested mode; refusing to measure";
    return {};
}

}  // namespace mmtp::pipepingpong
