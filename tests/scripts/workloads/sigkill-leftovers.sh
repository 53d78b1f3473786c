#!/bin/bash
# After a SIGKILL nothing can clean up, so what a run leaves carries the pid
# that made it, and the next run removes its own stale leftovers (issue 14,
# item 13): fiolike's /tmp/fiolike-PID-* with its data file, redis-zpopmin's
# $TMPDIR/redis-zpopmin-PID-*, and "NAME.tmp.PID.*" result files in a log
# dir. What belongs to a live pid or to another prefix is left alone.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/fiolike" ] || fail "$BIN/fiolike not built"
work=$(mktemp -d)
killed=
trap '[ -n "$killed" ] && rm -rf /tmp/fiolike-"$killed"-*; rm -rf "$work"' EXIT

# a pid that is gone: a reaped child's
dead_pid() { sh -c 'echo $$'; }
# running PID: it exists and is not a zombie (init may reap it late)
running() {
	local state
	state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
	[ -n "$state" ] && [ "$state" != Z ]
}

# 1. fiolike SIGKILLed mid-run leaves its scratch dir and data file...
"$BIN/fiolike" --quiet --rw randread --size 32m --runtime 30 --time_based --logdir "$work/f1" 2>/dev/null &
killed=$!
for i in $(seq 100); do
	[ -n "$(find /tmp/fiolike-"$killed"-* -type f 2>/dev/null)" ] && break
	sleep 0.1
done
sleep 0.5
kill -9 $killed
wait $killed 2>/dev/null
left=$(ls -d /tmp/fiolike-"$killed"-* 2>/dev/null)
[ -n "$left" ] || fail "fiolike: nothing was left to clean up (was the scratch dir renamed?)"
[ -n "$(find $left -type f)" ] || fail "fiolike: no data file in $left"
# ... with a result file it was writing; a live pid's and another name's stay.
mkdir -p "$work/f2"
dead=$(dead_pid)
touch "$work/f2/fio.log.tmp.$dead.Ab12Cd" "$work/f2/fio.log.tmp.$$.Ab12Cd" "$work/f2/other.log.tmp.$dead.Ab12Cd"
# The next run removes them.
"$BIN/fiolike" --quiet --rw read --size 1m --runtime 1 --logdir "$work/f2" || fail "fiolike: next run exited $?"
[ -z "$(ls -d /tmp/fiolike-"$killed"-* 2>/dev/null)" ] || fail "fiolike: the next run left $left"
[ ! -e "$work/f2/fio.log.tmp.$dead.Ab12Cd" ] || fail "fiolike: stale fio.log.tmp.$dead.* left"
[ -e "$work/f2/fio.log.tmp.$$.Ab12Cd" ] || fail "fiolike: removed a live pid's temp file"
[ -e "$work/f2/other.log.tmp.$dead.Ab12Cd" ] || fail "fiolike: removed another name's temp file"
[ -s "$work/f2/fio.log" ] || fail "fiolike: next run wrote no fio.log"
echo "ok: fiolike: $left (with its data file) and fio.log.tmp.$dead.* removed by the next run"

# 2. redis-zpopmin SIGKILLed mid-run: its server dies with it (PDEATHSIG),
#    its temp dir stays until the next run.
if command -v redis-server >/dev/null; then
	export TMPDIR=$work/tmp
	mkdir -p "$TMPDIR"
	"$BIN/redis-zpopmin" --logdir "$work/r1" -n 100000000 --iterations 1 -t get --persistence memonly >"$work/r1.out" 2>&1 &
	rz=$!
	for i in $(seq 100); do
		grep -q '^redis-server pid ' "$work/r1.out" && break
		sleep 0.1
	done
	server=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' "$work/r1.out" | tail -1)
	[ -n "$server" ] || fail "redis-zpopmin: the server never started: $(cat "$work/r1.out")"
	kill -9 $rz
	wait $rz 2>/dev/null
	sleep 1
	! running "$server" || { kill -9 "$server"; fail "redis-zpopmin: redis-server $server outlived a SIGKILLed redis-zpopmin"; }
	left=$(ls -d "$TMPDIR"/redis-zpopmin-$rz-* 2>/dev/null)
	[ -n "$left" ] || fail "redis-zpopmin: nothing was left to clean up: $(ls "$TMPDIR")"
	"$BIN/redis-zpopmin" --logdir "$work/r2" -n 2000 --iterations 1 -t get --persistence memonly >"$work/r2.out" 2>&1 ||
		fail "redis-zpopmin: next run failed: $(tail -3 "$work/r2.out")"
	[ -z "$(ls -A "$TMPDIR")" ] || fail "redis-zpopmin: the next run left $(ls "$TMPDIR")"
	echo "ok: redis-zpopmin: redis-server died with it, $left removed by the next run"
else
	echo "redis-server not installed: redis-zpopmin part skipped"
fi
