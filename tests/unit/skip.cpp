#include "skip.hpp"

namespace mmtp::test {

namespace {
std::vector<std::pair<std::string, std::string>>& skips() {
    static std::vector<std::pair<std::string, std::string>> list;
    return list;
}
}  // namespace

void recordSkip(const std::string& reason) {
    skips().emplace_back(Catch::getResultCapture().getCurrentTestName(), reason);
}

const std::vector<std::pair<std::string, std::string>>& skippedTests() { return skips(); }

}  // namespace mmtp::test
