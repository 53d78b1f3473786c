#include "base/errors.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>

namespace mmtp {

std::string errnoMessage(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

int runReportingErrors(const char* prog, const std::function<int()>& body) {
    return runReportingErrors(prog, std::cerr, body);
}

int runReportingErrors(const char* prog, std::ostream& err, const std::function<int()>& body) {
    try {
        return body();
    } catch (const Error& e) {
        err << prog << ": " << e.what() << std::endl;
        return e.code();
    } catch (const std::exception& e) {
        err << prog << ": " << e.what() << std::endl;
        return kExitFailure;
    }
}

}  // namespace mmtp
