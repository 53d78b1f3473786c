// lava_jobs.cpp - the matrix as LAVA jobs (lava_jobs.hpp).
#include "mitigation-matrix/lava_jobs.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "mitigation-matrix/lava_guest.hpp"
#include "mitigation-matrix/qemu_backend.hpp"
#include "mitigation-matrix/schedule.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <yaml-cpp/yaml.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// Deploying copies the kernel and a 30 MB ramdisk: minutes to spare.
constexpr int kDeployMinutes = 5;

bool plainName(const std::string& s) {
    if (s.empty() || s.size() > 64) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

int minutesFor(int seconds) { return (seconds + 59) / 60; }

void timeout(YAML::Emitter& y, const char* key, int minutes) {
    y << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "minutes" << YAML::Value
      << minutes << YAML::EndMap;
}

void metadata(YAML::Emitter& y, const LavaJob& job) {
    y << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "matrix" << YAML::Value << job.matrix;
    y << YAML::Key << "machine" << YAML::Value << job.machine.name;
    y << YAML::Key << "row" << YAML::Value << job.row->name;
    y << YAML::Key << "round" << YAML::Value << job.round;
    y << YAML::Key << "iteration" << YAML::Value << job.iteration;
    y << YAML::Key << "boot" << YAML::Value << job.boot;
    y << YAML::Key << "cmdline" << YAML::Value << job.row->cmdline;
    y << YAML::EndMap;
}

void deploy(YAML::Emitter& y, const LavaJob& job) {
    y << YAML::BeginMap << YAML::Key << "deploy" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "to" << YAML::Value << "tmpfs";
    timeout(y, "timeout", kDeployMinutes);
    y << YAML::Key << "images" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "kernel" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "url" << YAML::Value << job.kernelUrl;
    y << YAML::Key << "image_arg" << YAML::Value
      << "-kernel {kernel} -append " + lavaKernelArg(*job.row, job.guestArgs);
    y << YAML::EndMap;
    y << YAML::Key << "ramdisk" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "url" << YAML::Value << job.ramdiskUrl;
    y << YAML::Key << "image_arg" << YAML::Value << "-initrd {ramdisk}";
    y << YAML::EndMap << YAML::EndMap << YAML::EndMap << YAML::EndMap;
}

void boot(YAML::Emitter& y, int timeoutSeconds) {
    y << YAML::BeginMap << YAML::Key << "boot" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "method" << YAML::Value << "qemu";
    y << YAML::Key << "media" << YAML::Value << "tmpfs";
    timeout(y, "timeout", minutesFor(timeoutSeconds));
    // The guest's files come before this prompt, on the console.
    y << YAML::Key << "prompts" << YAML::Value << YAML::Flow << YAML::BeginSeq << kLavaPrompt << YAML::EndSeq;
    y << YAML::EndMap << YAML::EndMap;
}

std::string fileUrl(const fs::path& file) { return "file://" + fs::absolute(file).string(); }

}  // namespace

LavaMachine parseMachine(const std::string& text) {
    const auto eq = text.find('=');
    LavaMachine m{text.substr(0, eq), eq == std::string::npos ? "" : text.substr(eq + 1)};
    if (!plainName(m.name) || !plainName(m.deviceType))
        throw UsageError("--machine " + text.substr(0, 100) +
                         ": want NAME=DEVICE-TYPE, each of letters, digits, '-', '_', '.'");
    return m;
}

std::string lavaKernelArg(const MatrixRow& row, const std::string& guestArgs) {
    std::string args = guestArgs;
    if (!row.cmdline.empty()) args += " " + row.cmdline;
    // LAVA splits the qemu command as a shell would: one double-quoted word.
    std::string quoted = "\"";
    for (char c : args) {
        if (c == '"' || c == '\\' || c == '$' || c == '`') quoted += '\\';
        quoted += c;
    }
    return quoted + "\"";
}

std::string lavaJobYaml(const LavaJob& job, int timeoutSeconds) {
    YAML::Emitter y;
    y << YAML::BeginMap;
    y << YAML::Key << "job_name" << YAML::Value
      << job.matrix + " " + job.row->name + " boot " + std::to_string(job.boot) + " on " + job.machine.name;
    y << YAML::Key << "device_type" << YAML::Value << job.machine.deviceType;
    y << YAML::Key << "tags" << YAML::Value << YAML::Flow << YAML::BeginSeq << job.machine.name << YAML::EndSeq;
    y << YAML::Key << "visibility" << YAML::Value << "public";
    y << YAML::Key << "priority" << YAML::Value << "medium";
    y << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap;
    timeout(y, "job", kDeployMinutes + minutesFor(timeoutSeconds) + 2);
    timeout(y, "action", minutesFor(timeoutSeconds));
    timeout(y, "connection", 2);
    y << YAML::EndMap;
    y << YAML::Key << "context" << YAML::Value << YAML::BeginMap << YAML::Key << "arch" << YAML::Value << "amd64"
      << YAML::EndMap;
    metadata(y, job);
    y << YAML::Key << "actions" << YAML::Value << YAML::BeginSeq;
    deploy(y, job);
    boot(y, timeoutSeconds);
    y << YAML::EndSeq << YAML::EndMap;
    return std::string(y.c_str()) + "\n";
}

