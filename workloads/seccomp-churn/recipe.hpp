// recipe.hpp - what one bogo-op's child does: set no_new_privs, attach the
// preset's seccomp filter(s) while timing each seccomp() call, run a few
// allowed syscalls (and optionally one the filter traps), exit.
#pragma once
#include "seccomp-churn/bpf_filters.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace mmtp::seccompchurn {

enum class Preset {
    StressNg,    // stress-ng's seccomp stressor: size search (8 filters) + final filter
    Libseccomp,  // seccomp_init / K x seccomp_rule_add / seccomp_load
    RawBpf,      // one classic-BPF program of K instructions via seccomp(2)
};

// Throws std::invalid_argument for an unknown name.
Preset parsePreset(std::string_view name);
std::string presetName(Preset p);

struct RecipeOptions {
    Preset preset = Preset::StressNg;
    unsigned rules = 16;    // Libseccomp: rules per filter (1 trap + K-1 EPERM rules)
    unsigned insns = 64;    // RawBpf: instructions per filter
    unsigned filters = 1;   // Libseccomp/RawBpf: filters stacked per child
    bool specAllow = false; // pass SECCOMP_FILTER_FLAG_SPEC_ALLOW on every attach
    bool trap = false;      // Libseccomp/RawBpf: end with getppid(), which the filter traps
    bool verify = false;    // child checks /proc/self/status (Seccomp: 2, Seccomp_filters)
};

// The stressor name in the metrics-brief row, the same for every preset:
// bops-seccomp then lines up with real stress-ng and across presets, so two
// presets compare row by row. What differs goes in the run's metadata
// (presetDescription, in the .extra file and the log's note line).
inline constexpr const char* kStressorName = "seccomp";

// The preset and the settings that shape it, e.g. "raw insns=64 filters=1
// spec-allow=yes trap=yes verify=no" (only the settings the preset uses).
std::string presetDescription(const RecipeOptions& o);

// Where a child leaves its measurements: in memory shared with its worker,
// written only by the one child alive at a time, read after waitpid().
struct ChildRecord {
    std::uint64_t filtersAttached = 0;  // successful attaches, all ops
    std::uint64_t attachCalls = 0;      // SET_MODE_FILTER calls incl. failed ones
    std::uint64_t samplesDropped = 0;
    std::uint32_t nSamples = 0;
    std::uint32_t capacity = 0;
    std::uint32_t* samples = nullptr;   // seccomp() latency in ns, successful attaches
    int failErrno = 0;                  // errno of the call that made a child exit kChildFailed
    char failCall[48] = {};             // ... and which call it was
    char ibSpeculation[48] = {};        // --verify: a child's SpeculationIndirectBranch after attaching
};

// Decided by the worker before fork (stress-ng draws these in the parent).
struct OpChoice {
    bool allowWrite = true;   // stress-ng: final filter allows write (else write traps)
    bool tryRandom = false;   // stress-ng: first try a random (rejected) program
    bool probeStrict = false; // stress-ng: the 1-in-16 SET_MODE_STRICT probes
    std::uint32_t seed = 1;
};

// Child exit codes.
enum ChildExit : int {
    kChildOk = 0,
    kChildFailed = 1,        // NNP or a required attach failed
    kChildVerifyFailed = 3,  // /proc/self/status does not show the filters
    kChildNotTrapped = 4,    // the syscall that should trap returned
    kChildTrapped = 255,     // SIGSYS handler ran (stress-ng's EXIT_TRAPPED)
};
std::string describeChildExit(int code);

class Recipe {
public:
    explicit Recipe(const RecipeOptions& o);
    const RecipeOptions& options() const { return opt_; }
    // Draws the per-op choices from a xorshift state (worker side).
    OpChoice choose(std::uint64_t& rng) const;
    int expectedExit(const OpChoice& c) const;
    // Runs in the forked child; never returns.
    [[noreturn]] void runChild(const OpChoice& c, ChildRecord& rec) const;

private:
    [[noreturn]] void stressNgChild(const OpChoice& c, ChildRecord& rec) const;
    [[noreturn]] void libseccompChild(ChildRecord& rec) const;
    [[noreturn]] void rawChild(ChildRecord& rec) const;

    RecipeOptions opt_;
    unsigned flags_ = 0;
    BpfProgram allowAll_;    // stress-ng size search (longest try)
    BpfProgram allowWrite_;  // stress-ng final filters
    BpfProgram denyWrite_;
    BpfProgram sized_;       // raw preset
};

struct SeccompStatus {
    int mode = -1;     // "Seccomp:" (2 = filter)
    int filters = -1;  // "Seccomp_filters:" (-1: kernel does not print it)
    std::string_view ibSpeculation;  // "SpeculationIndirectBranch:" value, e.g. "force disabled"
};
SeccompStatus parseSeccompStatus(std::string_view procStatus);

}  // namespace mmtp::seccompchurn
