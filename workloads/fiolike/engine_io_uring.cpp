// engine_io_uring.cpp - fio's io_uring engine in its default setup (no
// fixed buffers, no registered files, no SQPOLL): queue() fills an SQE,
// commit() is one io_uring_enter to submit, getEvents() one to wait.
// The ring is set up as fio 3.33 sets its own (fio_ioring_queue_init): CQ
// sized to the depth, COOP_TASKRUN, SINGLE_ISSUER and DEFER_TASKRUN, each
// dropped again if the kernel refuses it. Without them every completion
// interrupts the job thread with task work, which on a busy machine costs
// context switches and IOPS that fio does not pay.
#include "fiolike/engine.hpp"

#include "base/errors.hpp"

#include <cerrno>
#include <cstring>
#include <liburing.h>

namespace mmtp::fiolike {

namespace {

class IoUringEngine final : public IoEngine {
public:
    IoUringEngine(int fd, unsigned depth) : fd_(fd) {
        const int r = initLikeFio(depth);
        if (r < 0)
            throw UnsupportedError(std::string("io_uring_queue_init(") + std::to_string(depth) +
                                   "): " + std::strerror(-r) +
                                   (r == -EPERM || r == -ENOSYS ? " (io_uring disabled? see sysctl kernel.io_uring_disabled)" : ""));
    }
    ~IoUringEngine() override { io_uring_queue_exit(&ring_); }
    IoUringEngine(const IoUringEngine&) = delete;
    IoUringEngine& operator=(const IoUringEngine&) = delete;

    bool queue(IoUnit& u) override {
        io_uring_sqe* sqe = io_uring_get_sqe(&ring_);
        if (!sqe) throw Error("io_uring: submission queue full (more units than iodepth?)");
        if (u.dir == kRead)
            io_uring_prep_read(sqe, fd_, u.buf, u.len, u.offset);
        else
            io_uring_prep_write(sqe, fd_, u.buf, u.len, u.offset);
        io_uring_sqe_set_data(sqe, &u);
        return false;
    }

    // Submits and, like fio's commit (io_uring_enter with GETEVENTS and
    // min_complete 0), lets the kernel post the completions it deferred.
    unsigned commit() override {
        for (;;) {
            const int r = io_uring_submit_and_get_events(&ring_);
            if (r >= 0) return static_cast<unsigned>(r);
            if (r == -EINTR || r == -EAGAIN || r == -EBUSY) continue;
            throw Error(std::string("io_uring_submit: ") + std::strerror(-r));
        }
    }

    unsigned getEvents(unsigned minEvents, std::span<IoUnit*> out) override {
        unsigned n = reap(out);
        if (n >= minEvents) return n;
        io_uring_cqe* cqe = nullptr;
        const int r = io_uring_wait_cqe_nr(&ring_, &cqe, minEvents - n);
        if (r == -EINTR) return n;
        if (r < 0) throw Error(std::string("io_uring_wait_cqe: ") + std::strerror(-r));
        return n + reap(out.subspan(n));
    }

private:
    // fio's flags first; on EINVAL it drops DEFER_TASKRUN with SINGLE_ISSUER,
    // then COOP_TASKRUN, then CQSIZE, in that order.
    int initLikeFio(unsigned depth) {
        unsigned flags = IORING_SETUP_CQSIZE | IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER |
                         IORING_SETUP_DEFER_TASKRUN;
        const unsigned fallbacks[] = {IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER,
                                      IORING_SETUP_COOP_TASKRUN, IORING_SETUP_CQSIZE};
        int r = initWith(depth, flags);
        for (const unsigned drop : fallbacks) {
            if (r != -EINVAL) break;
            flags &= ~drop;
            r = initWith(depth, flags);
        }
        return r;
    }

    int initWith(unsigned depth, unsigned flags) {
        io_uring_params p;
        std::memset(&p, 0, sizeof p);
        p.flags = flags;
        p.cq_entries = depth;  // read only with CQSIZE
        return io_uring_queue_init_params(depth, &ring_, &p);
    }

    unsigned reap(std::span<IoUnit*> out) {
        unsigned n = 0;
        unsigned head;
        io_uring_cqe* cqe;
        io_uring_for_each_cqe(&ring_, head, cqe) {
            if (n == out.size()) break;
            auto* u = static_cast<IoUnit*>(io_uring_cqe_get_data(cqe));
            u->result = cqe->res;
            out[n++] = u;
        }
        io_uring_cq_advance(&ring_, n);
        return n;
    }

    int fd_;
    io_uring ring_{};
};

}  // namespace

std::unique_ptr<IoEngine> createIoUringEngine(int fd, unsigned depth) {
    return std::make_unique<IoUringEngine>(fd, depth);
}

}  // namespace mmtp::fiolike
