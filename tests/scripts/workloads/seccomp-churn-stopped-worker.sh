#!/bin/bash
# Issue 14, item 10: Ctrl-C ends seccomp-churn within a second or two even
# when a worker, or the child a worker waits for, is SIGSTOPped (it would
# never act on the SIGTERM that asks it to finish): exit 130 within 3 s, no
# result for the interrupted run, no process left.
set -u
BIN=${BIN:-$TOP/build/bin}
SC=$BIN/seccomp-churn
[[ -x $SC ]] || { echo "FAIL: $SC not built"; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill -CONT "$p"; kill -KILL "$p"; done 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
# running PID: exists and is not a zombie
running() {
	local state
	state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
	[ -n "$state" ] && [ "$state" != Z ]
}
# every process of a run shares its command line (forks, not execs)
leftovers() { pgrep -f -- "--logdir $1( |$)" | grep -v "^$$\$"; }

# stop_and_interrupt NAME WHAT: WHAT is "worker" or "child" (a worker's child)
stop_and_interrupt() {
	local name=$1 what=$2 d=$work/$1 victim= start rc
	# setsid: the run gets its own process group, so it can be frozen at once
	setsid "$SC" -t 30 --min-threads 2 --max-threads 2 --iterations 1 --logdir "$d" > "$d.out" 2> "$d.err" &
	local pid=$!
	pids+=($pid)
	for i in $(seq 100); do [[ $(pgrep -P $pid | wc -l) -ge 2 ]] && break; sleep 0.05; done
	sleep 0.5
	local worker=$(pgrep -P $pid | head -1)
	[[ -n $worker ]] || fail "$name: no worker under $pid"
	if [[ $what == worker ]]; then
		victim=$worker
		kill -STOP $victim
	else
		# the worker forks a short-lived child per op.  Freeze the whole run
		# at once (it has its own process group), pick a worker's child that
		# was still alive, and thaw everyone else: the worker then waits for
		# the stopped child forever.  Polling for a child with pgrep instead
		# missed them all on a loaded machine.
		for i in $(seq 200); do
			kill -STOP -- -$pid; sleep 0.01
			victim=
			for c in $(pgrep -P $worker); do
				[[ $(sed 's/.*) //' "/proc/$c/stat" 2>/dev/null | cut -d' ' -f1) == T ]] && { victim=$c; break; }
			done
			for p in $(pgrep -g $pid); do [[ $p == "$victim" ]] || kill -CONT $p 2>/dev/null; done
			[[ -n $victim ]] && break
			sleep 0.02
		done
		[[ -n $victim ]] || fail "$name: never caught a child of worker $worker"
	fi
	pids+=($victim)
	sleep 0.3
	grep -q T "/proc/$victim/stat" 2>/dev/null || fail "$name: $what $victim did not stop"
	start=$(date +%s%N)
	kill -INT $pid
	for i in $(seq 60); do running $pid || break; sleep 0.05; done
	running $pid && fail "$name: still running 3 s after SIGINT with a stopped $what"
	wait $pid
	rc=$?
	[[ $rc -eq 130 ]] || fail "$name: exit $rc, want 130: $(cat "$d.err")"
	[[ -e $d/stressng-2-1.log ]] && fail "$name: wrote a log for the interrupted run"
	sleep 0.2
	running $victim && fail "$name: the stopped $what $victim is left"
	[[ -z $(leftovers "$d") ]] || fail "$name: processes left: $(leftovers "$d")"
	echo "ok: $name: stopped $what, SIGINT -> 130 after $((($(date +%s%N) - start) / 1000000)) ms"
}

stop_and_interrupt stopped-worker worker
stop_and_interrupt stopped-child child
