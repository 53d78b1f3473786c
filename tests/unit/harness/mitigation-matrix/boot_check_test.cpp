// A boot against its row, decided by what the kernel says it did: each
// parameter's effect must show. Judged on real TCG boots of Debian's 6.1
// and 6.12 (tests/fixtures/matrix-boots) and on the texts 6.6 and 6.12 print
// for modes TCG cannot show.
#include "mitigation-matrix/boot_check.hpp"

#include "mitigation-matrix/mitigation_params.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

namespace {

fs::path fixtures() {
    return fs::read_symlink("/proc/self/exe").parent_path() / "../../tests/fixtures/matrix-boots";
}

std::string slurp(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    REQUIRE(in);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// A real boot: tests/fixtures/matrix-boots/NAME.
BootEvidence realBoot(const std::string& name) {
    const fs::path dir = fixtures() / name;
    BootEvidence e;
    e.bootId = "b1";
    e.release = firstLine(slurp(dir / "release"));
    e.cmdline = firstLine(slurp(dir / "cmdline"));
    e.vulnerabilities = parseVulnerabilities(slurp(dir / "vulnerabilities"));
    std::istringstream in(slurp(dir / "dmesg"));
    for (std::string line; std::getline(in, line);) e.dmesg.push_back(line);
    return e;
}

MatrixRow row(const std::string& cmdline, std::vector<VulnerabilityExpectation> expect = {}) {
    return {"r", "running", "", cmdline, std::move(expect), {}, "config"};
}

std::string why(const MatrixRow& r, const BootEvidence& e) { return rejection(r, e).value_or("accepted"); }

// A boot that prints the given vulnerabilities texts (FILE:TEXT lines).
BootEvidence bootShowing(const std::string& cmdline, const std::string& vulns, std::vector<std::string> dmesg = {}) {
    BootEvidence e;
    e.bootId = "b1";
    e.release = "6.12.0";
    e.cmdline = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 " + cmdline;
    std::string grep;
    std::istringstream in(vulns);
    for (std::string line; std::getline(in, line);) grep += "/sys/devices/system/cpu/vulnerabilities/" + line + "\n";
    e.vulnerabilities = parseVulnerabilities(grep);
    e.dmesg = std::move(dmesg);
    return e;
}

}  // namespace

TEST_CASE("6.1 takes spectre_v2=retpoline although it lists it as an unknown parameter", "[mitigation-matrix]") {
    const auto boot = realBoot("6.1-retpoline");
    CHECK(why(row("spectre_v2=retpoline"), boot) == "accepted");
    CHECK(why(row("mitigations=off"), realBoot("6.1-off")) == "accepted");
    CHECK(why(row("spec_rstack_overflow=off"), realBoot("6.1-srso-off")) == "accepted");
    CHECK(why(row("nopti nospectre_v1"), realBoot("6.1-nopti")) == "accepted");
    CHECK(why(row(""), realBoot("6.1-default")) == "accepted");
}

TEST_CASE("mitigations=Off is refused by the kernel (tokens are case-sensitive) and rejected quoting it",
          "[mitigation-matrix]") {
    CHECK(why(row("mitigations=Off", {{"spectre_v2", "Mitigation"}}), realBoot("6.1-OffCap")) ==
          "the kernel did not take mitigations=Off: dmesg \"[    0.000000] Unsupported mitigations=Off, system may "
          "still be vulnerable\"");
}

TEST_CASE("a parameter after -- goes to init: rejected naming /proc/cmdline", "[mitigation-matrix]") {
    CHECK(why(row("-- mitigations=off"), realBoot("6.1-dashdash")) ==
          "\"mitigations=off\" follows \"--\" in /proc/cmdline, so the kernel passed it to init: \"console=ttyS0 "
          "panic=-1 no_timer_check -- mitigations=off\"");
}

TEST_CASE("retbleed=ibpb on a CPU without IBPB shows the default: rejected quoting the warning",
          "[mitigation-matrix]") {
    CHECK(why(row("retbleed=ibpb"), realBoot("6.1-ibpb-epyc")) ==
          "retbleed=ibpb is not in effect: vulnerabilities/retbleed is \"Mitigation: untrained return thunk; SMT "
          "disabled\", want \"Mitigation: IBPB\"; dmesg \"[    0.060698] RETBleed: WARNING: CPU does not support "
          "IBPB.\"");
}

TEST_CASE("a value the kernel does not know is rejected quoting its Ignoring line", "[mitigation-matrix]") {
    CHECK(why(row("retbleed=ibrs", {{"retbleed", "Mitigation: IBRS"}}), realBoot("6.1-retbleed-ibrs")) ==
          "the kernel did not take retbleed=ibrs: dmesg \"[    0.000000] RETBleed: Ignoring unknown retbleed option "
          "(ibrs).\"");
    // retbleed=stuff came with 6.2: 6.1 ignores it.
    CHECK(why(row("retbleed=stuff"), realBoot("6.1-skylake")).find("retbleed=stuff is not in effect") == 0);
}

TEST_CASE("spectre_v2 modes the emulated CPU cannot give switch to AUTO: rejected quoting the switch",
          "[mitigation-matrix]") {
    CHECK(why(row("spectre_v2=ibrs"), realBoot("6.1-sv2-ibrs")).find(
              "spectre_v2=ibrs is not in effect: vulnerabilities/spectre_v2 is \"Mitigation: Retpolines; ") == 0);
    CHECK(why(row("spectre_v2=ibrs"), realBoot("6.1-sv2-ibrs")).find(
              "dmesg \"[    0.048543] Spectre V2 : ibrs selected but not Intel CPU. Switching to AUTO select\"") !=
          std::string::npos);
    CHECK(why(row("spectre_v2=eibrs"), realBoot("6.1-sv2-eibrs")).find("Switching to AUTO select") !=
          std::string::npos);
}

TEST_CASE("spectre_v2_user=prctl on a CPU with neither IBPB nor STIBP changes nothing: rejected",
          "[mitigation-matrix]") {
    CHECK(why(row("spectre_v2_user=prctl"), realBoot("6.1-sv2user-prctl")) ==
          "spectre_v2_user=prctl is not in effect: vulnerabilities/spectre_v2 is \"Mitigation: Retpolines; STIBP: "
          "disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected\", want \"IBPB: conditional\" or "
          "\"STIBP: conditional\"");
}

TEST_CASE("the texts 6.6 and 6.12 print for modes TCG cannot show are read as taken", "[mitigation-matrix]") {
    // 6.6 on Sapphire Rapids: eIBRS, conditional IBPB, BHI_DIS_S.
    const auto eibrs = bootShowing("spectre_v2=eibrs spectre_v2_user=prctl spectre_bhi=on",
                                   "spectre_v2:Mitigation: Enhanced / Automatic IBRS; IBPB: conditional; RSB filling; "
                                   "PBRSB-eIBRS: SW sequence; BHI: BHI_DIS_S");
    CHECK(why(row("spectre_v2=eibrs spectre_v2_user=prctl spectre_bhi=on"), eibrs) == "accepted");
    // 6.1's name for the same mode.
    CHECK(why(row("spectre_v2=eibrs"), bootShowing("spectre_v2=eibrs", "spectre_v2:Mitigation: Enhanced IBRS; IBPB: "
                                                                       "conditional")) == "accepted");
    const auto eibrsAlone = bootShowing("spectre_v2=eibrs,retpoline",
                                        "spectre_v2:Mitigation: Enhanced / Automatic IBRS; IBPB: conditional");
    CHECK(why(row("spectre_v2=eibrs,retpoline"), eibrsAlone).find("spectre_v2=eibrs,retpoline is not in effect") == 0);
    // 6.12 on Skylake with call depth tracking; seed 004's IBRS column is spectre_v2=ibrs there.
    CHECK(why(row("retbleed=stuff"), bootShowing("retbleed=stuff", "retbleed:Mitigation: Stuffing")) == "accepted");
    CHECK(why(row("spectre_v2=ibrs"),
              bootShowing("spectre_v2=ibrs", "spectre_v2:Mitigation: IBRS; IBPB: conditional; STIBP: conditional; RSB "
                                             "filling; PBRSB-eIBRS: Not affected; BHI: Not affected\nretbleed:Mitigation: "
                                             "IBRS")) == "accepted");
    CHECK(why(row("spec_rstack_overflow=ibpb"),
              bootShowing("spec_rstack_overflow=ibpb", "spec_rstack_overflow:Mitigation: IBPB")) == "accepted");
}

TEST_CASE("a mitigation value on a CPU without the bug measures the default: rejected, an off value is not",
          "[mitigation-matrix]") {
    const auto notAffected = bootShowing("mds=full", "mds:Not affected");
    CHECK(why(row("mds=full"), notAffected) ==
          "mds=full is not in effect: vulnerabilities/mds is \"Not affected\" (this CPU lacks the bug: the row would "
          "measure the default)");
    CHECK(why(row("mds=off"), bootShowing("mds=off", "mds:Not affected")) == "accepted");
}

TEST_CASE("a later word of the same parameter overrides the row's", "[mitigation-matrix]") {
    const auto boot = bootShowing("retbleed=ibpb retbleed=off", "retbleed:Vulnerable");
    CHECK(why(row("retbleed=ibpb"), boot) ==
          "a later \"retbleed=off\" in /proc/cmdline overrides \"retbleed=ibpb\"");
    CHECK(why(row("retbleed=off"), bootShowing("", "retbleed:Vulnerable")).find("/proc/cmdline lacks \"retbleed=off\"") ==
          0);
}

TEST_CASE("a parameter outside the table needs the row's expect lines; the kernel's unknown list rejects it",
          "[mitigation-matrix]") {
    CHECK(unverifiableParameter(row("isolcpus=1")).value_or("").find(
              "isolcpus=1: the matrix cannot tell by itself whether the kernel took it") == 0);
    CHECK(unverifiableParameter(row("mitigations=Off")).value_or("").find("mitigations values it can: off, auto") !=
          std::string::npos);
    CHECK_FALSE(unverifiableParameter(row("mitigations=off retbleed=unret")));
    CHECK_FALSE(unverifiableParameter(row("-- mitigations=off")));  // loads; its boots are rejected
    CHECK_FALSE(unverifiableParameter(row("isolcpus=1", {{"spectre_v2", "Mitigation"}})));
    const auto boot = bootShowing("foo=1", "spectre_v2:Mitigation: Retpolines",
                                  {"[0.1] Unknown kernel command line parameters \"foo=1\", will be passed to user space."});
    CHECK(why(row("foo=1", {{"spectre_v2", "Mitigation"}}), boot) ==
          "the kernel did not take foo=1: dmesg \"[0.1] Unknown kernel command line parameters \"foo=1\", will be "
          "passed to user space.\"");
}

TEST_CASE("the row's own expect lines still decide", "[mitigation-matrix]") {
    const auto boot = realBoot("6.1-default");
    CHECK(why(row("", {{"retbleed", "Mitigation: IBRS"}}), boot) ==
          "vulnerabilities/retbleed is \"Mitigation: untrained return thunk; SMT disabled\", want \"Mitigation: "
          "IBRS...\"");
    CHECK(why(row("", {{"gds", "Vulnerable"}}), boot) == "vulnerabilities/gds is missing (want \"Vulnerable\")");
    auto r = row("");
    r.expectDmesg = {"Spectre V2 : Vulnerable"};
    CHECK(why(r, boot) == "no dmesg line holds \"Spectre V2 : Vulnerable\"");
}

TEST_CASE("every parameter's values show a state or say they need expect lines", "[mitigation-matrix]") {
    for (const auto& p : mitigationParameters()) {
        INFO(p.name);
        CHECK_FALSE(p.kernels.empty());
        CHECK_FALSE(p.values.empty());
        for (const auto& v : p.values) CHECK_FALSE(v.file.empty());
    }
    CHECK(findEffect(splitParameter("retbleed=IBPB")) == nullptr);  // case-sensitive, as the kernel
    CHECK(findEffect(splitParameter("l1tf=off")) == nullptr);        // needs expect lines
    CHECK(findEffect(splitParameter("nopti")) != nullptr);
}

TEST_CASE("the boot record keeps the mitigation lines of dmesg, escaped", "[mitigation-matrix]") {
    auto e = bootShowing("", "retbleed:Vulnerable", {"[0.1] Spectre V2 : Mitigation: Retpolines\x1b[2K", "[0.2] PCI: fine"});
    const std::string text = bootRecordText(row(""), 4, e, std::nullopt);
    CHECK(text.find("verdict: accepted\n") != std::string::npos);
    CHECK(text.find("dmesg: [0.1] Spectre V2 : Mitigation: Retpolines\\e[2K\n") != std::string::npos);
    CHECK(text.find("PCI") == std::string::npos);
    CHECK(text.find("vulnerabilities/retbleed: Vulnerable\n") != std::string::npos);
}

TEST_CASE("docs/mitigation-parameters.md names every parameter and value of the table", "[mitigation-matrix]") {
    const std::string doc = slurp(fixtures() / "../../../docs/mitigation-parameters.md");
    for (const auto& p : mitigationParameters()) {
        INFO(p.name);
        CHECK(doc.find("`" + std::string(p.name) + "`") != std::string::npos);
        for (const auto& v : p.values) {
            INFO(v.value);
            if (!v.value.empty()) CHECK(doc.find("`" + std::string(v.value) + "`") != std::string::npos);
        }
    }
}

TEST_CASE("real boots of 6.12 (Debian's backport) are judged as 6.1's, retbleed=stuff taken on Skylake",
          "[mitigation-matrix]") {
    for (const auto& [name, cmdline] : std::vector<std::pair<std::string, std::string>>{
             {"6.12-default", ""},
             {"6.12-sky-default", ""},
             {"6.12-off", "mitigations=off"},
             {"6.12-retpoline", "spectre_v2=retpoline"},  // listed as unknown, as 6.1 does, and taken
             {"6.12-srso-off", "spec_rstack_overflow=off"},
             {"6.12-nopti", "nopti nospectre_v1"},
             {"6.12-its-off", "indirect_target_selection=off"},
             {"6.12-stuff", "spectre_v2=retpoline retbleed=stuff"}}) {  // seed 004's stuff column
        INFO(name);
        CHECK(why(row(cmdline), realBoot(name)) == "accepted");
    }
    CHECK(why(row("mitigations=Off", {{"spectre_v2", "Mitigation"}}), realBoot("6.12-OffCap")) ==
          "the kernel did not take mitigations=Off: dmesg \"[    0.000000] Unsupported mitigations=Off, system may "
          "still be vulnerable\"");
    CHECK(why(row("-- mitigations=off"), realBoot("6.12-dashdash")).find("\"mitigations=off\" follows \"--\"") == 0);
    CHECK(why(row("retbleed=ibrs", {{"retbleed", "Mitigation: IBRS"}}), realBoot("6.12-retbleed-ibrs")) ==
          "the kernel did not take retbleed=ibrs: dmesg \"[    0.000000] RETBleed: Ignoring unknown retbleed option "
          "(ibrs).\"");
    CHECK(why(row("retbleed=ibpb"), realBoot("6.12-ibpb-epyc")).find("RETBleed: WARNING: CPU does not support IBPB.") !=
          std::string::npos);
    // Stuffing needs retpolines: with spectre_v2=ibrs switched to AUTO, the row is not what it names.
    CHECK(why(row("spectre_v2=ibrs retbleed=stuff"), realBoot("6.12-skylake"))
              .find("spectre_v2=ibrs is not in effect: vulnerabilities/spectre_v2 is \"Mitigation: Retpolines; ") == 0);
    CHECK(why(row("spectre_v2=ibrs"), realBoot("6.12-sv2-ibrs")).find("Switching to AUTO select") != std::string::npos);
    CHECK(why(row("spectre_v2_user=prctl"), realBoot("6.12-sv2user-prctl")).find("is not in effect") !=
          std::string::npos);
    // Retpolines cover BHI ("BHI: Retpoline" either way): spectre_bhi=off would measure the default.
    CHECK(why(row("spectre_bhi=off"), realBoot("6.12-bhi-off")).find("spectre_bhi=off is not in effect") == 0);
}
