// seccomp-churn's logs: stress-ng 0.15 --metrics-brief byte for byte, and
// the .extra key/value file.
#include <catch2/catch.hpp>

#include "seccomp-churn/settings.hpp"
#include "seccomp-churn/report.hpp"

using namespace mmtp::seccompchurn;

TEST_CASE("the metrics-brief log matches a real stress-ng 0.15.06 log byte for byte") {
    // stress-ng --seccomp 1 -t 2 --metrics-brief (goldens stressng-basic, v7.1.3-first, 1-1)
    const std::string real =
        "stress-ng: info:  [32349] setting to a 2 second run per stressor\n"
        "stress-ng: info:  [32349] dispatching hogs: 1 seccomp\n"
        "stress-ng: metrc: [32349] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n"
        "stress-ng: metrc: [32349]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
        "stress-ng: metrc: [32349] seccomp             658      2.00      0.54      1.35       328.87         348.71\n"
        "stress-ng: info:  [32349] successful run completed in 2.00s\n";
    MetricsBrief m;
    m.stressor = "seccomp";
    m.pid = 32349;
    m.instances = 1;
    m.runtimeSec = 2;
    m.ops = 658;
    m.realTime = 658 / 328.87;
    m.usrTime = 0.5387;
    m.sysTime = 658 / 348.71 - 0.5387;
    m.wallTime = 2.001;
    CHECK(formatMetricsBrief(m) == real);

    SECTION("a note goes on an info line before the header, where parsers do not look") {
        m.note = "seccomp-churn stand-in";
        const std::string withNote = formatMetricsBrief(m);
        CHECK(withNote.rfind("stress-ng: info:  [32349] seccomp-churn stand-in\n", 0) == 0);
        CHECK(withNote.substr(withNote.find('\n') + 1) == real);
    }
}

TEST_CASE("rates are zero, not inf, when no time was measured") {
    MetricsBrief m;
    m.stressor = "seccomp";
    m.pid = 1;
    m.ops = 0;
    const std::string s = formatMetricsBrief(m);
    const std::size_t at = s.find("] seccomp ");
    const std::string row = s.substr(at, s.find('\n', at) - at);
    CHECK(row.find("inf") == std::string::npos);
    CHECK(row.find("nan") == std::string::npos);
    CHECK(s.find("seccomp               0      0.00      0.00      0.00         0.00           0.00\n") != std::string::npos);
}

TEST_CASE("durations print the way stress-ng prints them") {
    CHECK(durationText(2) == "2 second");
    CHECK(durationText(60) == "60 second");
    CHECK(durationText(90) == "90 second (1 min, 30.00 secs)");
    CHECK(durationText(3600) == "3600 second (1 hour, 0.00 secs)");
    CHECK(durationText(86400) == "86400 second (1 day, 0.00 secs)");
}

TEST_CASE("log names follow MMTests' stressng-<clients>-<iteration>.log") {
    CHECK(logName(2, 3) == "stressng-2-3.log");
    CHECK(extraName(16, 1) == "seccomp-churn-16-1.extra");
}

TEST_CASE("the extra file carries filters per op and the attach-latency percentiles") {
    ExtraMetrics e;
    e.preset = "stress-ng";
    e.presetDescription = "stress-ng spec-allow=no verify=yes";
    e.stressor = "seccomp";
    e.ops = 10;
    e.filtersAttached = 90;
    e.attachCalls = 355;
    e.attach.count = 90;
    e.attach.p50 = 12.5;
    e.attach.p99 = 99.25;
    e.attach.max = 1000;
    const std::string s = formatExtra(e);
    CHECK(s.find("\npreset stress-ng\npreset-settings stress-ng spec-allow=no verify=yes\n") != std::string::npos);
    CHECK(s.find("\nfilters-per-op 9.00\n") != std::string::npos);
    CHECK(s.find("\nattach-calls-per-op 35.50\n") != std::string::npos);
    CHECK(s.find("\nattach-samples 90\n") != std::string::npos);
    CHECK(s.find("\nattach-p50-usecs 12.500\n") != std::string::npos);
    CHECK(s.find("\nattach-p99-usecs 99.250\n") != std::string::npos);
    CHECK(s.find("\nattach-max-usecs 1000.000\n") != std::string::npos);
}

TEST_CASE("every preset reports as the seccomp stressor and names itself in the run's metadata") {
    // One stressor name, so bops-seccomp-N rows of two presets compare.
    CHECK(std::string(kStressorName) == "seccomp");
    RecipeOptions o;
    o.verify = true;
    CHECK(presetDescription(o) == "stress-ng spec-allow=no verify=yes");
    o = {};
    o.preset = Preset::RawBpf;
    o.insns = 64;
    o.specAllow = o.trap = true;
    CHECK(presetDescription(o) == "raw insns=64 filters=1 spec-allow=yes trap=yes verify=no");
    o = {};
    o.preset = Preset::Libseccomp;
    o.rules = 30;
    o.filters = 2;
    CHECK(presetDescription(o) == "libseccomp rules=30 filters=2 spec-allow=no trap=no verify=no");
}
