#include "base/errors.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>
#include <stdexcept>

namespace mmtp {

std::string errnoMessage(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

std::string describeUnexpected(const std::exception& e) {
    // Library messages ("std::bad_alloc", "basic_string::_M_create", "stoi")
    // say nothing to a user: name what happened, keep the text for a report.
    if (dynamic_cast<const std::bad_alloc*>(&e)) return "out of memory";
    if (dynamic_cast<const std::length_error*>(&e))
        return std::string("out of memory: a size beyond what this program can hold (") + e.what() + ")";
    if (dynamic_cast<const std::filesystem::filesystem_error*>(&e)) return e.what();  // names op, path, errno
    if (dynamic_cast<const std::system_error*>(&e)) return e.what();
    return std::string("internal error: ") + e.what();
}

int runReportingErrors(const char* prog, const std::function<int()>& body) {
    return runReportingErrors(prog, std::cerr, body);
}

int runReportingErrors(const char* prog, std::ostream& err, const std::function<int()>& body) {
    int code = kExitFailure;
    std::string message;
    try {
        return body();
    } catch (const Error& e) {
        code = e.code();
        message = e.what();
    } catch (const std::exception& e) {
        message = describeUnexpected(e);
    } catch (...) {
        message = "internal error: unknown exception";
    }
    std::cout.flush();  // progress lines first, then the one error line
    err << prog << ": " << message << std::endl;
    return code;
}

}  // namespace mmtp