std::string qemuDeviceYaml(const MatrixSpec& spec, bool kvm) {
    YAML::Emitter y;
    y << YAML::BeginMap;
    y << YAML::Key << "available_architectures" << YAML::Value << YAML::Flow << YAML::BeginSeq << "amd64"
      << "x86_64" << YAML::EndSeq;
    y << YAML::Key << "constants" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "shutdown-message" << YAML::Value << "The system is going down for reboot NOW";
    y << YAML::Key << "kernel-start-message" << YAML::Value << "Linux version [0-9]";
    y << YAML::Key << "default-shell-prompt" << YAML::Value << kLavaPrompt;
    y << YAML::Key << "spawn_maxread" << YAML::Value << "4092";
    y << YAML::Key << "posix" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "lava_test_sh_cmd" << YAML::Value << "/bin/sh";
    y << YAML::Key << "lava_test_results_dir" << YAML::Value << "/lava-%s";
    y << YAML::Key << "lava_test_shell_file" << YAML::Value << "~/.profile";
    y << YAML::EndMap;
    y << YAML::Key << "boot_retry" << YAML::Value << 0 << YAML::Key << "failure_retry" << YAML::Value << 0;
    y << YAML::EndMap;
    y << YAML::Key << "commands" << YAML::Value << YAML::BeginMap << YAML::EndMap;
    y << YAML::Key << "actions" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "deploy" << YAML::Value << YAML::BeginMap << YAML::Key << "methods" << YAML::Value
      << YAML::BeginMap << YAML::Key << "image" << YAML::Value << YAML::BeginMap << YAML::Key << "parameters"
      << YAML::Value << YAML::BeginMap << YAML::EndMap << YAML::EndMap << YAML::EndMap << YAML::EndMap;
    y << YAML::Key << "boot" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "connections" << YAML::Value << YAML::BeginMap << YAML::Key << "serial" << YAML::Value
      << YAML::BeginMap << YAML::EndMap << YAML::EndMap;
    y << YAML::Key << "methods" << YAML::Value << YAML::BeginMap << YAML::Key << "qemu" << YAML::Value << YAML::BeginMap
      << YAML::Key << "parameters" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "command" << YAML::Value << "qemu-system-x86_64";
    y << YAML::Key << "options" << YAML::Value << YAML::BeginSeq;
    y << (kvm ? "-accel kvm -cpu host" : "-accel tcg -cpu " + spec.guestCpuModel);
    y << "-m " + std::to_string(spec.guestMemoryMiB) << "-smp " + std::to_string(spec.guestCpus);
    y << "-nographic"
      << "-nodefaults"
      << "-serial mon:stdio"
      << "-no-reboot";
    y << YAML::EndSeq << YAML::Key << "extra" << YAML::Value << YAML::BeginSeq << YAML::EndSeq;
    y << YAML::EndMap << YAML::EndMap << YAML::EndMap << YAML::EndMap << YAML::EndMap;
    y << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap << YAML::Key << "actions" << YAML::Value
      << YAML::BeginMap << YAML::EndMap << YAML::Key << "connections" << YAML::Value << YAML::BeginMap << YAML::EndMap
      << YAML::EndMap;
    y << YAML::EndMap;
    return std::string(y.c_str()) + "\n";
}

void emitLavaJobs(const MatrixSpec& spec, const std::vector<LavaMachine>& machines, const fs::path& dir,
                  const fs::path& binDir) {
    // Each row's kernel as a schedule would bind it (its release is checked in the guest).
    std::map<std::string, KernelIdentity> kernels;
    for (const auto& row : spec.rows) {
        kernels[row.name] = identifyKernel(kernelImage(row));
        needImage(row, kernels[row.name]);
    }
    const auto ramdisks = writeRowRamdisks(spec, kernels, binDir, dir / "ramdisk");
    const Accel accel = chooseAccel();
    // The schedule's order: every machine runs every row, whole.
    const ScheduleState plan = initialState(spec, matrixDigest(spec), 0);
    std::string manifest = "# machine\tdevice-type\tround\trow\titeration\tboot\tjob\n";
    for (const auto& machine : machines) {
        std::map<std::string, int> seen;
        for (const auto& b : plan.boots) {
            const MatrixRow& row =
                *std::find_if(spec.rows.begin(), spec.rows.end(), [&](const MatrixRow& r) { return r.name == b.row; });
            const int round = ++seen[row.name];
            const LavaJob job{spec.file.filename().string(),
                              machine,
                              &row,
                              round,
                              (round - 1) * bootIterations(spec, row),
                              b.number,
                              fileUrl(kernels.at(row.name).image),
                              fileUrl(ramdisks.at(row.name)),
                              guestCmdline(accel)};
            char number[16];
            std::snprintf(number, sizeof number, "%03d", b.number);
            const fs::path rel = fs::path("jobs") / machine.name / (std::string(number) + "-" + row.name + ".yaml");
            fs::create_directories(dir / rel.parent_path());
            writeFileAtomically(dir / rel, lavaJobYaml(job, spec.bootTimeoutSeconds));
            manifest += machine.name + "\t" + machine.deviceType + "\t" + std::to_string(round) + "\t" + row.name +
                        "\t" + std::to_string(job.iteration) + "\t" + std::to_string(b.number) + "\t" + rel.string() +
                        "\n";
        }
    }
    writeFileAtomically(dir / "manifest.tsv", manifest);
    writeFileAtomically(dir / "device-qemu.yaml", qemuDeviceYaml(spec, accel == Accel::Kvm));
}

}  // namespace mmtp::matrix
