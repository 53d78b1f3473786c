#!/bin/bash
# run-config learns a benchmark's duration from earlier runs in the work dir
# with the same settings (its runtime.opts Run: line): after a real short
# run, --dry-run of a second run name says "measured" with the mean of its
# tests-timestamp elapsed; a --set that changes the bench's settings makes it
# "estimated" again (one that does not, MMTEST_ITERATIONS, keeps it); a
# symlinked run or a failed iteration is not used; and a real run's first ETA
# starts from the measured figure.
set -euo pipefail
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
cat > config <<'CFG'
export MMTESTS="pipe-pingpong"
export MMTEST_ITERATIONS=2
export RUN_MONITOR=no
export PIPE_PINGPONG_LOOPS=100000
export PIPE_PINGPONG_ITERATIONS=2
export PIPE_PINGPONG_BINDING=none
CFG
estimated='^benchmark:  pipe-pingpong  ~[0-9]+ s per iteration \(estimated from the settings; no earlier run with these settings\)$'
# The mean of the time lines' elapsed in the given tests-timestamp files.
mean_elapsed() { awk '/^time :: pipe-pingpong /{ s += $(NF - 1); n++ } END { if (n) printf "%.3f\n", s / n }' "$@"; }
# The whole seconds of the plan's "~N s per iteration".
per_iteration() { sed -nE 's/^benchmark:  pipe-pingpong  ~([0-9]+) s per iteration .*/\1/p' "$1"; }
# |a - b| <= tolerance
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'; }

"$BIN/run-config" config A --dry-run > plan0.out 2>&1 || fail "dry-run before any run: $(cat plan0.out)"
grep -Eq "$estimated" plan0.out || fail "an empty work dir is not 'estimated': $(cat plan0.out)"

"$BIN/run-config" config A > a.out 2>&1 || fail "run A: $(tail -5 a.out)"
[ "$(cat work/log/A/iter-*/tests-timestamp | grep -Ec '^test end :: pipe-pingpong [0-9]+ 0$')" = 2 ] || fail "run A failed"
measured=$(mean_elapsed work/log/A/iter-*/tests-timestamp)
[ -n "$measured" ] || fail "no time lines in run A"
ln -s A work/log/linked  # a symlinked run is never read: still 2 iterations, from A alone

"$BIN/run-config" config B --dry-run > plan.out 2>&1 || fail "dry-run B: $(cat plan.out)"
cat plan.out
line=$(grep -E '^benchmark:  pipe-pingpong ' plan.out) || fail "no benchmark line: $(cat plan.out)"
want="(measured: mean of 2 earlier iterations with these settings, in work/log/A)"
[[ $line == *" per iteration $want" ]] || fail "want '$want': $line"
shown=$(per_iteration plan.out)
near "$shown" "$measured" 1 || fail "the plan says ~$shown s, run A measured $measured s per iteration"
# The total is the measured figure plus the modelled overhead, twice.
overhead=$(sed -nE 's/^overhead: +~([0-9.]+) s per iteration.*/\1/p' plan.out)
[[ -n $overhead ]] || fail "no overhead line: $(cat plan.out)"
total=$(sed -nE 's/^estimated duration: .* \(([0-9]+) s\)$/\1/p' plan.out)
near "$total" "$(awk -v m="$measured" -v o="$overhead" 'BEGIN { print 2 * (m + o) }')" 1 ||
	fail "total $total s is not 2 x ($measured + $overhead)"

"$BIN/run-config" config B --set PIPE_PINGPONG_LOOPS=100001 --dry-run > changed.out 2>&1 || fail "dry-run changed"
grep -Eq "$estimated" changed.out || fail "other settings were taken as measured: $(cat changed.out)"
"$BIN/run-config" config B --set MMTEST_ITERATIONS=3 --dry-run > iters.out 2>&1 || fail "dry-run iterations"
grep -qF "$want" iters.out || fail "MMTEST_ITERATIONS is not a bench setting: $(cat iters.out)"

# A run whose times are 100 s: the mean moves; a failed one (rc 255) is left out.
cp -r work/log/A work/log/slow
cp -r work/log/A work/log/failed
sed -i -E 's/ [0-9.]+ elapsed$/ 100.00 elapsed/' work/log/slow/iter-*/tests-timestamp
sed -i -E 's/ [0-9.]+ elapsed$/ 9999.00 elapsed/; s/^(test end :: pipe-pingpong [0-9]+) 0$/\1 255/' \
	work/log/failed/iter-*/tests-timestamp
"$BIN/run-config" config B --dry-run > slow.out 2>&1 || fail "dry-run slow"
grep -qF 'mean of 4 earlier iterations with these settings' slow.out || fail "want 4 iterations: $(cat slow.out)"
grep -qE '(/|, )failed(,|\))' slow.out && fail "the failed run was used: $(cat slow.out)"
mean4=$(mean_elapsed work/log/A/iter-*/tests-timestamp work/log/slow/iter-*/tests-timestamp)
near "$(per_iteration slow.out)" "$mean4" 1 || fail "the plan is not the mean of A and slow ($mean4 s): $(cat slow.out)"

# The real run's first ETA starts from it (the model alone says about 8 s).
"$BIN/run-config" config C > c.out 2>&1 || fail "run C: $(tail -5 c.out)"
eta=$(sed -nE '0,/^run-config: iteration 1\/2, benchmark 1\/1 /s/.*, ETA ([0-9]+)s$/\1/p' c.out)
near "$eta" "$(awk -v m="$mean4" -v o="$overhead" 'BEGIN { print 2 * (m + o) }')" 2 ||
	fail "first ETA ${eta}s is not 2 x ($mean4 + $overhead)"
echo "ok: run A measured $measured s per iteration; the plan said: $line; first ETA ${eta}s from the measured mean $mean4 s"
