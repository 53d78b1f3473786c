#!/bin/bash
# test-serial: TCG guests beside other tests run slower and burn about twice the CPU
# Seed 000's matrix (configs/matrix-seed-000-protect-sham, its rows' kernel
# set to Debian's cloud kernel) under qemu: the guest has a nobody user and
# util-linux's setpriv, so ibpb-pulse gets as far as the CPU; TCG has no
# per-task indirect-branch control, so the pulses refuse and each row fails
# the same way twice and ends there, with the pulse's own words as the
# reason, instead of spending the budget on one deterministic failure.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
command -v redis-server >/dev/null || skip "no redis-server (the seed's configs run redis-zpopmin)"
start_guest_test

# The seed's matrix as it is, but for the kernel and the configs' folder.
sed -e 's|^kernel = running$|kernel = ${MATRIX_KERNEL}|' -e "s|^config = |config = $TOP/configs/|" \
	"$TOP/configs/matrix-seed-000-protect-sham" >"$work/matrix"
grep -q '^kernel = running' "$work/matrix" && fail "the seed matrix kept a running kernel"
w=$work/w
"$BIN/mitigation-matrix" "$work/matrix" --work-dir "$w" >"$work/out" 2>&1
rc=$?
grep -E '^mitigation-matrix: boot|^  ' "$work/out"
state=$w/matrix/state
if grep -q '^boot [0-9]* protect accepted ' "$state"; then
	echo "per-task IB control works in this guest: the rows were measured"
	exit 0
fi
[ $rc = 1 ] || fail "exit $rc, want 1"
for row in protect sham; do
	[ "$(grep -c "^boot [0-9]* $row failed " "$state")" = 2 ] || fail "$row: not two failures: $(cat "$state")"
	grep -q "^boot [0-9]* $row skipped .*row $row failed twice the same way: run-config exited 1: ibpb-pulse: .*no per-task indirect-branch control here" "$state" ||
		fail "$row did not end on its second failure with the pulse's words: $(cat "$state")"
done
[ "$(grep -cE '^boot [0-9]+ [a-z]+ (failed|accepted|rejected) ' "$state")" = 4 ] || fail "more than 4 boots: $(cat "$state")"
grep -q '^row protect short 0 of 3: row protect failed twice the same way' "$w/log/matrix-rows.txt" ||
	fail "matrix-rows.txt: $(cat "$w/log/matrix-rows.txt")"
echo "ok: seed 000 under TCG ends after two boots a row, saying per-task IB control is absent"
