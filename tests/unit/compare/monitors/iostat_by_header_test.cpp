// Our iostat reading finds columns by the "Device" header, where
// MonitorIostat.pm's field numbers read sysstat 12's rkB/s and wkB/s as 0.
#include "monitors/iostat_by_header.hpp"

#include "compare/test_support.hpp"
#include "monitors/monitors.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace mmtp::compare;

namespace {

const char* const kHead12 =
    "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await "
    "wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util";
const char* const kVda1 = "vda 1679.71 7562.74 7.35 0.44 0.29 4.50 530.75 7822.82 18.05 3.29 0.37 14.74 13.69 4971.72 "
                          "0.00 0.01 0.17 363.14 1.32 0.04 0.69 3.87";
const char* const kVda2 = "vda 65.00 36864.00 0.00 0.00 0.82 567.14 51.50 32778.00 0.00 0.00 0.42 636.47 9.00 16414.00 "
                          "0.00 0.00 0.39 1823.78 1.00 2.50 0.08 3.20";

}  // namespace

TEST_CASE("sysstat 12 iostat with stamps is read by its header, the since-boot report left out", "[compare][iostat]") {
    std::string st1 = " 1796113991.5631   0.0297     0.0001 -- ", st2 = " 1796113995.5635   4.0300     0.0001 -- ";
    IostatSamples s = iostatFromLines({st1 + "avg-cpu:  %user   %nice %system %iowait  %steal   %idle",
                                       st1 + "          25.89    0.02   17.27    0.54    0.08   56.20", st1,
                                       st1 + kHead12, st1 + kVda1, st1, st2 + kHead12, st2 + kVda2, st2});
    CHECK(s.timestamped);
    const IostatDevice& d = s.devices.at("vda");
    CHECK(d.x == std::vector<double>{4.03});
    CHECK(d.column("rkB/s") == std::vector<double>{36864});  // the positional parser reads field 10 here: 0.00
    CHECK(d.column("wkB/s") == std::vector<double>{32778});
    CHECK(d.column("r_await") == std::vector<double>{0.82});
    CHECK(d.column("w_await") == std::vector<double>{0.42});
    CHECK(s.skippedLines == 0);
}

TEST_CASE("iostat without stamps, in sysstat 11's layout and another column order, with garbage", "[compare][iostat]") {
    IostatSamples s = iostatFromLines({"Linux 4.12 (vm) 12/01/26 _x86_64_ (2 CPU)", "",
                                       "Device: wkB/s rrqm/s wrqm/s r/s w/s rkB/s avgrq-sz avgqu-sz await r_await w_await svctm %util",
                                       "sda 9 0 0 1 1 8 1 1 1 1 1 1 1", "",
                                       "Device: wkB/s rrqm/s wrqm/s r/s w/s rkB/s avgrq-sz avgqu-sz await r_await w_await svctm %util",
                                       "sda 200 0 0 1 1 100 1 1 1 3 4 1 1", "sda garbage", "",
                                       "Device: rkB/s wkB/s r_await w_await", "sda 300 400 5 6", ""});
    CHECK_FALSE(s.timestamped);
    const IostatDevice& d = s.devices.at("sda");
    CHECK(d.x == std::vector<double>{2, 3});
    CHECK(d.column("rkB/s") == std::vector<double>{100, 300});  // a header change midway: each report by its own
    CHECK(d.column("wkB/s") == std::vector<double>{200, 400});
    CHECK(d.column("r_await") == std::vector<double>{3, 5});
    REQUIRE(d.column("avgqu-sz").size() == d.x.size());  // a column the last header lacks is a gap there
    CHECK(d.column("avgqu-sz")[0] == 1);
    CHECK(std::isnan(d.column("avgqu-sz")[1]));
    CHECK(s.skippedLines == 1);
}

TEST_CASE("an iostat log without a Device header is refused", "[compare][iostat]") {
    CHECK_THROWS(iostatFromLines({"garbage", "1 2 3"}));
}

