// The option table: one row per option drives parsing, the config-variable
// fallback, validation and --help.
#include "base/errors.hpp"
#include "common/option_table.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace mmtp;

namespace {

struct EnvVar {
    EnvVar(const char* n, const char* v) : name(n) { ::setenv(n, v, 1); }
    ~EnvVar() { ::unsetenv(name); }
    const char* name;
};

const OptionTable& table() {
    static const OptionTable t({
        integerOption("pipeline", 'P', "OPTTEST_PIPELINE", "256", 1, 100000, "requests per batch"),
        integerOption("rwmixread", 0, "OPTTEST_RWMIXREAD", "50", 0, 100, "% reads"),
        integerOption("ops", 0, "", "0", 0, std::numeric_limits<std::uint64_t>::max(), "ops, 0 = no limit"),
        choiceOption("pop-mode", 0, "OPTTEST_POP_MODE", "drain", "drain|filled", "how ZPOPMIN is fed"),
        yesNoOption("threaded", 'T', "OPTTEST_THREADED", "no", "threads"),
        textOption("logdir", 0, "OPTTEST_LOGDIR", nullptr, "where logs go"),
        flagOption("csv", 0, "accepted"),
    });
    return t;
}

OptionValues parse(std::vector<const char*> args, const OptionTable& t = table()) {
    args.insert(args.begin(), "prog");
    return t.parse(static_cast<int>(args.size()), args.data());
}

std::string usageError(std::vector<const char*> args, const OptionTable& t = table()) {
    try {
        parse(std::move(args), t);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("the command line wins over the config variable, which wins over the default") {
    CHECK(parse({}).integer("pipeline") == 256);
    CHECK_FALSE(parse({}).given("pipeline"));
    EnvVar e("OPTTEST_PIPELINE", "32");
    CHECK(parse({}).integer("pipeline") == 32);
    CHECK(parse({}).given("pipeline"));
    CHECK(parse({"-P", "8"}).integer("pipeline") == 8);
    CHECK(parse({"--pipeline=9"}).integer("pipeline") == 9);
    CHECK(parse({"-P7"}).integer("pipeline") == 7);
}

TEST_CASE("an exported but empty config variable counts as unset") {
    EnvVar e("OPTTEST_PIPELINE", "");
    CHECK(parse({}).integer("pipeline") == 256);
    EnvVar l("OPTTEST_LOGDIR", "");
    CHECK_FALSE(parse({}).has("logdir"));
    CHECK_THROWS_WITH(parse({}).required("logdir"), "--logdir: not given and OPTTEST_LOGDIR is not set");
}

TEST_CASE("negative values are refused with one line naming the option, never wrapped") {
    CHECK(usageError({"--rwmixread", "-5"}) == "--rwmixread: must be between 0 and 100 (got -5)");
    CHECK(usageError({"--ops", "-1"}) == "--ops: must be at least 0 (got -1)");
    CHECK(usageError({"-P", "-1"}) == "--pipeline: must be between 1 and 100000 (got -1)");
    CHECK(usageError({"--rwmixread", "101"}) == "--rwmixread: must be between 0 and 100 (got 101)");
    CHECK(usageError({"--ops", "99999999999999999999"}).find("--ops: must be at least 0") == 0);
    CHECK(usageError({"--pipeline", "many"}) == "--pipeline: 'many' is not a whole number");
    CHECK(usageError({"--pipeline", "12abc"}) == "--pipeline: '12abc' is not a whole number");
    CHECK(parse({"--ops", "18446744073709551615"}).unsignedInteger("ops") == std::numeric_limits<std::uint64_t>::max());
}

TEST_CASE("a bad config variable names both the option and the variable") {
    EnvVar e("OPTTEST_RWMIXREAD", "-5");
    CHECK(usageError({}) == "--rwmixread (from OPTTEST_RWMIXREAD): must be between 0 and 100 (got -5)");
    CHECK(parse({"--rwmixread", "70"}).integer("rwmixread") == 70);  // not read when the command line sets it
}

TEST_CASE("choices and yes/no values are checked by the row") {
    CHECK(usageError({"--pop-mode", "sometimes"}) == "--pop-mode: 'sometimes' is not one of drain, filled");
    CHECK(parse({"--pop-mode", "filled"}).text("pop-mode") == "filled");
    CHECK(parse({"--threaded"}).yes("threaded"));
    CHECK(parse({"--threaded", "yes"}).yes("threaded"));
    CHECK_FALSE(parse({"--threaded", "no"}).yes("threaded"));  // as the shellpacks pass it
    CHECK_FALSE(parse({"--threaded=0"}).yes("threaded"));
    CHECK(parse({"--threaded=Yes"}).yes("threaded"));
    CHECK_FALSE(parse({"--threaded", "OFF"}).yes("threaded"));
    CHECK(parse({"-T", "--csv"}).yes("threaded"));
    CHECK(usageError({"--threaded", "maybe"}) == "--threaded: expected yes or no, got 'maybe'");
    CHECK(usageError({"--csv=1"}) == "--csv: takes no value");
}

TEST_CASE("arguments the table does not declare are refused") {
    CHECK(usageError({"extra"}) == "unexpected argument 'extra': this program takes only options (see --help)");
    CHECK(usageError({"--logdir", "/x", "5"}).find("unexpected argument '5'") == 0);
    CHECK(usageError({"--bogus"}) == "--bogus: unknown option (see --help)");
    CHECK(usageError({"--bogus=3"}) == "--bogus: unknown option (see --help)");
    CHECK(usageError({"--pipeline"}) == "--pipeline: needs a value");
    CHECK(usageError({"-P", "1", "--pipeline", "2"}) == "--pipeline: given more than once");
    const OptionTable two({flagOption("all", 0, "all")}, {"CPU", "MODE"});
    const OptionValues v = parse({"-1", "sham"}, two);  // a negative number is an argument here
    CHECK(v.positionals == std::vector<std::string>{"-1", "sham"});
    CHECK(usageError({"0", "sham", "extra"}, two) == "unexpected argument 'extra' (see --help)");
}

TEST_CASE("--help lists every option with its config variable, default and range") {
    std::ostringstream out;
    table().printHelp(out, "prog", "Does things.");
    const std::string help = out.str();
    CHECK(help.rfind("usage: prog [options]\nDoes things.\n", 0) == 0);
    for (const auto& row : table().rows()) {
        INFO(row.name);
        CHECK(help.find("--" + row.name) != std::string::npos);
        if (!row.envVar.empty()) CHECK(help.find(row.envVar) != std::string::npos);
        if (row.defaultValue) CHECK(help.find("default " + *row.defaultValue) != std::string::npos);
    }
    CHECK(help.find("-P, --pipeline N") != std::string::npos);
    CHECK(help.find("[OPTTEST_PIPELINE, default 256, 1..100000]") != std::string::npos);
    CHECK(help.find("--pop-mode drain|filled") != std::string::npos);
    CHECK(parse({"--help"}).helpRequested);
    CHECK(parse({"--help", "extra"}).helpRequested);
}

TEST_CASE("--print-variables lists each row's config variable with its default, in table order") {
    std::ostringstream out;
    table().printVariables(out);
    CHECK(out.str() ==
          "OPTTEST_PIPELINE=256\nOPTTEST_RWMIXREAD=50\nOPTTEST_POP_MODE=drain\nOPTTEST_THREADED=no\n"
          "OPTTEST_LOGDIR\n");
}

TEST_CASE("--print-variables leaves out what MMTests sets for every benchmark, and an empty default is '='") {
    const OptionTable t({textOption("logdir", 0, "LOGDIR_RESULTS", nullptr, "logs"),
                         textOption("data", 0, "SHELLPACK_DATA", nullptr, "data"),
                         textOption("tests", 't', "OPTTEST_TESTS", "", "all"),
                         yesNoOption("direct", 0, "O_DIRECT", "no", "O_DIRECT")});
    std::ostringstream out;
    t.printVariables(out);
    CHECK(out.str() == "OPTTEST_TESTS=\nO_DIRECT=no\n");
    CHECK(isHarnessVariable("LOGDIR_TOPLEVEL"));
    CHECK(isHarnessVariable("SHELLPACK_LOG"));
    CHECK_FALSE(isHarnessVariable("MMTEST_ITERATIONS"));
}

TEST_CASE("--print-variables reads no variable: a bad value in the environment does not stop it") {
    EnvVar bad("OPTTEST_PIPELINE", "1e308");
    CHECK(parse({"--print-variables"}).variablesRequested);
    CHECK(parse({"--print-needs"}).needsRequested);  // nor does --print-needs
    CHECK_THROWS_AS(parse({"--estimate"}), UsageError);  // --estimate reads them, as a run does
}

TEST_CASE("--logdir is declared once for every workload: LOGDIR_RESULTS, no default, the workload's own words") {
    const OptionTable t({logdirOption("where the logs go")});
    CHECK_FALSE(parse({}, t).has("logdir"));
    EnvVar dir("LOGDIR_RESULTS", "/results/iter-0/x/logs");
    CHECK(parse({}, t).text("logdir") == "/results/iter-0/x/logs");
    CHECK(parse({"--logdir", "/elsewhere"}, t).text("logdir") == "/elsewhere");
    std::ostringstream help;
    t.printHelp(help, "w", "");
    CHECK_THAT(help.str(), Catch::Contains("where the logs go"));
}
