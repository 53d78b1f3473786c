// atomic_file.hpp - results are written to "NAME.tmp.PID" and renamed to NAME
// only when complete, so a failed or interrupted run never leaves a
// half-written log that a parser would read as a result.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

namespace mmtp {

class AtomicFile {
public:
    explicit AtomicFile(std::filesystem::path target);
    ~AtomicFile();  // removes the temp file unless commit() ran
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    std::ostream& stream() { return out_; }
    // Flushes, fsyncs and renames onto the target. Throws Error on failure.
    void commit();

private:
    std::filesystem::path target_;
    std::filesystem::path temp_;
    std::ofstream out_;
    bool committed_ = false;
};

// Writes the whole text atomically.
void writeFileAtomically(const std::filesystem::path& target, const std::string& text);

}  // namespace mmtp
