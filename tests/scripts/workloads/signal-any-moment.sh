#!/bin/bash
# test-serial: runs two CPU hogs for its whole length
# A SIGHUP, SIGQUIT, SIGINT or SIGTERM that lands at any moment of an
# iteration ends the run (issue 31): the signal is sent at a random offset
# (0 to 60 ms, most often within the first 3, while the workers are being
# set up) after the workload prints that its iteration starts, with a CPU hog
# beside it; the run must exit 130 within EXIT_BOUND seconds (generous for a
# loaded machine; a lost signal means minutes) and leave no process of its
# own behind. Before the fix a signal that landed between the handler's flag
# check and a blocking read() or wait4() was lost: pipe-pingpong's controller
# stayed in anon_pipe_read and its workers kept looping, and run-config
# waited for the workload it had just spawned.
# SIGNAL_TRIES (default 6) tries per signal for pipe-pingpong, half as many
# for each of the others: 48 signals, about two minutes.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in pipe-pingpong syscall-null run-config; do [ -x "$BIN/$b" ] || fail "$BIN/$b not built"; done
TRIES=${SIGNAL_TRIES:-6}
EXIT_BOUND=${EXIT_BOUND:-4}
work=$(mktemp -d)
hogs=()
cleanup() {
	for h in "${hogs[@]}"; do kill "$h" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT
# The CPU hog beside the runs (two cores here: the race needs a busy machine).
for _ in 1 2; do
	bash -c 'while :; do :; done' &
	hogs+=($!)
done

# Every process started for one try carries its mark in its environment.
marked() { grep -lsz "^SIGNAL_TRY_MARK=$1\$" /proc/[0-9]*/environ | cut -d/ -f3; }
gone() {  # gone PID: exited (no such process, or a zombie waiting for us)
	local state
	state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 0
	[ -z "$state" ] || [ "$state" = Z ]
}

hangs=0 slowest=0
# one_try NAME SIG DELAY_MS READY_REGEX -- command...
one_try() {
	local name=$1 sig=$2 delay=$3 ready=$4; shift 5
	local mark="$name-$sig-$RANDOM$RANDOM" out=$work/out err=$work/err fifo=$work/fifo
	rm -f "$fifo" "$out" "$err"
	mkfifo "$fifo"
	SIGNAL_TRY_MARK=$mark "$@" > "$fifo" 2> "$err" &
	local pid=$! line fd
	exec {fd}< "$fifo"
	while IFS= read -r -t 30 -u "$fd" line; do
		printf '%s\n' "$line" >> "$out"
		[[ $line =~ $ready ]] && break
	done
	[[ ${line:-} =~ $ready ]] || { kill -9 "$pid"; fail "$name: never printed '$ready': $(tail -3 "$out" "$err")"; }
	cat <&"$fd" >> "$out" &
	local reader=$!
	exec {fd}<&-
	[ "$delay" -gt 0 ] && sleep "$(printf '0.%03d' "$delay")"
	kill -"$sig" "$pid"
	local t0=$EPOCHREALTIME
	while ! gone "$pid"; do
		if (( ${EPOCHREALTIME/./} - ${t0/./} > EXIT_BOUND * 1000000 )); then
			echo "HANG: $name: SIG$sig ${delay} ms after '$ready': still running after $EXIT_BOUND s"
			hangs=$((hangs + 1))
			for p in $(marked "$mark"); do kill -9 "$p" 2>/dev/null; done
			break
		fi
		sleep 0.02
	done
	local took=$(( (${EPOCHREALTIME/./} - ${t0/./}) / 1000 ))
	wait "$pid"
	local rc=$?
	wait "$reader"
	(( took > slowest )) && slowest=$took
	if [ $rc -ne 137 ]; then
		[ $rc -eq 130 ] || fail "$name: SIG$sig at ${delay} ms: exit $rc, want 130: $(tail -3 "$out" "$err")"
		grep -q "interrupted by SIG$sig, cleaned up\$" "$err" "$out" ||
			fail "$name: SIG$sig at ${delay} ms: no 'interrupted by SIG$sig' line: $(tail -3 "$err")"
	fi
	# Nothing of the run may outlive it (a worker, a workload under run-config).
	local left
	for _ in $(seq 50); do
		left=$(marked "$mark")
		[ -z "$left" ] && break
		sleep 0.1
	done
	[ -z "$left" ] || fail "$name: SIG$sig at ${delay} ms: left running: $(ps -o pid,args -p "${left//$'\n'/,}")"
}

# Mostly the first milliseconds (the workers' setup, where the check and the
# blocking call are), sometimes later (the measured loop itself).
random_delay() { if (( RANDOM % 3 )); then echo $((RANDOM % 3)); else echo $((RANDOM % 60)); fi; }

cat > "$work/cfg" <<'CFG'
export MMTESTS="pipe-pingpong"
export PIPE_PINGPONG_LOOPS=200000000
export PIPE_PINGPONG_ITERATIONS=1
CFG
n=0 sent=0
for sig in HUP QUIT INT TERM; do
	for try in $(seq "$TRIES"); do
		n=$((n + 1))
		one_try pipe-pingpong $sig "$(random_delay)" '^iteration 1/1' -- \
			"$BIN/pipe-pingpong" --loops 200000000 --iterations 1 --logdir "$work/logs"
		[ -z "$(ls -A "$work/logs" 2>/dev/null)" ] || fail "pipe-pingpong: SIG$sig: left $(ls "$work/logs")"
		sent=$((sent + 1))
		(( try % 2 )) && continue
		one_try pipe-pingpong-threaded $sig "$(random_delay)" '^iteration 1/1' -- \
			"$BIN/pipe-pingpong" --threaded --loops 200000000 --iterations 1 --logdir "$work/logs"
		one_try syscall-null $sig "$(random_delay)" '^Running' -- \
			"$BIN/syscall-null" --runtime 30 --iterations 1 --logdir "$work/logs"
		one_try run-config $sig "$(random_delay)" '^iteration 1/1' -- \
			"$BIN/run-config" "$work/cfg" "run-$n" --work-dir "$work/w"
		sent=$((sent + 3))
		grep -q "^interrupted :: pipe-pingpong" "$work/w/log/run-$n/iter-0/tests-timestamp" 2>/dev/null ||
			[ $hangs -gt 0 ] || fail "run-config: SIG$sig: no 'interrupted ::' record"
	done
done
echo "$sent signals sent; slowest exit ${slowest} ms; $hangs lost (still running after $EXIT_BOUND s)"
[ $hangs -eq 0 ] || fail "$hangs of $sent signals were lost"
echo "ok: every signal ended its run within $EXIT_BOUND s, nothing left running"
