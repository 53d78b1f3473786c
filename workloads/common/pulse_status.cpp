#include "common/pulse_status.hpp"

#include "base/atomic_file.hpp"

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

}  // namespace mmtp
