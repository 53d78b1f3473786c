// options.hpp - command lines for the workloads, declared once with
// Boost.Program_options, with MMTests config variables as fallbacks.
//
// A workload declares its options in one options_description and names, for
// the options that have one, the config variable MMTests uses for the same
// parameter (e.g. "iterations" <- REDIS_ZPOPMIN_ITERATIONS). The command line
// wins over the environment; the environment wins over the default. That lets
// the same binary run from a shellpack (which exports the config) and by hand.
#pragma once
#include <boost/program_options.hpp>
#include <map>
#include <string>

namespace mmtp {

namespace po = boost::program_options;

// option name -> environment variable
using EnvNames = std::map<std::string, std::string>;

struct ParsedOptions {
    po::variables_map vm;
    bool helpRequested = false;
};

// Parses argv, then the environment variables in envNames. Throws
// UsageError (with the option's name in the message) on bad input.
ParsedOptions parseOptions(int argc, const char* const argv[],
                           const po::options_description& desc,
                           const EnvNames& envNames = {});

// Prints "usage: PROG [options]" and the option table.
void printUsage(const std::string& prog, const std::string& summary,
                const po::options_description& desc);

}  // namespace mmtp
