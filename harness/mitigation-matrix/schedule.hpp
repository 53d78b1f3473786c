// schedule.hpp - the matrix's state machine, without any booting: which boot
// comes next, what a finished boot changes, and what a crash left behind.
// The backends (qemu, kexec, manual) only carry out what it decides.
#pragma once
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/schedule_state.hpp"

#include <functional>
#include <optional>
#include <string>

namespace mmtp::matrix {

// rows A B C, 2 boots each: interleaved A B C A B C; mirrored A B C C B A.
ScheduleState initialState(const MatrixSpec& spec, const std::string& digest, long long now);

// The index of the boot to run next, or nullopt when the schedule is done or
// the budget (boots started, seconds since the start) is spent: then every
// pending boot is marked skipped with the reason, in `state`.
std::optional<std::size_t> nextBoot(ScheduleState& state, const MatrixSpec& spec, long long now);

// --until-decided's hook: called when no boot is pending, adds boots and
// returns true, or returns false (the schedule is done).
using MoreBoots = std::function<bool(ScheduleState&)>;
// nextBoot, and when nothing is pending, nextBoot again after `more` added
// boots (once: a budget that skips them ends the schedule).
std::optional<std::size_t> nextBootOrMore(ScheduleState& state, const MatrixSpec& spec, long long now,
                                          const MoreBoots& more);

// A boot this process did not see to the end (the process or the machine
// died): marked failed with `why`, and the row gets one more pending boot in
// its place (within the budget). Returns how many were failed.
int failInterrupted(ScheduleState& state, BootStatus which, const std::string& why);

// Outcomes of a boot that ran.
void markAccepted(ScheduleState& state, std::size_t boot);  // iteration = the row's next iter-N
// Rejected: the boot showed a state its row does not allow. The same kernel
// and cmdline will show it again, so the row's pending boots are skipped.
void markRejected(ScheduleState& state, std::size_t boot, const std::string& why);
// Failed (the guest did not come back, the run broke): redone within the
// budget, unless the row's previous boot failed with the same reason (a
// deterministic failure: the row's pending boots are skipped, named).
void markFailed(ScheduleState& state, std::size_t boot, const std::string& why);

// The iterations each boot of `row` runs (the state's, bound when the
// schedule started; 1 in a state that names none), and the first iter-N the
// next accepted boot of `row` becomes.
int rowIterations(const ScheduleState& state, const std::string& row);
int nextIteration(const ScheduleState& state, const std::string& row);
int countWith(const ScheduleState& state, const std::string& row, BootStatus status);

// --until-decided: the rounds every row has completed (the accepted boots of
// the row with fewest), the most the budget in boots allows, and one more
// boot per row in the matrix's order (mirrored: every other round backwards).
int completedRound(const ScheduleState& state, const MatrixSpec& spec);
int lastRound(const MatrixSpec& spec);
void addRound(ScheduleState& state, const MatrixSpec& spec);
bool hasPending(const ScheduleState& state);

// What the schedule will do, said before the first boot: rows, boots per
// row, the iterations each boot runs (its samples: the boot is the
// verdict's unit), the budget.
std::string planText(const MatrixSpec& spec);

// DIR/log/matrix-rows.txt: what became of each row asked (compare-kernels
// names the rows missing from the tree): "row NAME accepted N", "row NAME
// rejected REASON", "row NAME short N of M: REASON".
std::string rowsFileText(const ScheduleState& state, const MatrixSpec& spec);

// One line per row: accepted/rejected/failed counts and the reason of a rejection.
std::string summary(const ScheduleState& state, const MatrixSpec& spec);

}  // namespace mmtp::matrix
