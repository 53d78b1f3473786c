#include "common/errors.hpp"

#include <cerrno>
#include <cstring>

namespace mmtp {

std::string errnoMessage(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

}  // namespace mmtp
