// errors.hpp - the exceptions workloads throw; main() catches them once,
// prints "PROG: message" on one line and exits with the code they carry.
#pragma once
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>

namespace mmtp {

// Exit codes shared by all workloads (each workload may add its own above 10).
enum ExitCode : int {
    kExitOk = 0,
    kExitFailure = 1,   // the run failed (server died, IO error, ...)
    kExitUsage = 2,     // bad option or config value
    kExitUnsupported = 3, // the machine cannot do what was asked (e.g. no prctl control)
    kExitInterrupted = 130, // SIGINT/SIGTERM: cleaned up, no result written
};

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& msg, int code = kExitFailure)
        : std::runtime_error(msg), code_(code) {}
    int code() const { return code_; }
private:
    int code_;
};

struct UsageError : Error {
    explicit UsageError(const std::string& msg) : Error(msg, kExitUsage) {}
};

struct UnsupportedError : Error {
    explicit UnsupportedError(const std::string& msg) : Error(msg, kExitUnsupported) {}
};

// "what: strerror(errno)"
std::string errnoMessage(const std::string& what);

// A library exception (std::bad_alloc, std::length_error, ...) in words a
// user can act on; used for anything that is not an Error.
std::string describeUnexpected(const std::exception& e);

// Runs a program's body, the one place errors are caught: prints
// "PROG: message" on one line and returns the Error's exit code
// (kExitFailure for any other exception, reworded by describeUnexpected).
int runReportingErrors(const char* prog, const std::function<int()>& body);
// The same, with the message on err (tests read it from a string stream).
int runReportingErrors(const char* prog, std::ostream& err, const std::function<int()>& body);

}  // namespace mmtp
