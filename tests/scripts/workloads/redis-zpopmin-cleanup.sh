#!/bin/bash
# Every failure path of redis-zpopmin exits non-zero with a clear message,
# writes no half-finished iteration and leaves no redis-server and no temp
# dir: missing redis-server, port taken, server killed mid-run, SIGINT,
# SIGTERM; and nothing is left after success either.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
T=$(mktemp -d)
cleanup() { [ -n "${HOLD:-}" ] && kill $HOLD 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
export TMPDIR=$T/tmp
mkdir -p $TMPDIR
RZ=$BIN/redis-zpopmin

no_leftovers() {	# $1: log of the run
	local pid
	pid=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' "$1" | tail -1)
	if [ -n "$pid" ] && kill -0 $pid 2>/dev/null; then fail "$2: redis-server $pid still running"; fi
	[ -z "$(ls -A $TMPDIR)" ] || fail "$2: temp dir left: $(ls $TMPDIR)"
}

# success
$RZ --logdir $T/ok -n 5000 --iterations 1 -t get --persistence memonly > $T/ok.out 2>&1 || fail "plain run failed"
no_leftovers $T/ok.out success

# missing redis-server
$RZ --logdir $T/m -n 1000 --redis-server /nonexistent/redis-server > $T/m.out 2>&1
rc=$?
[ $rc -ne 0 ] || fail "missing server: exit 0"
grep -q "redis-zpopmin: cannot run /nonexistent/redis-server" $T/m.out || fail "missing server: message: $(cat $T/m.out)"
no_leftovers $T/m.out missing-server

# port taken
P=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -c "import socket,time; s=socket.socket(); s.bind(('127.0.0.1',$P)); s.listen(); time.sleep(60)" &
HOLD=$!
for i in $(seq 50); do python3 -c "import socket; socket.create_connection(('127.0.0.1',$P))" 2>/dev/null && break; sleep 0.1; done
$RZ --logdir $T/p -n 1000 --port $P > $T/p.out 2>&1
rc=$?
kill $HOLD; wait $HOLD 2>/dev/null; HOLD=
[ $rc -ne 0 ] || fail "port taken: exit 0"
grep -q "port $P on 127.0.0.1 is already in use" $T/p.out || fail "port taken: message: $(cat $T/p.out)"
no_leftovers $T/p.out port-taken

# server killed mid-run: the first iteration completes, the second must not be written
$RZ --logdir $T/k -n 200000 -P 16 --iterations 50 -t get --persistence memonly > $T/k.out 2>&1 &
R=$!
for i in $(seq 100); do grep -q "^iteration 2/" $T/k.out && break; sleep 0.05; done
SP=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' $T/k.out)
[ -n "$SP" ] || fail "killed server: no pid in output"
kill -9 $SP
wait $R
rc=$?
[ $rc -ne 0 ] || fail "killed server: exit 0"
grep -q "redis-server (pid $SP) killed by SIGKILL" $T/k.out || fail "killed server: message: $(cat $T/k.out)"
n=$(ls $T/k/redis-1-*.log 2>/dev/null | wc -l)
last=$(grep -c "^iteration" $T/k.out)
[ $n -eq $((last - 1)) ] || fail "killed server: $n logs for $last started iterations"
ls $T/k | grep -q tmp && fail "killed server: temp log left: $(ls $T/k)"
no_leftovers $T/k.out killed-server

# SIGINT and SIGTERM: exit 130, nothing left
for sig in INT TERM; do
	$RZ --logdir $T/s$sig -n 1000000 -P 16 --iterations 50 -t get --persistence memonly > $T/s$sig.out 2>&1 &
	R=$!
	for i in $(seq 100); do grep -q "^iteration 1/" $T/s$sig.out && break; sleep 0.05; done
	sleep 0.2
	kill -$sig $R
	wait $R
	rc=$?
	[ $rc -eq 130 ] || fail "SIG$sig: exit $rc, want 130: $(cat $T/s$sig.out)"
	grep -q "interrupted by SIG$sig" $T/s$sig.out || fail "SIG$sig: message"
	n=$(ls $T/s$sig/redis-1-*.log 2>/dev/null | wc -l)
	last=$(grep -c "^iteration" $T/s$sig.out)
	[ $n -eq $((last - 1)) ] || fail "SIG$sig: $n logs for $last started iterations"
	ls $T/s$sig | grep -q tmp && fail "SIG$sig: temp log left: $(ls $T/s$sig)"
	no_leftovers $T/s$sig.out SIG$sig
done

# bad options name the option
$RZ --logdir $T/b --pop-mode sometimes > $T/b.out 2>&1; [ $? -eq 2 ] || fail "bad option: exit code"
grep -q -- "--pop-mode: 'sometimes'" $T/b.out || fail "bad option: message $(cat $T/b.out)"
env -u LOGDIR_RESULTS $RZ -n 10 > $T/l.out 2>&1; [ $? -eq 2 ] && grep -q LOGDIR_RESULTS $T/l.out || fail "no logdir"
echo ok
