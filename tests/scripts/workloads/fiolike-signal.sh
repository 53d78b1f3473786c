#!/bin/bash
# test-serial: compares every /tmp/fiolike-* directory before and after
# Ctrl-C and SIGTERM: fiolike stops its jobs, removes its files and temp dir,
# writes no result and exits 130 (psync and io_uring; during the layout too).
set -u
BIN=${BIN:-$TOP/build/bin}
work=$(mktemp -d /tmp/fiolike-signal.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# stop SIGNAL DELAY args...
stop() {
	local sig=$1 delay=$2; shift 2
	rm -rf "$work/log"
	local before; before=$(ls -d /tmp/fiolike-[0-9]* 2>/dev/null | sort)
	"$BIN/fiolike" --logdir "$work/log" --quiet "$@" 2> "$work/err" &
	local pid=$!
	sleep "$delay"
	kill -"$sig" $pid
	wait $pid; local rc=$?
	[[ $rc -eq 130 ]] || fail "$sig after ${delay}s ($*): exit $rc, want 130: $(cat "$work/err")"
	[[ -e $work/log/fio.log ]] && fail "$sig ($*): wrote fio.log"
	local after; after=$(ls -d /tmp/fiolike-[0-9]* 2>/dev/null | sort)
	[[ $before == "$after" ]] || fail "$sig ($*): temp dir left: $(comm -13 <(echo "$before") <(echo "$after"))"
	echo "ok: $sig after ${delay}s ($*): $(cat "$work/err")"
}

stop INT 0.5 --rw randread --size 16m --runtime 10 --time_based
stop TERM 0.5 --rw randrw --ioengine io_uring --iodepth 32 --size 16m --runtime 10 --time_based --numjobs 2
mkdir "$work/data"
stop INT 0.3 --rw randwrite --size 16m --runtime 10 --time_based --ramp_time 5 --directory "$work/data"
[[ -z $(ls -A "$work/data") ]] || fail "job files left: $(ls -A "$work/data")"
# during a slow layout (a big file on the real disk)
stop INT 0.2 --rw read --size 2g --directory "$work/data"
[[ -z $(ls -A "$work/data") ]] || fail "half-laid-out file left: $(ls -A "$work/data")"
