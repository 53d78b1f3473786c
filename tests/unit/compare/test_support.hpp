// Scratch log trees for the compare-mmtests tests.
#pragma once
#include "base/errors.hpp"
#include "report/command_line.hpp"
#include "report/compare_app.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace compare_test {

// A temporary directory removed with everything in it at scope exit.
class ScratchTree {
public:
    ScratchTree() {
        std::string tmpl = (std::filesystem::temp_directory_path() / "compare-test-XXXXXX").string();
        root_ = ::mkdtemp(tmpl.data());
    }
    ~ScratchTree() {
        std::error_code ec;
        std::filesystem::remove_all(root_, ec);
    }
    ScratchTree(const ScratchTree&) = delete;
    ScratchTree& operator=(const ScratchTree&) = delete;

    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path write(const std::string& relative, const std::string& text) const {
        std::filesystem::path p = root_ / relative;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p) << text;
        return p;
    }

private:
    std::filesystem::path root_;
};

struct RunResult {
    int status;
    std::string out, err;
};

inline RunResult runCompare(std::vector<std::string> args) {
    args.insert(args.begin(), "compare-mmtests");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    int status = mmtp::runReportingErrors("compare-mmtests", err, [&] {
        return mmtp::compare::withFailuresAsErrors([&] {
            return mmtp::compare::compareMmtests(static_cast<int>(argv.size()), argv.data(), out, err);
        });
    });
    return {status, out.str(), err.str()};
}

}  // namespace compare_test
