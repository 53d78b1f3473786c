// matrix_spec.hpp - a mitigation matrix file (README.md beside this file):
// the rows to boot (kernel, cmdline, the state each must show), the config
// each boot runs, and the schedule (order, boots per row, a budget).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

// "FILE: TEXT": /sys/devices/system/cpu/vulnerabilities/FILE must start with TEXT.
struct VulnerabilityExpectation {
    std::string file;
    std::string prefix;
};

struct MatrixRow {
    std::string name;     // the run name in DIR/log (validated as one)
    std::string kernel;   // an image path, or "running"
    std::string initrd;   // empty: none (qemu builds its own)
    std::string cmdline;  // added to the kernel command line
    std::vector<VulnerabilityExpectation> expect;
    std::vector<std::string> expectDmesg;  // substrings some dmesg line must hold
    std::filesystem::path config;          // this row's config: its own, else the matrix's
    bool runningKernel() const { return kernel == "running"; }
};

inline constexpr int kMaxIterationsPerBoot = 1000;

enum class BootOrder { Interleaved, Mirrored };

struct MatrixSpec {
    std::filesystem::path file;
    std::filesystem::path config;  // the rows' default; resolved against the matrix file's folder
    std::vector<MatrixRow> rows;
    BootOrder order = BootOrder::Interleaved;
    int bootsPerRow = 2;
    // iterations-per-boot (or --iterations-per-boot): the config's iterations
    // each boot runs, its samples; 0: each row's config's MMTEST_ITERATIONS.
    int iterationsPerBoot = 0;
    int budgetBoots = 0;  // 0: rows x boots-per-row x 2
    long long budgetSeconds = 3600;
    int bootTimeoutSeconds = 300;
    int guestMemoryMiB = 512;
    int guestCpus = 2;
    std::string guestCpuModel = "EPYC-Rome";
    int guestScratchMiB = 256;  // the guest's scratch disk (a sparse file; a workload that names a scratch-disk need gets it)
    // kexec: the command line every row's own is added to (root=... ro ...).
    std::string baseCmdline;
    // --until-decided: the metrics that must be decided (compare-kernels
    // --metric; empty: every metric) and the no-change threshold in percent.
    std::string decideMetric;
    double decideThresholdPct = 5;
};

// Parses FILE; ${NAME} in a value is taken from the environment. Throws
// UsageError "FILE:LINE: ..." on anything it does not understand.
MatrixSpec parseMatrixFile(const std::filesystem::path& file);
MatrixSpec parseMatrixText(const std::string& text, const std::filesystem::path& file);

// The MMTEST_ITERATIONS a config sets ("export MMTEST_ITERATIONS=N", read as
// text: the host runs no config), 0 when it sets none.
int configIterations(const std::filesystem::path& config);

// The iterations each boot of `row` runs: iterations-per-boot, else its
// config's MMTEST_ITERATIONS, else 1. Throws UsageError above kMaxIterationsPerBoot.
int bootIterations(const MatrixSpec& spec, const MatrixRow& row);

// A digest of the matrix file's bytes, the rows' kernels and cmdlines after
// ${NAME} expansion, and each config's bytes: a resumed schedule refuses a
// matrix or config that changed under it.
std::string matrixDigest(const MatrixSpec& spec);

}  // namespace mmtp::matrix
