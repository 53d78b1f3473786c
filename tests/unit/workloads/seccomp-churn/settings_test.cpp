// seccomp-churn's options: MMTests config variables as fallbacks, one-line
// errors naming the option, MMTests' power-of-two thread sweep.
#include <catch2/catch.hpp>

#include "base/errors.hpp"
#include "seccomp-churn/settings.hpp"

#include <cstdlib>
#include <vector>

using namespace mmtp::seccompchurn;

namespace {

Settings parse(std::vector<const char*> args) {
    args.insert(args.begin(), "seccomp-churn");
    return parseSettings(static_cast<int>(args.size()), args.data());
}

// Sets an environment variable for one scope.
struct EnvVar {
    EnvVar(const char* n, const char* v) : name(n) { setenv(n, v, 1); }
    ~EnvVar() { unsetenv(name); }
    const char* name;
};

std::string usageMessage(std::vector<const char*> args) {
    try {
        parse(std::move(args));
    } catch (const mmtp::UsageError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("the thread sweep is MMTests' threads_powertwo") {
    CHECK(powerTwoSweep(1, 1) == std::vector<unsigned>{1});
    CHECK(powerTwoSweep(1, 2) == std::vector<unsigned>{1, 2});
    CHECK(powerTwoSweep(1, 6) == std::vector<unsigned>{1, 2, 4, 6});
    CHECK(powerTwoSweep(3, 12) == std::vector<unsigned>{3, 6, 12});
    CHECK(powerTwoSweep(2, 2) == std::vector<unsigned>{2});
}

TEST_CASE("config variables fill in options the command line leaves out") {
    EnvVar a("SECCOMP_CHURN_PRESET", "raw");
    EnvVar b("SECCOMP_CHURN_INSNS", "128");
    EnvVar c("LOGDIR_RESULTS", "/tmp/x");
    EnvVar d("SECCOMP_CHURN_SPEC_ALLOW", "yes");
    const Settings cfg = parse({"--insns", "256"});
    CHECK(cfg.recipe.preset == Preset::RawBpf);
    CHECK(cfg.recipe.insns == 256);  // the command line wins
    CHECK(cfg.recipe.specAllow);
    CHECK(cfg.logdir == "/tmp/x");
}

TEST_CASE("bad options give one-line errors that name the option") {
    CHECK(usageMessage({"--preset", "nope", "--logdir", "/tmp/x"}).find("--preset") != std::string::npos);
    CHECK(usageMessage({"--insns", "3", "--logdir", "/tmp/x"}).find("--insns: must be between 4 and 4096") != std::string::npos);
    CHECK(usageMessage({"--min-threads", "4", "--max-threads", "2", "--logdir", "/tmp/x"}).find("--max-threads") != std::string::npos);
    CHECK(usageMessage({"--trap", "maybe", "--logdir", "/tmp/x"}).find("--trap: expected yes or no") != std::string::npos);
    CHECK(usageMessage({"--trap", "yes", "--logdir", "/tmp/x"}).find("--trap") != std::string::npos);
    CHECK(usageMessage({"--runtime", "0", "--logdir", "/tmp/x"}).find("--runtime") != std::string::npos);
    CHECK(usageMessage({"--preset", "raw", "--insns", "4096", "--filters", "8", "--logdir", "/tmp/x"}).find("--filters") != std::string::npos);
    unsetenv("LOGDIR_RESULTS");
    CHECK(usageMessage({}).find("--logdir") != std::string::npos);
}

TEST_CASE("negative counts are refused, not wrapped to huge numbers") {
    CHECK(usageMessage({"--ops", "-1", "--logdir", "/tmp/x"}) == "--ops: must be at least 0 (got -1)");
    CHECK(usageMessage({"-t", "-1", "--logdir", "/tmp/x"}) == "--runtime: must be between 1 and 604800 (got -1)");
    EnvVar ops("SECCOMP_CHURN_OPS", "-1");
    CHECK(usageMessage({"--logdir", "/tmp/x"}) == "--ops (from SECCOMP_CHURN_OPS): must be at least 0 (got -1)");
}
