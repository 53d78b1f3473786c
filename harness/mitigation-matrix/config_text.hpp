// config_text.hpp - what the host learns from a row's config without running
// it: the config is shell code (often someone else's), and the qemu backend
// runs it only inside the throwaway guest. The host reads its one plain
// `MMTESTS=` assignment as text, to know which workloads the guest needs.
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

// A config read as text: at most this many bytes (as the matrix file).
inline constexpr std::size_t kMaxConfigTextBytes = 1 << 20;

// A character of a plain name: letters, digits, `. _ + -` (a benchmark, a program).
bool plainNameChar(char c);

// The benchmarks of `[export] MMTESTS="a b"` (or 'a b', or a single bare
// word), set on exactly one line. Throws UsageError naming the file and line
// when there is none, more than one, or a value that is not plain names
// (letters, digits, `. _ + -`): an expansion or command would need the
// config to run.
std::vector<std::string> benchesFromConfigText(const std::string& text, const std::filesystem::path& file);
// The same for the file (read bounded, never executed).
std::vector<std::string> benchesFromConfig(const std::filesystem::path& config);

}  // namespace mmtp::matrix
