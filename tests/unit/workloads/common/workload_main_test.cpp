// The one main shape: --help, exit codes, one reworded line for library
// exceptions, and the log-directory preflight.
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/workload_main.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <unistd.h>
#include <iostream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

using namespace mmtp;

namespace {

// Captures what a call writes to std::cout and std::cerr.
struct Captured {
    int code = -1;
    std::string out, err;
};

template <class F> Captured capture(F f) {
    std::ostringstream out, err;
    auto* oldOut = std::cout.rdbuf(out.rdbuf());
    auto* oldErr = std::cerr.rdbuf(err.rdbuf());
    Captured c;
    try {
        c.code = f();
    } catch (...) {
        std::cout.rdbuf(oldOut);
        std::cerr.rdbuf(oldErr);
        throw;
    }
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    c.out = out.str();
    c.err = err.str();
    return c;
}

const OptionTable& table() {
    static const OptionTable t({integerOption("loops", 'l', "", "10", 1, 100, "loops")});
    return t;
}

Captured runWith(std::vector<const char*> args, std::function<int(const OptionValues&)> body) {
    args.insert(args.begin(), "prog");
    return capture([&] {
        return runWorkloadMain({"prog", "Summary.", table(), nullptr}, static_cast<int>(args.size()), args.data(),
                               body);
    });
}

int succeed(const OptionValues&) { return kExitOk; }

}  // namespace

TEST_CASE("the shared main answers --help and --print-option without running the body") {
    bool ran = false;
    auto body = [&ran](const OptionValues&) { ran = true; return kExitOk; };
    Captured h = runWith({"--help"}, body);
    CHECK(h.code == kExitOk);
    CHECK(h.out.find("usage: prog [options]\nSummary.") == 0);
    Captured p = runWith({"--print-option", "loops"}, body);
    CHECK(p.code == kExitOk);
    CHECK(p.out == "10\n");
    CHECK(runWith({"-l", "5", "--print-option", "loops"}, body).out == "5\n");
    CHECK_FALSE(ran);
    CHECK(runWith({"--print-option", "nope"}, body).err == "prog: --print-option: no option --nope\n");
}

TEST_CASE("usage errors end as one line naming the program, exit 2") {
    Captured c = runWith({"--loops", "-1"}, succeed);
    CHECK(c.code == kExitUsage);
    CHECK(c.err == "prog: --loops: must be between 1 and 100 (got -1)\n");
    Captured extra = runWith({"5"}, succeed);
    CHECK(extra.code == kExitUsage);
    CHECK(extra.err == "prog: unexpected argument '5': this program takes only options (see --help)\n");
}

TEST_CASE("each kind of error keeps its exit code") {
    CHECK(runWith({}, succeed).code == kExitOk);
    CHECK(runWith({}, [](const OptionValues&) -> int { throw UnsupportedError("no prctl"); }).code == kExitUnsupported);
    CHECK(runWith({}, [](const OptionValues&) -> int { throw Error("gone", kExitInterrupted); }).code == kExitInterrupted);
    CHECK(runWith({}, [](const OptionValues&) -> int { throw Error("broke"); }).err == "prog: broke\n");
    CHECK(runWith({}, [](const OptionValues&) { return 8; }).code == 8);  // a workload's own code passes through
}

TEST_CASE("library exceptions never reach the user unreworded") {
    Captured oom = runWith({}, [](const OptionValues&) -> int { throw std::bad_alloc(); });
    CHECK(oom.code == kExitFailure);
    CHECK(oom.err == "prog: out of memory\n");
    Captured len = runWith({}, [](const OptionValues&) -> int {
        volatile std::size_t n = std::string::npos;  // not folded: no size warning at -O2
        std::string huge(n, 'x');           // libstdc++: length_error "basic_string::_M_create"
        return static_cast<int>(huge.size());
    });
    CHECK(len.code == kExitFailure);
    CHECK(len.err.rfind("prog: out of memory: a size beyond what this program can hold", 0) == 0);
    Captured logic = runWith({}, [](const OptionValues&) -> int { throw std::out_of_range("stoi"); });
    CHECK(logic.err == "prog: internal error: stoi\n");
}

