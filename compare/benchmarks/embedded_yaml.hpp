// embedded_yaml.hpp - the shellpack.yaml files of compare/benchmarks/ and
// shellpacks/, compiled in (scripts/embed-yaml.sh) so the binary needs no
// data files at run time.
#pragma once
#include <string_view>
#include <vector>

namespace mmtp {

struct EmbeddedYaml {
    std::string_view name;  // the benchmark (folder) name
    std::string_view text;
};

const std::vector<EmbeddedYaml>& embeddedYamls();

}  // namespace mmtp
