#!/bin/bash
# Every workload with iterations says where it is: after each one
# "WORKLOAD: iteration x/y done[ (what)], elapsed Ns, ETA Ms", x counting
# 1..y in order and the last ETA 0; fiolike also says when it lays out a
# file (start and end, bytes of total) and that it ramps, before measuring.
# The older lines tests grep ("iteration x/y" at the start of a line) stay;
# fiolike repeats jobs, not iterations, and says "job x/y".
set -u
BIN=${BIN:-$TOP/build/bin}
work=$(mktemp -d /tmp/workload-progress.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# $1 workload, $2 total, $3 output file[, $4 unit, default iteration]: the
# progress lines are 1..total in order.
progress_ok() {
	local n unit=${4:-iteration}
	n=$(grep -cE "^$1: $unit [0-9]+/$2 done( \([^)]*\))?, elapsed [0-9]+s, ETA [0-9]+s\$" "$3")
	[ "$n" -eq "$2" ] || { cat "$3"; fail "$1: $n progress lines, want $2"; }
	for x in $(seq 1 "$2"); do
		[ "$(grep "^$1: $unit " "$3" | sed -n "${x}p" | sed "s/^[^ ]* $unit \([0-9]*\)\/.*/\1/")" = "$x" ] ||
			{ cat "$3"; fail "$1: progress line $x is not $unit $x/$2"; }
	done
	grep "^$1: $unit $2/$2 done" "$3" | grep -q ', ETA 0s$' || fail "$1: the last line's ETA is not 0"
	echo "ok: $1 prints $unit 1..$2/$2 with elapsed and ETA"
}

"$BIN/pipe-pingpong" --loops 2000 --iterations 3 --logdir "$work/pp" > "$work/pp.out" || fail "pipe-pingpong exited $?"
progress_ok pipe-pingpong 3 "$work/pp.out"
grep -q '^iteration 3/3$' "$work/pp.out" || fail "pipe-pingpong lost its 'iteration 3/3' line"

# 1..2 instances x 2 iterations: the progress counts all 4 runs.
"$BIN/seccomp-churn" --ops 2 --min-threads 1 --max-threads 2 --iterations 2 --logdir "$work/sc" > "$work/sc.out" ||
	fail "seccomp-churn exited $?"
progress_ok seccomp-churn 4 "$work/sc.out"
grep -q '^seccomp-churn: iteration 3/4 done (instances 2)' "$work/sc.out" || fail "seccomp-churn: run 3 is not 2 instances"

if command -v redis-server >/dev/null; then
	"$BIN/redis-zpopmin" -n 2000 --iterations 2 --min-clients 1 --max-clients 2 -t get --persistence memonly \
		--logdir "$work/rz" > "$work/rz.out" || fail "redis-zpopmin exited $?"
	progress_ok redis-zpopmin 4 "$work/rz.out"
	[ "$(grep -c '^iteration' "$work/rz.out")" -eq 4 ] || fail "redis-zpopmin: its 'iteration' lines changed"
else
	echo "note: redis-server not installed; redis-zpopmin not checked"
fi

# fiolike: two patterns, a 32 MiB file each, a short ramp.
"$BIN/fiolike" --rw "read write" --size 32m --ramp_time 1 --runtime 1 --time_based \
	--logdir "$work/fl" > "$work/fl.out" || fail "fiolike exited $?"
progress_ok fiolike 2 "$work/fl.out" job
grep -q "^fiolike: iteration" "$work/fl.out" && fail "fiolike calls its jobs iterations"
for job in psync-read-4k-j1-qd1 psync-write-4k-j1-qd1; do
	grep "^job $job: " "$work/fl.out" > "$work/$job.lines"
	grep -nE "^job $job: laying out /.*/$job\.0\.0: 0/32 MiB\$" "$work/$job.lines" | head -1 | grep -q '^2:' ||
		{ cat "$work/fl.out"; fail "fiolike $job: no layout line right after starting"; }
	grep -nE "^job $job: laying out .*: 32/32 MiB\$" "$work/$job.lines" | grep -q '^3:' ||
		{ cat "$work/fl.out"; fail "fiolike $job: no end-of-layout line"; }
	sed -n 4p "$work/$job.lines" | grep -qx "job $job: ramping 1s, then measuring 1s" ||
		{ cat "$work/fl.out"; fail "fiolike $job: no ramp line after the layout"; }
done
echo "ok: fiolike says when it lays out and ramps, per job"
