// config_env.hpp - an MMTests config, sourced the way run-mmtests.sh sources
// it (bash, every assignment exported), with command-line overrides
// (--set VAR=VALUE) that win over the config's own exports.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::runconfig {

using Override = std::pair<std::string, std::string>;

// "VAR=VALUE" -> {VAR, VALUE}; throws UsageError naming --set if VAR is not
// a shell variable name.
Override parseOverride(const std::string& arg);

// Sources CONFIG with bash and returns the resulting environment. Each
// override is set read-only before the config runs, so the config's own
// `export VAR=...` cannot replace it and values it derives from VAR
// (REQUESTS=$((KEYSPACE*2))) follow the override. A config that is not
// valid bash (`bash -n`) or in which bash reports an error while sourcing it
// (a bad expansion, a builtin's complaint) is a UsageError with bash's line. Processes the config leaves
// in the background are killed when run-config ends (the GroupGuardian,
// which must exist already).
std::map<std::string, std::string> sourceConfig(const std::filesystem::path& config,
                                                const std::vector<Override>& overrides);

}  // namespace mmtp::runconfig
