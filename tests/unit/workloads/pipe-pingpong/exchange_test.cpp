#include <catch2/catch.hpp>

#include "common/cpu_topology.hpp"
#include "base/errors.hpp"
#include "pipe-pingpong/exchange.hpp"
#include "pipe-pingpong/loops.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <thread>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::pipepingpong;

namespace {

struct TestPipe {
    int r = -1, w = -1;
    TestPipe() {
        int p[2];
        REQUIRE(::pipe(p) == 0);
        r = p[0];
        w = p[1];
    }
    ~TestPipe() { closeWrite(); if (r >= 0) ::close(r); }
    void closeWrite() { if (w >= 0) ::close(w); w = -1; }
    int queued() const {
        int n = 0;
        ::ioctl(r, FIONREAD, &n);
        return n;
    }
};

void fill(TestPipe& p, int messages) {
    for (int i = 0; i < messages; ++i) {
        int m = i;
        REQUIRE(::write(p.w, &m, sizeof m) == sizeof m);
    }
}

bool hasPerTaskControl() {
    return getSpeculationCtrl(SpecFeature::IndirectBranch).perTaskControl();
}

}  // namespace

TEST_CASE("the child loop reads and writes back exactly one int per loop") {
    TestPipe in, out;
    fill(in, 100);
    CHECK(childLoop(in.r, out.w, 100) == kLoopOk);
    CHECK(in.queued() == 0);
    CHECK(out.queued() == 100 * int(sizeof(int)));
}

TEST_CASE("the parent loop writes one int and reads one back per loop") {
    TestPipe toChild, fromChild;
    fill(fromChild, 50);
    CHECK(parentLoop(toChild.w, fromChild.r, 50) == kLoopOk);
    CHECK(toChild.queued() == 50 * int(sizeof(int)));
    CHECK(fromChild.queued() == 0);
}

TEST_CASE("a loop stops with an error when its peer goes away early") {
    TestPipe in, out;
    fill(in, 10);
    in.closeWrite();  // 10 messages, then EOF
    CHECK(childLoop(in.r, out.w, 11) == kLoopBroken);
    CHECK(out.queued() == 10 * int(sizeof(int)));
}

TEST_CASE("two processes exchange the requested number of messages and report their state") {
    ExchangeConfig cfg;
    cfg.loops = 2000;
    cfg.placement = Placement{0, 0};
    ExchangeResult r = runExchange(cfg);
    CHECK(r.loops == 2000);
    CHECK(r.elapsedNs > 0);
    CHECK(r.parent.cpu == 0);
    CHECK(r.child.cpu == 0);
    SpecState self = getSpeculationCtrl(SpecFeature::IndirectBranch);
    CHECK(r.child.maskAfter == self.mask);  // baseline changes nothing
    CHECK(r.parent.maskAfter == self.mask);
}

TEST_CASE("two threads exchange messages too, unpinned") {
    ExchangeConfig cfg;
    cfg.loops = 500;
    cfg.threaded = true;
    ExchangeResult r = runExchange(cfg);
    CHECK(r.elapsedNs > 0);
    CHECK(r.child.cpu >= 0);
}

TEST_CASE("each IB-disable mode either takes effect or stops before measuring") {
    for (Mode m : {Mode::Child, Mode::Parent, Mode::Both}) {
        for (bool threaded : {false, true}) {
            ExchangeConfig cfg;
            cfg.loops = 200;
            cfg.mode = m;
            cfg.threaded = threaded;
            INFO("mode " << modeName(m) << " threaded " << threaded);
            if (hasPerTaskControl()) {
                ExchangeResult r = runExchange(cfg);
                CHECK(bool(r.child.maskAfter & spec::kDisable) == childDisables(m));
                CHECK(bool(r.parent.maskAfter & spec::kDisable) == parentDisables(m));
            } else {
                // This VM: PR_GET gives ENABLE without PRCTL.
                try {
                    runExchange(cfg);
                    FAIL("measured a mode that cannot take effect");
                } catch (const UnsupportedError& e) {
                    CHECK(e.code() == kExitUnsupported);
                    CHECK_THAT(e.what(), Catch::Contains("spectre_v2_user=prctl"));
                    CHECK_THAT(e.what(), Catch::Contains("--mode " + std::string(modeName(m))));
                }
            }
        }
    }
}

TEST_CASE("pinning to an offline or impossible CPU fails cleanly, processes and threads") {
    for (bool threaded : {false, true}) {
        ExchangeConfig cfg;
        cfg.loops = 10;
        cfg.threaded = threaded;
        cfg.placement = Placement{0, 1023};
        CHECK_THROWS_WITH(runExchange(cfg), Catch::Contains("child: cannot pin to CPU 1023"));
        cfg.placement = Placement{1023, 0};
        CHECK_THROWS_WITH(runExchange(cfg), Catch::Contains("parent: cannot pin to CPU 1023"));
    }
}

TEST_CASE("non-positive loop counts are usage errors") {
    ExchangeConfig cfg;
    cfg.loops = 0;
    CHECK_THROWS_AS(runExchange(cfg), UsageError);
}
