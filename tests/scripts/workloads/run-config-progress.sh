#!/bin/bash
# run-config says where a run is (issue 19): before each benchmark
# "run-config: iteration i/N, benchmark j/M (NAME), elapsed Xs, ETA Ys", in
# order, one ETA for the whole rest of the run; and a config that puts vmstat
# in MONITORS_GZIP or MONITORS_ALWAYS (no timestamps, so MMTests' vmstat
# parser reads each column one off) is warned about, in --dry-run and in the
# run, naming MONITORS_WITH_LATENCY.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong seccomp-churn; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
command -v vmstat > /dev/null || { echo "vmstat not installed"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
cat > config <<'CFG'
export MMTESTS="pipe-pingpong seccomp-churn"
export MMTEST_ITERATIONS=2
export RUN_MONITOR=yes
export MONITORS_ALWAYS=
export MONITORS_GZIP="vmstat"
export MONITORS_WITH_LATENCY=
export MONITOR_UPDATE_FREQUENCY=1
export PIPE_PINGPONG_LOOPS=2000
export PIPE_PINGPONG_ITERATIONS=2
export SECCOMP_CHURN_RUNTIME=1
export SECCOMP_CHURN_ITERATIONS=1
CFG
warning="run-config: warning: vmstat in MONITORS_GZIP is logged without latency-output's timestamps; .* put vmstat in MONITORS_WITH_LATENCY instead"
"$BIN/run-config" config R --dry-run > plan.out 2>&1 || fail "dry-run: $(cat plan.out)"
grep -qx "$warning" plan.out || fail "--dry-run does not warn about vmstat in MONITORS_GZIP: $(cat plan.out)"
"$BIN/run-config" config R > run.out 2>&1 || fail "run: exit $?: $(tail -5 run.out)"
grep -qx "$warning" run.out || fail "the run does not warn about vmstat in MONITORS_GZIP"
grep -E '^run-config: iteration ' run.out > progress
[ "$(wc -l < progress)" = 4 ] || fail "want 4 progress lines: $(cat progress)"
want=("1/2, benchmark 1/2 (pipe-pingpong)" "1/2, benchmark 2/2 (seccomp-churn)" "2/2, benchmark 1/2 (pipe-pingpong)" "2/2, benchmark 2/2 (seccomp-churn)")
for i in 0 1 2 3; do
	line=$(sed -n "$((i + 1))p" progress)
	[[ $line == "run-config: iteration ${want[$i]}, elapsed "* ]] || fail "line $((i + 1)) is not iteration ${want[$i]}: $line"
	echo "$line" | grep -Eq '\), elapsed [0-9]+s, ETA [0-9]+s$' || fail "line $((i + 1)) has no elapsed and ETA: $line"
done
# elapsed never goes back
awk -F'elapsed |s, ETA |s$' '{ if ($2 + 0 < last) bad = 1; last = $2 + 0 } END { exit bad }' progress || fail "elapsed went back: $(cat progress)"
# a run with MONITORS_WITH_LATENCY=vmstat is not warned about
sed -i 's/^export MONITORS_GZIP="vmstat"/export MONITORS_GZIP=/; s/^export MONITORS_WITH_LATENCY=$/export MONITORS_WITH_LATENCY=vmstat/' config
"$BIN/run-config" config R2 --dry-run > plan2.out 2>&1 || fail "dry-run 2: $(cat plan2.out)"
grep -q 'warning: vmstat' plan2.out && fail "vmstat in MONITORS_WITH_LATENCY was warned about"
echo "ok: 4 progress lines in order with elapsed and ETA; vmstat without timestamps warned about ($(tail -1 progress))"
