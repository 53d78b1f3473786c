#include "common/options.hpp"

#include "base/errors.hpp"

#include <cstdlib>
#include <iostream>

namespace mmtp {

ParsedOptions parseOptions(int argc, const char* const argv[],
                           const po::options_description& desc,
                           const EnvNames& envNames) {
    ParsedOptions out;
    try {
        po::store(po::command_line_parser(argc, argv).options(desc).run(), out.vm);
        // parse_environment maps every variable through the function; names
        // that map to "" are ignored.
        po::store(po::parse_environment(desc,
                      [&envNames](const std::string& var) -> std::string {
                          for (const auto& [opt, env] : envNames)
                              if (env == var) {
                                  const char* v = std::getenv(var.c_str());
                                  // An exported-but-empty config variable means "unset".
                                  return (v && *v) ? opt : std::string();
                              }
                          return {};
                      }),
                  out.vm);
        out.helpRequested = out.vm.count("help") > 0;
        if (!out.helpRequested) po::notify(out.vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    return out;
}

void printUsage(const std::string& prog, const std::string& summary,
                const po::options_description& desc) {
    std::cout << "usage: " << prog << " [options]\n" << summary << "\n\n" << desc << "\n";
}

}  // namespace mmtp