namespace {

// sysstat 12.6's iostat -x under a terminal (run-mmtests.sh records monitors
// through unbuffer): the device name in "32;22m", each value in "34;1m"
// ("34;22m" when zero), each closed by "0m"; the header is not coloured.
std::string coloured(const std::string& device, const std::vector<std::string>& values) {
    std::string line = "\x1b[32;22m" + device + std::string(14 - device.size(), ' ') + "\x1b[0m";
    for (const std::string& v : values)
        line += std::string(v == "0.00" ? "\x1b[34;22m" : "\x1b[34;1m") + "    " + v + "\x1b[0m";
    return line;
}

std::string plain(const std::string& device, const std::vector<std::string>& values) {
    std::string line = device + std::string(14 - device.size(), ' ');
    for (const std::string& v : values) line += "    " + v;
    return line;
}

// Two stamped reports of vda (the since-boot one and one more), as the
// iostat monitor records them; row() is coloured() or plain().
std::string iostatLog(std::string (*row)(const std::string&, const std::vector<std::string>&)) {
    const std::string st1 = " 1796113991.5631   0.0297     0.0001 -- ", st2 = " 1796113995.5635   4.0300     0.0001 -- ";
    const std::vector<std::string> boot = {"105.85", "1395.73", "2.26", "2.09", "0.50", "13.19", "52.78", "4955.62",
                                           "30.05", "36.28", "1.06", "93.88", "51.60", "4226.52", "0.00", "0.01",
                                           "0.19", "81.91", "4.75", "0.62", "0.12", "2.17"};
    const std::vector<std::string> later = {"235.00", "3892.00", "0.00", "0.00", "0.82", "16.56", "1.00", "4.00",
                                            "0.00", "0.00", "0.42", "4.00", "2.00", "8.00", "0.00", "0.00",
                                            "0.50", "4.00", "0.00", "0.00", "0.19", "0.40"};
    std::string log;
    for (const auto& [stamp, values] : {std::pair{st1, boot}, std::pair{st2, later}})
        log += stamp + kHead12 + "\n" + stamp + row("vda", values) + "\n" + stamp + "\n";
    return log;
}

}  // namespace

TEST_CASE("SGR colour codes are dropped, and only they", "[compare][iostat]") {
    CHECK(withoutSgr("\x1b[32;22mvda  \x1b[0m\x1b[34;1m    1.00\x1b[0m") == "vda      1.00");
    CHECK(withoutSgr("\x1b[m") == "");
    // Not SGR: another escape sequence, a lone ESC, an unterminated one.
    CHECK(withoutSgr("\x1b[2Jx") == "\x1b[2Jx");
    CHECK(withoutSgr("a\x1b") == "a\x1b");
    CHECK(withoutSgr("\x1b[12;3") == "\x1b[12;3");
}

TEST_CASE("a coloured iostat log (recorded under a pty) reads as the plain one, by header and by position",
          "[compare][iostat]") {
    compare_test::ScratchTree t;
    t.write("colour/iostat-bench", iostatLog(coloured));
    t.write("plain/iostat-bench", iostatLog(plain));
    REQUIRE(iostatLog(coloured).find('\x1b') != std::string::npos);

    IostatSamples s = readIostatByHeader(t.root() / "colour", "bench");
    REQUIRE(s.devices.count("vda") == 1);
    CHECK(s.devices.size() == 1);
    CHECK(s.devices.at("vda").column("rkB/s") == std::vector<double>{3892});
    CHECK(s.devices.at("vda").column("w_await") == std::vector<double>{0.42});
    CHECK(s.skippedLines == 0);

    // MonitorIostat.pm's reading (compare-mmtests --print-monitor iostat):
    // the same rows as the plain log, named "vda-await", not "\e[32;22mvda-await".
    MonitorSession a, b;
    MonitorRun fromColour = parseIostatMonitor({t.root() / "colour"}, {"bench", ""}, a);
    MonitorRun fromPlain = parseIostatMonitor({t.root() / "plain"}, {"bench", ""}, b);
    REQUIRE_FALSE(fromPlain.iterations.at(0).empty());
    CHECK(compare_test::cells(fromColour.iterations.at(0)) == compare_test::cells(fromPlain.iterations.at(0)));
    for (const std::string& cell : compare_test::cells(fromColour.iterations.at(0)))
        CHECK(cell.find('\x1b') == std::string::npos);
    CHECK(compare_test::cells(fromColour.iterations.at(0)).front().rfind("vda-", 0) == 0);
}
