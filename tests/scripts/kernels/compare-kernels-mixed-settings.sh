#!/bin/bash
# test-slow: two seed recipes run short (about 45 s)
# Runs that belong together: seed 002's recipe run after seed 001's in ONE
# work dir (their docs' short settings; seed 001's four modes all run in
# baseline mode, as this VM has no per-task IB control). compare-kernels
# --verdict lkp must compare seed 002's runs only (base against new): seed
# 001's pipe-pingpong runs ran other settings (PIPE_PINGPONG_LOOPS) and are
# named in one line and left out, not taken as the LKP baseline.
# --mix-settings keeps them (then baseline is the first run again).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong seccomp-churn fiolike compare-kernels; do
	[ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Seed 001's recipe (docs/seed-recipes.md), baseline mode under each name.
# These runs are only there to be left out: two iterations each (as many
# as seed 002's below: a run with fewer samples than another is left out
# as incomplete instead, before its settings are looked at), without
# monitors (the monitors' settle alone cost 5 s a run; neither is in the
# settings compared).
for m in baseline d parent both; do
	(cd "$work" && "$BIN/run-config" "$TOP/configs/config-scheduler-pipe-pingpong-pinned" $m \
		--set PIPE_PINGPONG_MODE=baseline --set PIPE_PINGPONG_LOOPS=100000 --set PIPE_PINGPONG_ITERATIONS=2 \
		--set RUN_MONITOR=no) \
		> "$work/$m.out" 2>&1 || fail "run-config $m: $(tail -3 "$work/$m.out")"
done
# Seed 002's recipe after it, in the same work dir, shortened (its doc's
# 20,000 loops, two iterations: enough for a mean and a stddev).
for r in base new; do
	(cd "$work" && "$BIN/run-config" "$TOP/configs/config-workload-lkp-mix" $r \
		--set MMTEST_ITERATIONS=1 --set SECCOMP_CHURN_RUNTIME=1 --set SECCOMP_CHURN_ITERATIONS=2 \
		--set PIPE_PINGPONG_LOOPS=20000 --set PIPE_PINGPONG_ITERATIONS=2 \
		--set FIO_SIZE=16m --set FIO_RUNTIME=1 --set FIO_RAMP_TIME=0) \
		> "$work/$r.out" 2>&1 || fail "run-config $r: $(tail -5 "$work/$r.out")"
done

"$BIN/compare-kernels" -C "$work/work/log" --verdict lkp --all > "$work/k.txt" 2> "$work/k.err" ||
	fail "compare-kernels: $(cat "$work/k.err")"
sed -n '/^LKP comparison across benchmarks$/,/^=== MMTests compare-kernels.sh report ===$/p' "$work/k.txt" | tee "$work/lkp"
note='Runs with other pipe-pingpong settings than new (the last run): baseline, d, parent, both (PIPE_PINGPONG_LOOPS=100000, not PIPE_PINGPONG_LOOPS=20000); left out of verdicts (--mix-settings keeps them)'
grep -Fxq "$note" "$work/k.txt" || fail "no line naming the runs left out in the report; verdict block: $(sed -n '1,/^=== MMTests/p' "$work/k.txt")"
grep -Fq "$note" "$work/k.err" || fail "no warning naming the runs left out: $(cat "$work/k.err")"
[ "$(grep -c '±stddev' "$work/lkp")" = 1 ] || fail "want one LKP table (new against base), got $(grep -c '±stddev' "$work/lkp")"
grep -Eq '^ +base +±stddev +%change +new +±stddev' "$work/lkp" || fail "the table is not base against new"
# The pipe-pingpong row's base is base's own samples, not seed 001's baseline.
want=$(cat "$work/work/log/base"/iter-*/pipe-pingpong/logs/benchlog-* | awk '/usecs\/op/ { s += $1; n++ } END { printf "%.2f", s / n }')
got=$(awk '/ pipe-pingpong\.usecs-op$/ { print $1 }' "$work/lkp")
[ "$got" = "$want" ] || fail "pipe-pingpong's base column is $got, base's own samples' mean is $want"
echo "ok: seed 002's runs compared alone; seed 001's named and left out"

"$BIN/compare-kernels" -C "$work/work/log" --verdict lkp --all --mix-settings > "$work/m.txt" 2> "$work/m.err" ||
	fail "compare-kernels --mix-settings: $(cat "$work/m.err")"
grep -q 'Runs with other' "$work/m.txt" "$work/m.err" && fail "--mix-settings still leaves runs out"
[ "$(grep -c '±stddev' "$work/m.txt")" -gt 1 ] || fail "--mix-settings: want one LKP table per later run, as before"
echo "ok: --mix-settings keeps them"
exit 0
