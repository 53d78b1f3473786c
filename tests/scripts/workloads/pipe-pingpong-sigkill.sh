#!/bin/bash
# A SIGKILLed pipe-pingpong, or the run-config running it, leaves no worker
# behind (issue 14, item 11): each forked worker dies with its parent
# (PR_SET_DEATHSIG) within a second, instead of spinning on with PPID 1 until
# its loop ends.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/pipe-pingpong" ] || fail "$BIN/pipe-pingpong not built"
work=$(mktemp -d)
chmod 755 "$work"
watched=()
# Whatever the outcome, nothing of ours outlives the test.
trap 'for p in "${watched[@]}"; do kill -9 "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

descendants() {  # descendants PID: every process below PID
	local c
	for c in $(ps -o pid= --ppid "$1"); do
		echo "$c"
		descendants "$c"
	done
}
running() {  # running PID...: those that exist and are not zombies
	local p state
	for p; do
		state=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f1) || continue
		[ -n "$state" ] && [ "$state" != Z ] && echo "$p"
	done
}
named() {  # named NAME PID...: those running NAME
	local name=$1 p
	shift
	for p; do [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$name" ] && echo "$p"; done
}

# kill_and_check LABEL PID N: once N pipe-pingpong processes run below PID
# (the two workers, and the controller under run-config), SIGKILL PID and
# want every process below it gone within a second.
kill_and_check() {
	local label=$1 root=$2 want=$3 tree workers i
	for i in $(seq 200); do
		tree=$(descendants "$root")
		workers=$(named pipe-pingpong $tree)
		[ "$(echo "$workers" | grep -c .)" -ge "$want" ] && break
		sleep 0.05
	done
	[ "$(echo "$workers" | grep -c .)" -ge "$want" ] || fail "$label: the workers never started: $(ps -o pid,ppid,args --ppid "$root")"
	watched+=($tree)
	kill -9 "$root"
	wait "$root" 2>/dev/null
	sleep 1
	left=$(running $tree)
	[ -z "$left" ] || fail "$label: still running 1 s after SIGKILL: $(ps -o pid,ppid,stat,args -p "$(echo $left | tr ' ' ,)")"
	echo "ok: $label: $(echo $tree | wc -w) processes below it gone within 1 s"
}

"$BIN/pipe-pingpong" --loops 100000000 --iterations 1 --binding none --logdir "$work/pp" >/dev/null 2>&1 &
kill_and_check "pipe-pingpong SIGKILLed" $! 2
[ -z "$(ls "$work/pp" 2>/dev/null)" ] || fail "pipe-pingpong SIGKILLed: wrote $(ls "$work/pp")"

if [ -x "$BIN/run-config" ]; then
	sed -e 's/^export PIPE_PINGPONG_LOOPS=.*/export PIPE_PINGPONG_LOOPS=100000000/' \
		-e 's/^export PIPE_PINGPONG_ITERATIONS=.*/export PIPE_PINGPONG_ITERATIONS=1/' \
		"$TOP/configs/config-scheduler-pipe-pingpong" > "$work/config"
	"$BIN/run-config" "$work/config" killed --work-dir "$work/w" >/dev/null 2>&1 &
	kill_and_check "run-config SIGKILLed" $! 3
fi
