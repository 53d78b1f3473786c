#include "kernels/preamble.hpp"

#include <cstdio>

namespace mmtp::compare {

namespace {

std::string padded(const std::string& label) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%-40s", label.c_str());
    return buf;
}

// One "only when they differ" section: the heading, then one line per run.
template <typename Value, typename Row>
std::string sectionIfDiffering(const std::vector<RunSettings>& runs, const char* heading, Value value, Row row) {
    bool differ = false;
    std::string rows;
    const RunSettings* first = nullptr;
    for (const RunSettings& r : runs) {
        const std::string* v = value(r);
        if (!v) continue;
        if (!first) first = &r;
        else if (*v != *value(*first)) differ = true;
        rows += row(r.run, *v);
    }
    return differ ? std::string(heading) + "\n" + rows : "";
}

}  // namespace

std::string renderPreambleText(const std::vector<RunSettings>& runs) {
    auto plainRow = [](const std::string& run, const std::string& v) { return padded(run + ":") + " " + v + "\n"; };
    std::string out;
    out += sectionIfDiffering(
        runs, "Test kernel command lines", [](const RunSettings& r) { return r.cmdline ? &*r.cmdline : nullptr; },
        plainRow);
    out += sectionIfDiffering(runs, "Test LSM module order", [](const RunSettings& r) { return &r.lsm; }, plainRow);
    out += sectionIfDiffering(runs, "Test Preemption Dynamic Settings",
                              [](const RunSettings& r) { return &r.preempt; }, plainRow);
    out += sectionIfDiffering(runs, "Test CState latencies", [](const RunSettings& r) { return &r.cpuidle; },
                              [](const std::string& run, const std::string& v) {
                                  return "CState exit latencies: " + padded(run + ":") + "\n" + v + "\n";
                              });
    bool storageHeading = false;  // printed once, before the first run that has one; rows always
    for (const RunSettings& r : runs) {
        if (r.ioSchedulers.empty()) continue;
        if (!storageHeading) out += "Storage scheduler\n";
        storageHeading = true;
        for (const std::string& row : r.ioSchedulers) out += row + "\n";
    }
    for (const RunSettings& r : runs) {
        if (r.kernelWarnings.empty()) continue;
        out += "Test " + r.run + " produced warnings or oops\n";
        for (const std::string& w : r.kernelWarnings) out += w + "\n";
        out += "\n";
    }
    return out;
}

}  // namespace mmtp::compare
