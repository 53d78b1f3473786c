#include "input/boot_record.hpp"

#include "input/bounded_read.hpp"

#include <algorithm>

namespace mmtp::compare {

std::string readBootId(const std::filesystem::path& iterDir, Warnings& warnings) {
    const std::filesystem::path file = iterDir / "boot-id";
    ReadLimits limits;
    limits.fileBytes = kBootIdMaxBytes + 1;
    std::optional<std::string> text;
    try {
        text = readRegularFile(file, limits);
    } catch (const InputError& e) {
        warnings.push_back(std::string(e.what()) + "; its iteration counts as the run's own boot");
        return "";
    }
    if (!text) return "";
    std::string id = *text;
    while (!id.empty() && id.back() == '\n') id.pop_back();
    bool plain = !id.empty() && id.size() <= kBootIdMaxBytes && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '-';
    });
    if (!plain) {
        warnings.push_back(file.string() + ": not a boot id; its iteration counts as the run's own boot");
        return "";
    }
    return id;
}

}  // namespace mmtp::compare
