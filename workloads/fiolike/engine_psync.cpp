// engine_psync.cpp - fio's psync: one pread/pwrite per IO, completed in queue().
#include "fiolike/engine.hpp"

#include "base/clock.hpp"

#include <cerrno>
#include <unistd.h>

namespace mmtp::fiolike {

namespace {

class PsyncEngine final : public IoEngine {
public:
    explicit PsyncEngine(int fd) : fd_(fd) {}

    bool queue(IoUnit& u) override {
        u.issueNs = u.startNs = monotonicNs();
        ssize_t r;
        do {
            r = u.dir == kRead ? ::pread(fd_, u.buf, u.len, static_cast<off_t>(u.offset))
                               : ::pwrite(fd_, u.buf, u.len, static_cast<off_t>(u.offset));
        } while (r < 0 && errno == EINTR);
        u.result = r < 0 ? -errno : r;
        return true;
    }
    unsigned commit() override { return 0; }
    unsigned getEvents(unsigned, std::span<IoUnit*>) override { return 0; }

private:
    int fd_;
};

}  // namespace

std::unique_ptr<IoEngine> createPsyncEngine(int fd, unsigned) { return std::make_unique<PsyncEngine>(fd); }

}  // namespace mmtp::fiolike
