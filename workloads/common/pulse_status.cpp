#include "common/pulse_status.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"

#include <fstream>

namespace fs = std::filesystem;

namespace mmtp {

void writePulseStatus(const fs::path& logdir, const std::string& mode, bool ok, long detail) {
    writeFileAtomically(logdir / kPulseStatusFile,
                        std::string(ok ? "ok " : "failed ") + mode + " " + std::to_string(detail) + "\n");
}

std::string checkPulseStatus(const fs::path& logdir, const std::string& mode) {
    const fs::path p = logdir / kPulseStatusFile;
    std::ifstream in(p);
    if (!in) return "no " + p.string() + " (did ibpb-pulse run before this benchmark?)";
    std::string word, seen;
    in >> word >> seen;
    if (word != "ok") return p.string() + " says the pulses failed (" + word + " " + seen + ")";
    if (seen != mode) return p.string() + " records mode '" + seen + "', not '" + mode + "'";
    return {};
}

OptionSpec afterPulseOption(const char* envVar) {
    return choiceOption("after-ibpb-pulse", 0, envVar, nullptr, "sham|protect",
                        "refuse to measure (exit 1) unless the ibpb-pulse benchmark just before this one "
                        "(LOGDIR/../../ibpb-pulse/logs/ibpb-pulse.status) succeeded in that mode");
}

std::string afterPulseMode(const OptionValues& v) {
    return v.has("after-ibpb-pulse") ? v.text("after-ibpb-pulse") : std::string();
}

fs::path pulseLogsBeside(const fs::path& logdir) {
    auto logs = fs::absolute(logdir).lexically_normal();
    if (!logs.has_filename()) logs = logs.parent_path();  // "…/logs/"
    return logs.parent_path().parent_path() / "ibpb-pulse" / "logs";
}

void requirePulseBefore(const std::string& mode, const fs::path& logdir) {
    if (mode.empty()) return;
    if (std::string why = checkPulseStatus(pulseLogsBeside(logdir), mode); !why.empty())
        throw Error("--after-ibpb-pulse " + mode + ": refusing to measure: " + why);
}

}  // namespace mmtp
