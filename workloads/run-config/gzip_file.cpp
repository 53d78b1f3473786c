#include "run-config/gzip_file.hpp"

#include "base/errors.hpp"
#include "common/child_process.hpp"

namespace mmtp::runconfig {

void gzipFile(const std::filesystem::path& file) {
    SpawnOptions o;
    o.argv = {"gzip", "-f", file.string()};
    o.stdinPath = "/dev/null";
    ExitStatus st = ChildProcess::spawn(o).wait();
    if (!st.success()) throw Error("gzip -f " + file.string() + " " + st.describe());
}

}  // namespace mmtp::runconfig