TEST_CASE("the log directory preflight refuses a directory nobody can write, before any run") {
    // /proc/1 exists and is a directory, and not even root can create a file there.
    CHECK_THROWS_WITH(requireWritableDir("/proc/1", "--logdir"),
                      Catch::StartsWith("--logdir /proc/1: cannot write there: "));
    CHECK_THROWS_WITH(requireWritableDir("/proc/1/x/y", "--logdir"),
                      Catch::StartsWith("--logdir /proc/1/x/y: cannot create the directory"));
    const auto dir = std::filesystem::temp_directory_path() / ("preflight-test-" + std::to_string(::getpid()));
    requireWritableDir(dir / "logs", "--logdir");
    CHECK(std::filesystem::is_directory(dir / "logs"));
    CHECK(std::filesystem::is_empty(dir / "logs"));  // the probe file is gone
    std::filesystem::remove_all(dir);
}

TEST_CASE("findExecutable searches PATH as execvp does") {
    CHECK(findExecutable("sh").find("/sh") != std::string::npos);
    CHECK(findExecutable("/nonexistent/redis-server").empty());
    CHECK(findExecutable("no-such-program-here").empty());
}

TEST_CASE("--estimate prints the workload's seconds with these values, or unknown, and runs nothing") {
    bool ran = false;
    auto body = [&ran](const OptionValues&) {
        ran = true;
        return kExitOk;
    };
    const DurationEstimate perLoop = [](const OptionValues& v) {
        return std::optional<double>(0.5 * double(v.integer("loops")));
    };
    auto estimateWith = [&](std::vector<const char*> args, DurationEstimate e) {
        args.insert(args.begin(), "prog");
        return capture([&] {
            return runWorkloadMain({"prog", "Summary.", table(), e}, static_cast<int>(args.size()), args.data(), body);
        });
    };
    CHECK(estimateWith({"--estimate"}, perLoop).out == "5\n");
    CHECK(estimateWith({"--estimate", "-l", "3"}, perLoop).out == "1.5\n");
    CHECK(estimateWith({"--estimate"}, [](const OptionValues&) {
              return std::optional<double>(45.300000000000004);
          }).out == "45.300000000000004\n");  // as computed: a caller sums what the workload did
    CHECK(estimateWith({"--estimate"}, nullptr).out == "unknown\n");
    CHECK(estimateWith({"--estimate"}, [](const OptionValues&) { return std::optional<double>(); }).out == "unknown\n");
    Captured bad = estimateWith({"--estimate", "-l", "500"}, perLoop);
    CHECK(bad.code == kExitUsage);
    CHECK(bad.err == "prog: --loops: must be between 1 and 100 (got 500)\n");
    CHECK_FALSE(ran);
}

TEST_CASE("--print-variables prints the table's variables and runs nothing") {
    static const OptionTable t({integerOption("loops", 'l', "PROG_LOOPS", "10", 1, 100, "loops"),
                                textOption("logdir", 0, "LOGDIR_RESULTS", nullptr, "logs")});
    const char* args[] = {"prog", "--print-variables"};
    bool ran = false;
    Captured c = capture([&] {
        return runWorkloadMain({"prog", "Summary.", t, nullptr}, 2, args, [&ran](const OptionValues&) {
            ran = true;
            return kExitOk;
        });
    });
    CHECK(c.code == kExitOk);
    CHECK(c.out == "PROG_LOOPS=10\n");
    CHECK_FALSE(ran);
}

TEST_CASE("--help ends the summary with the shared exit line, in the workload's words") {
    static const OptionTable plain({integerOption("loops", 'l', "", "10", 1, 100, "loops")});
    CHECK(exitLine({}, plain) == "Exit: 0 ok, 1 failure, 2 bad option, 130 interrupted.");
    CHECK(exitLine({.unsupported = "no /dev/null"}, plain) ==
          "Exit: 0 ok, 1 failure, 2 bad option, 3 no /dev/null, 130 interrupted.");
    CHECK(exitLine({"a benchmark failed", "bad arguments or config", "no bash"}, plain) ==
          "Exit: 0 ok, 1 a benchmark failed, 2 bad arguments or config, 3 no bash, 130 interrupted.");
    static const OptionTable pulsed({textOption("after-ibpb-pulse", 0, "", nullptr, "step")});
    CHECK(exitLine({.unsupported = "no redis-server here"}, pulsed) ==
          "Exit: 0 ok, 1 failure (also: the --after-ibpb-pulse step failed), 2 bad option, 3 no redis-server here, "
          "130 interrupted.");
}
