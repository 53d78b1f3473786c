#!/bin/bash
# Runs that share a boot are not compared as kernels: when B's iterations
# carry A's boot ids (run-config run twice and the reboot forgotten: the new
# kernel never booted), the verdict counted that boot on both sides and
# called "no change". compare-kernels names the runs and the boot in one line
# and refuses (exit 1; 125 under --bisect). A tree whose every run recorded
# one and the same boot (the one-boot design: the demo) is compared as before.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
case=$GOLDENS/cases/redis-basic/log

# tree DIR A-BOOTS B-BOOTS: runs a and b (the golden run's iter-0 copied per
# boot id), each iter-N in the boot named.
tree() {
	local dir=$1 run boots i id
	for run in a b; do
		[[ $run == a ]] && boots=$2 || boots=$3
		i=0
		for id in $boots; do
			mkdir -p "$dir/$run" && cp -a "$case/v7.3/iter-0" "$dir/$run/iter-$i"
			echo "$id" > "$dir/$run/iter-$i/boot-id"
			i=$((i + 1))
		done
		echo "1700000000 status :: 0" > "$dir/$run/mmtests-activity"
	done
}
x1=11111111-1111-4111-8111-111111111111 x2=22222222-2222-4222-8222-222222222222 x3=33333333-3333-4333-8333-333333333333

tree forgot "$x1 $x2" "$x2 $x3"  # b's first iteration ran in a's second boot
"$BIN/compare-kernels" -C forgot > out.txt 2> err.txt; rc=$?
[[ $rc == 1 ]] || fail "runs sharing a boot: exit $rc, want 1: $(tail -3 err.txt)"
grep -qx "compare-kernels: runs a, b share boot $x2 (iter-N/boot-id): runs that ran in one boot are one kernel, not two (was a reboot forgotten?); refusing to compare them" err.txt ||
	fail "runs sharing a boot: said: $(cat err.txt)"
[[ ! -s out.txt ]] || fail "runs sharing a boot: a report was printed: $(head -5 out.txt)"
"$BIN/compare-kernels" -C forgot --bisect > /dev/null 2> err.txt; rc=$?
[[ $rc == 125 ]] || fail "runs sharing a boot under --bisect: exit $rc, want 125 (skip): $(cat err.txt)"
echo "ok: runs sharing a boot are named and refused (exit 1; 125 under --bisect)"

tree booted "$x1 $x2" "$x3"
"$BIN/compare-kernels" -C booted > out.txt 2> err.txt || fail "own boots: exit $?: $(cat err.txt)"
grep -q "^Verdict for redis: b against a" out.txt || fail "own boots: no verdict: $(head -20 out.txt)"
tree oneboot "$x1" "$x1"
"$BIN/compare-kernels" -C oneboot > out.txt 2> err.txt || fail "every run in one boot: exit $?: $(cat err.txt)"
grep -q "every run in one boot" out.txt || fail "one boot: the unit is not said: $(grep -i unit out.txt)"
echo "ok: runs in their own boots, and every run in one boot (the one-boot design), are compared as before"
