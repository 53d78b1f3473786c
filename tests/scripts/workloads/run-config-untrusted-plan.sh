#!/bin/bash
# run-config's plan from hostile input (issue 31, R1/R2):
# - R1: the learned --dry-run names the earlier runs it measured from; a run
#   dir named with ESC and OSC 52 (anyone who can create a dir in WORK/log)
#   is shown escaped, never raw;
# - R2: --set PIPE_PINGPONG_LOOPS=1e308 (inf, -1) printed a negative
#   estimate and exited 0, and the real run claimed its name and failed: now
#   both stop with one line naming the variable, exit 2, before the run dir
#   exists, and the name stays free for a run with a sane value.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
cat > config <<'CFG'
export MMTESTS="pipe-pingpong"
export RUN_MONITOR=no
export PIPE_PINGPONG_LOOPS=1000
export PIPE_PINGPONG_ITERATIONS=1
export PIPE_PINGPONG_BINDING=none
CFG

# R1: an earlier run under a hostile name.
"$BIN/run-config" config A > a.out 2>&1 || fail "run A: $(tail -5 a.out)"
evil=$'x\e]52;c;cHduZWQ=\a\e[2Ky'
mv work/log/A "work/log/$evil"
"$BIN/run-config" config B --dry-run > plan.out 2>&1 || fail "dry-run: $(cat plan.out)"
grep -q 'measured: 1 earlier iteration' plan.out || fail "the earlier run was not learned from: $(cat plan.out)"
! grep -q $'[\x01-\x08\x0b-\x1f\x7f]' plan.out || fail "a raw control character reached the terminal: $(cat -v plan.out)"
grep -qF 'in work/log/x\e]52;c;cHduZWQ=\x07\e[2Ky)' plan.out || fail "the run's name is not shown escaped: $(cat -v plan.out)"
echo "ok: an earlier run named with ESC/OSC 52 is shown escaped"

# R2: impossible values, dry-run and real run.
for v in 1e308 inf -1 nan 99999999999; do
	"$BIN/run-config" config C --set "PIPE_PINGPONG_LOOPS=$v" --dry-run > d.out 2> d.err
	rc=$?
	[ $rc = 2 ] || fail "--dry-run with PIPE_PINGPONG_LOOPS=$v: exit $rc, want 2: $(cat d.out d.err)"
	[ "$(wc -l < d.err)" = 1 ] && grep -q 'PIPE_PINGPONG_LOOPS' d.err ||
		fail "--dry-run with PIPE_PINGPONG_LOOPS=$v: want one line naming the variable: $(cat d.err)"
	! grep -q -- '-[0-9]* s' d.out || fail "a negative estimate: $(cat d.out)"
	"$BIN/run-config" config C --set "PIPE_PINGPONG_LOOPS=$v" > r.out 2> r.err
	rc=$?
	[ $rc = 2 ] || fail "run with PIPE_PINGPONG_LOOPS=$v: exit $rc, want 2: $(tail -3 r.out r.err)"
	grep -q 'PIPE_PINGPONG_LOOPS' r.err || fail "run with PIPE_PINGPONG_LOOPS=$v: the error does not name it: $(cat r.err)"
	[ ! -e work/log/C ] || fail "run with PIPE_PINGPONG_LOOPS=$v claimed work/log/C"
done
echo "ok: 1e308, inf, -1, nan and 99999999999 loops: one line naming PIPE_PINGPONG_LOOPS, exit 2, C not claimed"
# Values the bench takes but whose product is absurd are shown saturated, never negative.
"$BIN/run-config" config C --set PIPE_PINGPONG_LOOPS=2000000000 --set PIPE_PINGPONG_ITERATIONS=100000 \
	--set MMTEST_ITERATIONS=999999 --dry-run > big.out 2>&1 || fail "a big but valid plan: $(cat big.out)"
grep -Eq '^estimated duration: [0-9]+ h [0-9]{2} min \(1000000000 s\)$' big.out || fail "not saturated: $(cat big.out)"
"$BIN/run-config" config C > c.out 2>&1 || fail "the name C was burnt: $(tail -3 c.out)"
echo "ok: a huge valid plan is shown saturated; C is still free"

# A benchmark listed twice would log twice into ITER/BENCH/logs: refused.
"$BIN/run-config" config D --set MMTESTS="pipe-pingpong pipe-pingpong" > dup.out 2> dup.err
rc=$?
[ $rc = 2 ] && [ "$(wc -l < dup.err)" = 1 ] && grep -q "lists pipe-pingpong twice" dup.err ||
	fail "MMTESTS with pipe-pingpong twice: exit $rc: $(cat dup.err)"
[ ! -e work/log/D ] || fail "the refused run claimed work/log/D"
echo "ok: a benchmark listed twice is refused before the run dir is claimed"
