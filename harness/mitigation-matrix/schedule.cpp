// schedule.cpp - the matrix's state machine (schedule.hpp).
#include "mitigation-matrix/schedule.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <sstream>

namespace mmtp::matrix {
namespace {

void addPending(ScheduleState& state, const std::string& row) {
    BootRecord b;
    b.number = int(state.boots.size());
    b.row = row;
    state.boots.push_back(b);
}

int bootsUsed(const ScheduleState& state) {
    int n = 0;
    for (const auto& b : state.boots) n += b.status != BootStatus::Pending && b.status != BootStatus::Skipped;
    return n;
}

void skipPending(ScheduleState& state, const std::string& why, const std::string& onlyRow = {}) {
    for (auto& b : state.boots)
        if (b.status == BootStatus::Pending && (onlyRow.empty() || b.row == onlyRow)) {
            b.status = BootStatus::Skipped;
            b.reason = why;
        }
}

// A failure's words without the boot it names ("see matrix/boots/boot-7/..."):
// two boots fail the same way when the rest is the same.
std::string failureKind(const std::string& reason) {
    static const std::regex bootNumber("boot-[0-9]+");
    return std::regex_replace(reason, bootNumber, "boot-N");
}

// The row's boot settled before `boot`, if any.
const BootRecord* previousSettled(const ScheduleState& state, std::size_t boot) {
    const std::string& row = state.boots[boot].row;
    for (std::size_t i = boot; i-- > 0;) {
        const BootRecord& b = state.boots[i];
        if (b.row == row && b.status != BootStatus::Pending && b.status != BootStatus::Skipped) return &b;
    }
    return nullptr;
}

// A failed boot is redone (a rejected row is not); the budget in boots
// bounds the redos of a row that keeps failing. The same failure twice in a
// row is deterministic (a user the guest lacks, a config that cannot run):
// the row ends there instead of spending the budget on it.
void redo(ScheduleState& state, std::size_t boot) {
    const BootRecord& b = state.boots[boot];
    if (countWith(state, b.row, BootStatus::Rejected) > 0) return;
    const BootRecord* before = previousSettled(state, boot);
    if (before && before->status == BootStatus::Failed && failureKind(before->reason) == failureKind(b.reason) &&
        b.reason.rfind("interrupted", 0) != 0) {
        skipPending(state, "row " + b.row + " failed twice the same way: " + b.reason, b.row);
        return;
    }
    addPending(state, b.row);
}

void addRoundNumber(ScheduleState& state, const MatrixSpec& spec, int round) {
    const bool backwards = spec.order == BootOrder::Mirrored && round % 2 == 1;
    for (std::size_t i = 0; i < spec.rows.size(); ++i)
        addPending(state, spec.rows[backwards ? spec.rows.size() - 1 - i : i].name);
}

}  // namespace

ScheduleState initialState(const MatrixSpec& spec, const std::string& digest, long long now) {
    ScheduleState st;
    st.digest = digest;
    st.started = now;
    for (int round = 0; round < spec.bootsPerRow; ++round) addRoundNumber(st, spec, round);
    return st;
}

int completedRound(const ScheduleState& state, const MatrixSpec& spec) {
    int least = -1;
    for (const auto& r : spec.rows) {
        const int n = countWith(state, r.name, BootStatus::Accepted);
        least = least < 0 ? n : std::min(least, n);
    }
    return std::max(least, 0);
}

int lastRound(const MatrixSpec& spec) { return spec.budgetBoots / int(spec.rows.size()); }

void addRound(ScheduleState& state, const MatrixSpec& spec) {
    addRoundNumber(state, spec, completedRound(state, spec));
}

bool hasPending(const ScheduleState& state) {
    for (const auto& b : state.boots)
        if (b.status == BootStatus::Pending) return true;
    return false;
}

std::optional<std::size_t> nextBoot(ScheduleState& state, const MatrixSpec& spec, long long now) {
    std::optional<std::size_t> next;
    for (std::size_t i = 0; i < state.boots.size() && !next; ++i)
        if (state.boots[i].status == BootStatus::Pending) next = i;
    if (!next) return std::nullopt;
    if (bootsUsed(state) >= spec.budgetBoots) {
        skipPending(state, "budget spent: " + std::to_string(spec.budgetBoots) + " boots");
        return std::nullopt;
    }
    if (now - state.started >= spec.budgetSeconds) {
        skipPending(state, "budget spent: " + std::to_string(spec.budgetSeconds / 60) + " minutes");
        return std::nullopt;
    }
    return next;
}

std::optional<std::size_t> nextBootOrMore(ScheduleState& state, const MatrixSpec& spec, long long now,
                                          const MoreBoots& more) {
    auto next = nextBoot(state, spec, now);
    if (!next && more && more(state)) next = nextBoot(state, spec, now);
    return next;
}

int failInterrupted(ScheduleState& state, BootStatus which, const std::string& why) {
    int n = 0;
    for (std::size_t i = 0; i < state.boots.size(); ++i)
        if (state.boots[i].status == which) {
            markFailed(state, i, why);
            ++n;
        }
    return n;
}

void markAccepted(ScheduleState& state, std::size_t boot) {
    auto& b = state.boots.at(boot);
    b.iteration = nextIteration(state, b.row);
    b.status = BootStatus::Accepted;
    b.reason.clear();
}

void markRejected(ScheduleState& state, std::size_t boot, const std::string& why) {
    auto& b = state.boots.at(boot);
    b.status = BootStatus::Rejected;
    b.reason = why;
    skipPending(state, "row " + b.row + " rejected at boot " + std::to_string(b.number), b.row);
}

void markFailed(ScheduleState& state, std::size_t boot, const std::string& why) {
    state.boots.at(boot).status = BootStatus::Failed;
    state.boots[boot].reason = why;
    redo(state, boot);
}

int rowIterations(const ScheduleState& state, const std::string& row) {
    const auto it = state.iterations.find(row);
    return it == state.iterations.end() ? 1 : it->second;
}

int nextIteration(const ScheduleState& state, const std::string& row) {
    return countWith(state, row, BootStatus::Accepted) * rowIterations(state, row);
}

int countWith(const ScheduleState& state, const std::string& row, BootStatus status) {
    int n = 0;
    for (const auto& b : state.boots) n += b.row == row && b.status == status;
    return n;
}

std::string planText(const MatrixSpec& spec) {
    std::ostringstream out;
    out << "mitigation-matrix: plan: " << spec.rows.size() << " rows x " << spec.bootsPerRow
        << " boots = " << spec.rows.size() * std::size_t(spec.bootsPerRow) << " boots, "
        << (spec.order == BootOrder::Mirrored ? "mirrored" : "interleaved") << "; budget " << spec.budgetBoots
        << " boots, " << spec.budgetSeconds / 60 << " min\n";
    std::map<int, std::vector<std::string>> rowsBy;  // iterations per boot -> rows
    for (const auto& r : spec.rows) rowsBy[bootIterations(spec, r)].push_back(r.name);
    for (const auto& [n, rows] : rowsBy) {
        out << "mitigation-matrix: plan: each boot";
        if (rowsBy.size() > 1) {
            out << " of";
            for (const auto& r : rows) out << " " << r;
        }
        out << " runs its config " << n << (n == 1 ? " time" : " times")
            << (spec.iterationsPerBoot > 0 ? " (iterations-per-boot)" : " (its MMTEST_ITERATIONS)")
            << ": the boot is the verdict's unit, its iterations are its samples\n";
    }
    return out.str();
}

std::string rowsFileText(const ScheduleState& state, const MatrixSpec& spec) {
    std::ostringstream out;
    for (const auto& r : spec.rows) {
        const int accepted = countWith(state, r.name, BootStatus::Accepted);
        std::string why;  // the row's last word: a rejection, else its last failure or skip
        bool rejected = false;
        for (const auto& b : state.boots)
            if (b.row == r.name && !rejected && !b.reason.empty() &&
                (b.status == BootStatus::Rejected || b.status == BootStatus::Failed ||
                 b.status == BootStatus::Skipped)) {
                why = b.reason;
                rejected = b.status == BootStatus::Rejected;
            }
        out << "row " << r.name;
        if (rejected) out << " rejected " << why << "\n";
        else if (accepted >= spec.bootsPerRow) out << " accepted " << accepted << "\n";
        else out << " short " << accepted << " of " << spec.bootsPerRow << ": " << (why.empty() ? "-" : why) << "\n";
    }
    return out.str();
}

std::string summary(const ScheduleState& state, const MatrixSpec& spec) {
    std::ostringstream out;
    for (const auto& r : spec.rows) {
        out << "  " << r.name << ": " << countWith(state, r.name, BootStatus::Accepted) << " accepted, "
            << countWith(state, r.name, BootStatus::Rejected) << " rejected, "
            << countWith(state, r.name, BootStatus::Failed) << " failed, "
            << countWith(state, r.name, BootStatus::Pending) << " to go";
        for (const auto& b : state.boots)
            if (b.row == r.name && b.status == BootStatus::Rejected)
                out << "\n    rejected boot " << b.number << ": " << b.reason;
        out << "\n";
    }
    return out.str();
}

}  // namespace mmtp::matrix
