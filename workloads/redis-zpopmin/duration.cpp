#include "redis-zpopmin/duration.hpp"

#include "common/duration_estimate.hpp"
#include "redis-zpopmin/client_counts.hpp"

#include <sstream>
#include <unistd.h>

namespace mmtp::rediszpopmin {

namespace {

struct TestMix {
    double simple = 15;  // the default suite: 15 simple tests
    double heavy = 5;    // and LRANGE_100, _300, _500, _600 and MSET
};

// "-t lrange" runs all four LRANGEs and the LPUSH that fills their list.
TestMix testMix(std::string tests) {
    for (char& c : tests)
        if (c == ',') c = ' ';
    std::istringstream in(tests);
    TestMix mix{0, 0};
    bool any = false;
    for (std::string t; in >> t;) {
        any = true;
        if (t == "lrange") {
            mix.heavy += 4;
            mix.simple += 1;
        } else if (t.rfind("lrange", 0) == 0 || t == "mset") {
            mix.heavy += 1;
        } else {
            mix.simple += 1;
        }
    }
    return any ? mix : TestMix{};
}

// The counts the run steps through, as run.cpp asks for them.
double clientCounts(const OptionValues& v) {
    int lo = v.number<int>("min-clients"), hi = v.number<int>("max-clients");
    if (v.has("clients")) lo = hi = v.number<int>("clients");
    const long ncpu = ::sysconf(_SC_NPROCESSORS_CONF);
    return double(largeStrideClients(lo, hi, ncpu > 0 ? int(ncpu) : 1).size());
}

}  // namespace

std::optional<double> estimatedSeconds(const OptionValues& v) {
    const TestMix mix = testMix(v.text("tests"));
    const double runs = clientCounts(v) * double(v.integer("iterations"));
    return kProcessStartSeconds +
           runs * (kServerStartSeconds + double(v.integer("requests")) *
                                             (mix.simple * kSimpleRequestSeconds + mix.heavy * kHeavyRequestSeconds));
}

}  // namespace mmtp::rediszpopmin
