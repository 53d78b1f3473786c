#!/bin/bash
# By hand, without MMTests: run-config runs our configs (nothing but their
# exported variables reaches the binaries), compare-mmtests reads the logs,
# and the seed A/B config refuses to measure when its pulse step fails.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || { echo "run-config not built"; exit 77; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
tiny() { sed -e 's/^export PIPE_PINGPONG_LOOPS=.*/export PIPE_PINGPONG_LOOPS=2000/' \
	-e 's/^export PIPE_PINGPONG_ITERATIONS=.*/export PIPE_PINGPONG_ITERATIONS=3/' "$1"; }

tiny "$TOP/configs/config-scheduler-pipe-pingpong-pinned" > "$work/pinned"
for r in R1 R2; do
	"$BIN/run-config" "$work/pinned" $r --work-dir "$work/w" >"$work/$r.out" 2>&1 || fail "run-config $r: $(tail -3 "$work/$r.out")"
	[ "$(ls "$work/w/log/$r/iter-0/pipe-pingpong/logs" | grep -c '^benchlog-_-_-')" = 3 ] || fail "$r: logs"
done
if [ -x "$BIN/compare-mmtests" ]; then
	"$BIN/compare-mmtests" -d "$work/w/log" -b pipe-pingpong -n R1,R2 >"$work/cmp" 2>&1 || fail "compare-mmtests: $(cat "$work/cmp")"
	cat "$work/cmp"
	grep -Eq '^Amean +usecs-op ' "$work/cmp" || fail "no usecs-op row"
fi

# Seed A/B, protect arm: with per-task control the pulse runs and the workload
# is measured; without it (this VM) both refuse, and nothing is measured.
tiny "$TOP/configs/config-scheduler-ibpb-pulse-protect-pipe-pingpong" > "$work/ab"
"$BIN/run-config" "$work/ab" P1 --work-dir "$work/w" >"$work/p.out" 2>&1
rc=$?
it=$work/w/log/P1/iter-0
# PR_GET(INDIRECT_BRANCH) as /proc shows it: "conditional ..." = PRCTL bit set,
# "always enabled" = ENABLE (2) without it (this VM).
ib=$(sed -n 's/^SpeculationIndirectBranch:[[:space:]]*//p' /proc/self/status)
case "$ib" in conditional*) mask=3;; "always enabled") mask=2;; *) mask=0;; esac
if [ $((mask & 1)) = 0 ] && [ "$(id -u)" = 0 ]; then
	[ $rc != 0 ] || fail "run-config succeeded although the pulse cannot work here"
	# recorded as run-single-test.sh records a failed bench (255); the status is on stdout
	grep -Eq '^test end :: ibpb-pulse [0-9]+ 255$' "$it/tests-timestamp" || fail "ibpb-pulse: $(cat "$it/tests-timestamp")"
	grep -q '^run-config: ibpb-pulse exited with status 5 ' "$work/p.out" || fail "ibpb-pulse's status 5 not reported"
	grep -Eq '^test end :: pipe-pingpong [0-9]+ 255$' "$it/tests-timestamp" || fail "pipe-pingpong was not refused"
	grep -q '^run-config: pipe-pingpong exited with status 1 ' "$work/p.out" || fail "pipe-pingpong's status 1 not reported"
	grep -q 'refusing to measure: .*ibpb-pulse.status says the pulses failed' "$work/p.out" || fail "refusal message: $(cat "$work/p.out")"
	! ls "$it/pipe-pingpong/logs" 2>/dev/null | grep -q benchlog || fail "measured after a failed pulse"
	echo "A/B protect arm refused as it must be here"
elif [ $((mask & 1)) = 1 ]; then
	[ $rc = 0 ] || fail "A/B protect arm failed: $(tail -5 "$work/p.out")"
	grep -q '^ok protect ' "$it/ibpb-pulse/logs/ibpb-pulse.status" || fail "status"
fi
