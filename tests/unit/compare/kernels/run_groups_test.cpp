// Runs are one kernel's when both their names and what they recorded say
// so: reruns named -again, -rerun, -2 join their run's group; dated
// snapshots of other kernel releases and a boot with another command line
// do not, however their names read.
#include "kernels/verdict_roles.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

namespace {

RecordedStates states(std::initializer_list<std::pair<const char*, RecordedState>> runs) {
    RecordedStates out;
    for (const auto& [name, s] : runs) out[name] = s;
    return out;
}

}  // namespace

TEST_CASE("reruns named -again, -rerun or -2 are their run's repeats", "[compare][kernels][groups]") {
    CHECK(sameNameGroup("v5.9-base", "v5.9-base-again"));
    CHECK(sameNameGroup("x-base-rerun", "x-base-2"));
    CHECK(sameNameGroup("v7.1.3-first", "v7.1.3-return"));
    CHECK_FALSE(sameNameGroup("v7.1.3-first", "v7.3"));
    CHECK(sharedName("v5.9-base", "v5.9-base-again") == "v5.9-base");
    CHECK(impliedDesign({"v5.9-base", "v5.9-patched", "v5.9-base-again"}) == Verdict::Aba);
    CHECK(impliedDesign({"v5.9-base", "v5.9-patched", "v5.9-base-rerun"}) == Verdict::Aba);
}

TEST_CASE("runs of other recorded kernels are never A/B/A, whatever their names", "[compare][kernels][groups]") {
    // Three dated snapshots: three kernel releases, not A, B and A again
    const std::vector<std::string> ltc{"ltc-20200601", "ltc-20200701", "ltc-20200801"};
    CHECK(impliedDesign(ltc) == Verdict::Aba);  // by names alone
    RecordedStates recorded = states({{"ltc-20200601", {"5.7.0", "", ""}},
                                      {"ltc-20200701", {"5.8.0-rc4", "", ""}},
                                      {"ltc-20200801", {"5.8.0", "", ""}}});
    CHECK(impliedDesign(ltc, recorded) == Verdict::AgainstFirst);
    CHECK(recordedDifference(recorded, "ltc-20200601", "ltc-20200801") == "kernel release 5.7.0 / 5.8.0");
    // A retbleed=off boot named like the baseline is no repeat of it
    const std::vector<std::string> boots{"base-1", "patched-1", "base-2"};
    RecordedStates cmdline = states({{"base-1", {"6.1", "quiet", ""}},
                                     {"patched-1", {"6.1", "quiet", ""}},
                                     {"base-2", {"6.1", "quiet retbleed=off", ""}}});
    CHECK(impliedDesign(boots, cmdline) == Verdict::AgainstFirst);
    CHECK(recordedDifference(cmdline, "base-1", "base-2") == "kernel command line - / retbleed=off");
    // What one run did not record is no difference
    RecordedStates partial = states({{"base-1", {"6.1", "", ""}}, {"base-2", {"", "quiet", ""}}});
    CHECK(impliedDesign(boots, partial) == Verdict::Aba);
}

TEST_CASE("a candidate run recorded otherwise than its name group is its own group", "[compare][kernels][groups]") {
    RecordedStates recorded = states({{"rev-1", {"6.1", "quiet", ""}},
                                      {"rev-2", {"6.1", "quiet", ""}},
                                      {"rev-3", {"6.1", "quiet retbleed=off", ""}}});
    auto groups = bisectCandidates({"good-1", "rev-1", "rev-2", "rev-3", "bad-1"}, {"good-1"}, {"bad-1"}, recorded);
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].first == "rev");
    CHECK(groups[0].second == std::vector<std::string>{"rev-1", "rev-2"});
    CHECK(groups[1].first == "rev-3");
    // Interleaved runs whose second A booted another command line are no A/B/A/B
    RecordedStates ab = states({{"a-1", {"6.1", "x", ""}},
                                {"b-1", {"6.2", "x", ""}},
                                {"a-2", {"6.1", "x mitigations=off", ""}},
                                {"b-2", {"6.2", "x", ""}}});
    CHECK(interleavedGroups({"a-1", "b-1", "a-2", "b-2"}));
    CHECK_FALSE(interleavedGroups({"a-1", "b-1", "a-2", "b-2"}, ab));
}
