// A boot against its row: an ignored parameter, a missing cmdline word, a
// vulnerabilities file with another state, each rejected with its reason.
#include "mitigation-matrix/boot_check.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::matrix;

namespace {
BootEvidence bootWith(const std::string& cmdline, const std::string& retbleed, std::vector<std::string> dmesg = {}) {
    BootEvidence e;
    e.bootId = "b1";
    e.release = "6.1.0-57-cloud-amd64";
    e.cmdline = "console=ttyS0 panic=-1 " + cmdline;
    e.vulnerabilities = parseVulnerabilities("/sys/devices/system/cpu/vulnerabilities/retbleed:" + retbleed +
                                             "\n/sys/devices/system/cpu/vulnerabilities/spectre_v2:Vulnerable; "
                                             "STIBP: disabled\n");
    e.dmesg = std::move(dmesg);
    e.dmesg.push_back("[    0.000000] Command line: " + e.cmdline);
    return e;
}

MatrixRow row(const std::string& cmdline, std::vector<VulnerabilityExpectation> expect) {
    return {"r", "running", "", cmdline, std::move(expect), {}, "config"};
}
}  // namespace

TEST_CASE("a boot that shows its row's state is accepted", "[mitigation-matrix]") {
    CHECK_FALSE(rejection(row("mitigations=off", {{"retbleed", "Vulnerable"}, {"spectre_v2", "Vulnerable"}}),
                          bootWith("mitigations=off", "Vulnerable")));
}

TEST_CASE("a boot whose kernel ignored a parameter is rejected quoting dmesg", "[mitigation-matrix]") {
    const std::string line = "[    0.000000] RETBleed: Ignoring unknown retbleed option (ibrs).";
    const auto why =
        rejection(row("retbleed=ibrs", {}), bootWith("retbleed=ibrs", "Mitigation: untrained return thunk", {line}));
    REQUIRE(why);
    CHECK(*why == "the kernel ignored a boot parameter: dmesg \"" + line + "\"");
}

TEST_CASE("a boot without its row's cmdline or state is rejected naming what differs", "[mitigation-matrix]") {
    CHECK(*rejection(row("retbleed=off", {}), bootWith("", "Vulnerable")) ==
          "/proc/cmdline lacks \"retbleed=off\": \"console=ttyS0 panic=-1 \"");
    CHECK(*rejection(row("", {{"retbleed", "Mitigation: IBRS"}}), bootWith("", "Mitigation: untrained return thunk")) ==
          "vulnerabilities/retbleed is \"Mitigation: untrained return thunk\", want \"Mitigation: IBRS...\"");
    CHECK(*rejection(row("", {{"gds", "Vulnerable"}}), bootWith("", "Vulnerable")) ==
          "vulnerabilities/gds is missing (want \"Vulnerable\")");
    auto r = row("", {});
    r.expectDmesg = {"Spectre V2 : Vulnerable"};
    CHECK(*rejection(r, bootWith("", "Vulnerable")) == "no dmesg line holds \"Spectre V2 : Vulnerable\"");
}

TEST_CASE("the boot record keeps the mitigation lines of dmesg, escaped", "[mitigation-matrix]") {
    const auto e = bootWith("", "Vulnerable", {"[0.1] Spectre V2 : Mitigation: Retpolines\x1b[2K", "[0.2] PCI: fine"});
    const std::string text = bootRecordText(row("", {}), 4, e, std::nullopt);
    CHECK(text.find("verdict: accepted\n") != std::string::npos);
    CHECK(text.find("dmesg: [0.1] Spectre V2 : Mitigation: Retpolines\\e[2K\n") != std::string::npos);
    CHECK(text.find("PCI") == std::string::npos);
    CHECK(text.find("vulnerabilities/retbleed: Vulnerable\n") != std::string::npos);
}
