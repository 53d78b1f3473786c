// Option rows bound to settings fields: parsing fills the struct, each row's
// check runs in table order, and the shared rows (--logdir,
// --after-ibpb-pulse) fill theirs.
#include "base/errors.hpp"
#include "common/pulse_status.hpp"
#include "common/settings_table.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

using namespace mmtp;

namespace {

enum class Colour { Red, Blue };

Colour colourOf(const std::string& text) { return text == "blue" ? Colour::Blue : Colour::Red; }

struct Inner {
    unsigned depth = 7;
    bool deep = false;
};

struct Job {
    int count = -1;
    std::uint64_t big = 0;
    bool fast = true;  // a yes/no row's default replaces it
    std::string label = "unset";
    std::optional<int> cpu;
    Colour colour = Colour::Red;
    Inner inner;
    std::string afterPulse = "unchanged";
    std::filesystem::path logdir;
};

const SettingsTable<Job>& table() {
    static const SettingsTable<Job> t({
        bind(integerOption("count", 'c', "", "3", 1, 100, "how many"), &Job::count),
        bind(integerOption("big", 0, "", "18446744073709551615", 0, UINT64_MAX, "a large one"), &Job::big),
        bind(yesNoOption("fast", 0, "", "no", "go fast"), &Job::fast),
        bind(textOption("label", 0, "", nullptr, "a label"), &Job::label),
        bind(integerOption("cpu", 0, "", nullptr, 0, 1000, "a CPU"), &Job::cpu),
        bind(choiceOption("colour", 0, "", "red", "red|blue", "a colour"), &Job::colour, colourOf),
        bindIn(integerOption("depth", 0, "", "9", 1, 64, "how deep"), &Job::inner, &Inner::depth),
        bindIn(yesNoOption("deep", 0, "", "no", "deep"), &Job::inner, &Inner::deep)
            .check([](const Job& j) {
                if (j.inner.deep && j.inner.depth < 8) throw UsageError("--deep: needs --depth >= 8");
            }),
        afterPulseRow("SETTINGS_TEST_AFTER_IBPB_PULSE", &Job::afterPulse),
        logdirRow("where logs go", &Job::logdir),
    });
    return t;
}

Job settings(std::vector<const char*> args) {
    args.insert(args.begin(), "prog");
    return table().settings(table().options().parse(static_cast<int>(args.size()), args.data()));
}

std::string usageError(std::vector<const char*> args) {
    try {
        settings(std::move(args));
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("each bound row fills its field from the command line or its default", "[settings-table]") {
    Job j = settings({"--logdir", "/tmp/x", "-c", "42", "--fast", "--label=hello", "--cpu", "5", "--colour", "blue",
                      "--depth", "12", "--deep", "--after-ibpb-pulse", "sham"});
    CHECK(j.count == 42);
    CHECK(j.big == UINT64_MAX);
    CHECK(j.fast);
    CHECK(j.label == "hello");
    REQUIRE(j.cpu);
    CHECK(*j.cpu == 5);
    CHECK(j.colour == Colour::Blue);
    CHECK(j.inner.depth == 12);
    CHECK(j.inner.deep);
    CHECK(j.afterPulse == "sham");
    CHECK(j.logdir == "/tmp/x");
}

TEST_CASE("a row without a default leaves its field as the struct has it", "[settings-table]") {
    Job j = settings({"--logdir", "/tmp/x"});
    CHECK(j.count == 3);          // the row's default
    CHECK_FALSE(j.fast);          // the yes/no row's default, not the struct's
    CHECK(j.label == "unset");    // no default: untouched
    CHECK_FALSE(j.cpu);
    CHECK(j.inner.depth == 9);
    CHECK(j.afterPulse == "unchanged");
}

TEST_CASE("a row's check sees the rows before it and names the option", "[settings-table]") {
    CHECK(usageError({"--logdir", "/tmp/x", "--deep", "--depth", "4"}) == "--deep: needs --depth >= 8");
    CHECK(usageError({"--logdir", "/tmp/x", "--deep", "--depth", "8"}) == "(no error)");
    CHECK(usageError({"--logdir", "/tmp/x", "--depth", "4"}) == "(no error)");
}

TEST_CASE("--logdir is required when settings are made", "[settings-table]") {
    const char* set = std::getenv("LOGDIR_RESULTS");
    const std::string saved = set ? set : "";
    ::unsetenv("LOGDIR_RESULTS");
    CHECK(usageError({}) == "--logdir: not given and LOGDIR_RESULTS is not set");
    if (set) ::setenv("LOGDIR_RESULTS", saved.c_str(), 1);
}

TEST_CASE("the bound rows are the parser's and --help's rows, in order", "[settings-table]") {
    // After the rows every table has (--help, --print-variables, ...).
    const auto& rows = table().options().rows();
    std::vector<std::string> names;
    for (const OptionSpec& r : rows)
        if (r.name == "count" || !names.empty()) names.push_back(r.name);
    CHECK(names == std::vector<std::string>{"count", "big", "fast", "label", "cpu", "colour", "depth", "deep",
                                            "after-ibpb-pulse", "logdir"});
}
