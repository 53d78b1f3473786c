#include "load/command_line.hpp"

#include "base/errors.hpp"

#include <cstdlib>
#include <sstream>

namespace po = boost::program_options;

namespace mmtp::compare {

int withFailuresAsErrors(const std::function<int()>& body) {
    try {
        return body();
    } catch (const Error&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw Error(e.what());
    }
}

po::variables_map parseCommandLine(int argc, const char* const argv[], const po::options_description& desc) {
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(desc).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(std::string(e.what()) + " (see --help)");
    }
    return vm;
}

std::vector<std::string> splitRunNames(const std::string& list) {
    std::vector<std::string> out;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ',')) out.push_back(item);
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

std::optional<std::filesystem::path> mmtestsDirOrEnv(const std::optional<std::string>& option) {
    if (option) return std::filesystem::path(*option);
    if (const char* env = std::getenv("MMTESTS_DIR"); env && *env) return std::filesystem::path(env);
    return std::nullopt;
}

std::vector<std::filesystem::path> treeBoundary(const std::filesystem::path& tree,
                                                const std::optional<std::filesystem::path>& mmtestsDir,
                                                bool followOutsideLinks) {
    if (followOutsideLinks) return {};
    std::vector<std::filesystem::path> roots{tree};
    if (mmtestsDir) roots.push_back(*mmtestsDir);
    return roots;
}

}  // namespace mmtp::compare
