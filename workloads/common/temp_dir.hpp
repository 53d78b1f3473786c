// temp_dir.hpp - a private temporary directory that is removed, with all it
// holds, when the object goes away (success, exception or interrupt). After a
// SIGKILL nothing runs, so the name carries our pid and the next TempDir with
// the same prefix removes the directories of ours whose pid is gone.
#pragma once
#include <filesystem>
#include <string>

namespace mmtp {

class TempDir {
public:
    // mkdtemp("<parent>/<prefix>-<pid>-XXXXXX"); parent defaults to $TMPDIR or /tmp.
    explicit TempDir(const std::string& prefix = "mmtp",
                     const std::filesystem::path& parent = {});
    ~TempDir();
    TempDir(TempDir&& other) noexcept;
    TempDir& operator=(TempDir&& other) noexcept;
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Removes it now (idempotent); errors are ignored.
    void remove() noexcept;

private:
    std::filesystem::path path_;
};

}  // namespace mmtp
