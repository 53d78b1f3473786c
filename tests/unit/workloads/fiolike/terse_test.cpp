#include "fiolike/terse.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace mmtp::fiolike;

namespace {
std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::string f;
    std::istringstream in(line.substr(0, line.size() - 1));
    while (std::getline(in, f, ';')) out.push_back(f);
    return out;
}
}  // namespace

TEST_CASE("fiolike terse v3 puts each value where fio 3.33 and MMTests' parser expect it") {
    JobStats s;
    DirStats& r = s.dir[kRead];
    r.ioBytes = 8192 * 1024;  // 8192 KiB
    r.totalIos = 2048;
    r.runtimeMs = 1000;
    r.clat.add(50000);
    r.clat.add(70000);
    r.lat.add(51000);
    r.lat.add(71000);
    r.clatHist.add(50000);
    r.clatHist.add(70000);
    r.bw.add(8000);
    r.bw.add(8384);
    DirStats& w = s.dir[kWrite];
    w.ioBytes = 4096 * 1024;
    w.totalIos = 1024;
    w.runtimeMs = 1000;
    w.bw.add(4096);
    w.slat.add(3000);
    s.totalRunTimeMs = 1000;
    s.usrMs = 25;
    s.sysMs = 500;
    s.ctx = 77;
    s.depthMap[0] = 3072;
    DiskUtil du;
    du.name = "vda";
    du.delta.ios[0] = 11;
    du.delta.ioTicks = 500;
    du.msec = 1000;

    TerseInput in{"rw70", 0, &s, du};
    const std::string line = formatTerseV3(in);
    REQUIRE(line.back() == '\n');
    const auto f = fields(line);
    REQUIRE(f.size() == 130);  // 121 fields + 9 of disk util, as fio 3.33 --minimal
    CHECK(f[0] == "3");
    CHECK(f[1] == "fio-3.33");
    CHECK(f[2] == "rw70");
    CHECK(f[3] == "0");
    CHECK(f[4] == "0");
    CHECK(f[5] == "8192");        // read KiB: MMTests tests elements[5] > 0
    CHECK(f[6] == "8192");        // read bw KiB/s
    CHECK(f[7] == "2048");        // read iops
    CHECK(f[8] == "1000");        // runtime ms
    CHECK(f[9] == "0");           // psync-like: no slat
    CHECK(f[13] == "50");         // clat min us
    CHECK(f[14] == "70");         // clat max us
    CHECK(f[15] == "60.000000");  // clat mean us
    CHECK(f[17].rfind("1.000000%=", 0) == 0);
    CHECK(f[23] == "50.000000%=49");  // bucket midpoint 49920 ns, printed /1000 as fio does
    CHECK(f[33].rfind("99.990000%=", 0) == 0);
    CHECK(f[34] == "0%=0");
    CHECK(f[36] == "0%=0");
    CHECK(f[37] == "51");         // lat min
    CHECK(f[41] == "8000");       // bw min
    CHECK(f[42] == "8384");       // bw max
    CHECK(f[43] == "100.000000%");
    CHECK(f[44] == "8192.000000");  // read bw mean: MMTests' kb/sec read
    CHECK(f[46] == "4096");         // write KiB: MMTests tests elements[46] > 0
    CHECK(f[47] == "4096");
    CHECK(f[50] == "3");            // write slat min us
    CHECK(f[85] == "4096.000000");  // write bw mean: MMTests' kb/sec write
    CHECK(f[87] == "2.500000%");    // usr
    CHECK(f[88] == "50.000000%");   // sys
    CHECK(f[89] == "77");           // ctx
    CHECK(f[92] == "100.0%");       // depth 1
    CHECK(f[121] == "vda");
    CHECK(f[122] == "11");
    CHECK(f[129] == "50.00%");

    TerseInput noDisk{"x", 0, &s, std::nullopt};
    CHECK(fields(formatTerseV3(noDisk)).size() == 121);
}

TEST_CASE("fiolike terse prints zeros for a direction without IO, as fio does") {
    JobStats s;
    s.dir[kWrite].ioBytes = 1024;
    s.dir[kWrite].totalIos = 1;
    s.dir[kWrite].runtimeMs = 10;
    TerseInput in{"w", 0, &s, std::nullopt};
    const auto f = fields(formatTerseV3(in));
    CHECK(f[5] == "0");
    CHECK(f[6] == "0");
    CHECK(f[15] == "0.000000");
    CHECK(f[17] == "1.000000%=0");
    CHECK(f[43] == "0.000000%");
    CHECK(f[44] == "0.000000");
    CHECK(f[46] == "1");
}
