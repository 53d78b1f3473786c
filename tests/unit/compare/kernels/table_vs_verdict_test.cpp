// Where MMTests' table (redis-zpopmin's best sample) and the verdict (the
// mean of each boot's trimmed mean) change in opposite directions, the text
// report and the mail say which number is which (kernels/table_vs_verdict).
#include "compare/test_support.hpp"
#include "kernels/app.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using compare_test::ScratchTree;

namespace {

// One run of 4 boots, 3 samples each of ZPOPMIN (and a steady GET); `best`
// replaces the first sample of the first boot (an outlier the table shows).
void run(const ScratchTree& t, const std::string& name, int order, double level, double best) {
    for (int it = 0; it < 4; ++it) {
        std::string dir = "log/" + name + "/iter-" + std::to_string(it) + "/";
        t.write(dir + "boot-id",
                "0000000" + std::to_string(order) + "-0000-4000-8000-00000000000" + std::to_string(it) + "\n");
        long t0 = 1764460000 + order * 1000 + it * 100;
        t.write(dir + "tests-timestamp", "start :: " + std::to_string(t0) + "\ntest begin :: redis-zpopmin " +
                                             std::to_string(t0 + 1) + "\ntest end :: redis-zpopmin " +
                                             std::to_string(t0 + 11) + " 0\nfinish :: " + std::to_string(t0 + 12) +
                                             "\n");
        for (int rep = 1; rep <= 3; ++rep) {
            double v = it == 0 && rep == 1 && best > 0 ? best : level * (1 + 0.001 * (rep + it));
            t.write(dir + "redis-zpopmin/logs/redis-1-" + std::to_string(rep) + ".log",
                    "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\","
                    "\"p99_latency_ms\",\"max_latency_ms\"\n\"GET\",\"" +
                        std::to_string(2000000 + 100 * rep) +
                        "\",\"0.091\",\"0.080\",\"0.089\",\"0.109\",\"0.159\",\"0.289\"\n\"ZPOPMIN\",\"" +
                        std::to_string(v) + "\",\"0.2\",\"0.08\",\"0.1\",\"0.4\",\"0.5\",\"0.6\"\n");
        }
    }
}

std::string report(const ScratchTree& t, const std::string& format) {
    std::string log = (t.root() / "log").string();
    std::vector<const char*> argv{"compare-kernels", "-C", log.c_str(), "--format", format.c_str()};
    std::ostringstream out, err;
    mmtp::compare::compareKernels(static_cast<int>(argv.size()), argv.data(), out, err);
    return out.str();
}

}  // namespace

TEST_CASE("a best-sample table and a verdict of opposite signs are told apart in text and mail",
          "[compare][kernels][mail]") {
    ScratchTree t;
    run(t, "base-first", 0, 1000000, 0);
    run(t, "cand", 1, 830000, 1340000);  // most samples 17 % down, one outlier 34 % up
    run(t, "base-return", 2, 1000000, 0);
    std::string text = report(t, "text");
    INFO(text);
    CHECK(text.find("note: ZPOPMIN-RPS-1 is +33.") != std::string::npos);
    CHECK(text.find("in MMTests' table (the best sample, cand against base-first) but -1") != std::string::npos);
    CHECK(text.find("note: GET-RPS-1") == std::string::npos);  // no change either way: nothing to explain
    std::string mail = report(t, "mail");
    INFO(mail);
    CHECK(mail.find("note: ZPOPMIN-RPS-1 is +33.") != std::string::npos);
    CHECK(mail.find("the best sample") != std::string::npos);
}
