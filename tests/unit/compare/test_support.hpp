// Scratch log trees for the compare-mmtests tests.
#pragma once
#include "base/errors.hpp"
#include "core/rows.hpp"
#include "load/command_line.hpp"
#include "compare-mmtests/compare_app.hpp"

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <future>
#include <sys/stat.h>
#include <unistd.h>
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

// A FIFO with a writer held open, so a reader that opens it blocking would
// wait for data forever (a hostile log tree's FIFO, with a writer, behaves so).
class FifoWithWriter {
public:
    explicit FifoWithWriter(const std::filesystem::path& path) {
        std::filesystem::create_directories(path.parent_path());
        ::mkfifo(path.c_str(), 0644);
        writer_ = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    }
    ~FifoWithWriter() { closeWriter(); }
    FifoWithWriter(const FifoWithWriter&) = delete;
    FifoWithWriter& operator=(const FifoWithWriter&) = delete;
    void closeWriter() {
        if (writer_ >= 0) ::close(writer_);
        writer_ = -1;
    }

private:
    int writer_ = -1;
};

// Calls f on a thread. If it is still blocked after 5 s, closes the FIFO's
// writer so that it returns (EOF), and says it hung. f's exceptions are the
// caller's to capture inside f.
template <class F>
bool returnsPromptly(FifoWithWriter& fifo, F f) {
    auto done = std::async(std::launch::async, f);
    if (done.wait_for(std::chrono::seconds(5)) == std::future_status::ready) return true;
    fifo.closeWriter();
    done.wait();
    return false;
}

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

// Rows as "metric@interval=value", for comparing a parser's rows whole.
inline std::vector<std::string> cells(const mmtp::compare::Rows& rows) {
    std::vector<std::string> out;
    for (const mmtp::compare::Row& r : rows) out.push_back(r.metric + "@" + r.interval + "=" + r.value);
    return out;
}

}  // namespace compare_test
