#!/bin/bash
# Issue 14, items 4 and 10 for redis-zpopmin:
#  * the server it starts requires a random password: another local client
#    gets NOAUTH (it cannot CLIENT PAUSE the benchmark), and the password is
#    in a 0600 file, not on the server's command line;
#  * a server that stops answering (SIGSTOP: ours, or an --attach'ed one)
#    cannot hold up Ctrl-C: exit 130 within 3 s, our server and temp dir gone,
#    an attached server left alone;
#  * --attach to a server with a password takes it from a file.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
command -v redis-cli >/dev/null || { echo "redis-cli not installed"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
T=$(mktemp -d)
OWN=
cleanup() {
	[ -n "$OWN" ] && { kill -CONT $OWN; kill -9 $OWN; wait $OWN; } 2>/dev/null
	[ -n "${SP:-}" ] && { kill -CONT $SP; kill -9 $SP; } 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
export TMPDIR=$T/tmp
mkdir -p $TMPDIR
RZ=$BIN/redis-zpopmin

# start_long NAME ARGS...: a run that lasts, once its server answers and it measures
start_long() {
	local name=$1; shift
	$RZ --logdir $T/$name -n 100000000 -P 16 --iterations 1 -t get --persistence memonly "$@" > $T/$name.out 2>&1 &
	R=$!
	for i in $(seq 100); do grep -q "^iteration 1/" $T/$name.out && break; sleep 0.05; done
	grep -q "^iteration 1/" $T/$name.out || fail "$name: never started: $(cat $T/$name.out)"
	sleep 0.3
}

# running PID: exists and is not a zombie (kill -0 succeeds on an unreaped one)
running() {
	local state
	state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
	[ -n "$state" ] && [ "$state" != Z ]
}

# interrupt_within NAME: SIGINT, then exit 130 within 3 s
interrupt_within() {
	local start=$(date +%s%N) rc
	kill -INT $R
	for i in $(seq 60); do running $R || break; sleep 0.05; done
	running $R && { kill -9 $R; fail "$1: still running 3 s after SIGINT"; }
	wait $R; rc=$?
	[ $rc -eq 130 ] || fail "$1: exit $rc, want 130: $(cat $T/$1.out)"
	echo "ok: $1: exit 130 after $((($(date +%s%N) - start) / 1000000)) ms"
}

# 1. the password: NOAUTH for others, not in argv, 0600 file
start_long auth
SP=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' $T/auth.out)
PORT=$(sed -n 's/^redis-server pid [0-9]* on 127.0.0.1:\([0-9]*\),.*/\1/p' $T/auth.out)
[ -n "$SP" ] && [ -n "$PORT" ] || fail "auth: no pid/port in $(cat $T/auth.out)"
grep -q "clients AUTH with a random requirepass" $T/auth.out || fail "auth: the log does not say how clients authenticate"
out=$(redis-cli -h 127.0.0.1 -p $PORT CLIENT PAUSE 5000 2>&1)
[[ $out == *NOAUTH* ]] || fail "auth: CLIENT PAUSE without the password was not refused: $out"
conf=$(ls $TMPDIR/redis-zpopmin-$R-*/redis.conf)
[ "$(stat -c %a "$conf")" = 600 ] || fail "auth: $conf is mode $(stat -c %a "$conf")"
pw=$(sed -n 's/^requirepass //p' "$conf")
[ ${#pw} -ge 32 ] || fail "auth: password too short: ${#pw} chars"
tr '\0' ' ' < /proc/$SP/cmdline | grep -q "$pw" && fail "auth: the password is on redis-server's command line"
[ "$(redis-cli -h 127.0.0.1 -p $PORT --no-auth-warning -a "$pw" PING)" = PONG ] || fail "auth: the password from the file is not the one"
interrupt_within auth
SP=

# 2. our server SIGSTOPped mid-test, then Ctrl-C, with one client and with several
for c in 1 3; do
	start_long stop$c -c $c
	SP=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' $T/stop$c.out)
	kill -STOP $SP
	sleep 0.5
	interrupt_within stop$c
	sleep 0.2
	running $SP && fail "stop$c: redis-server $SP left running"
	SP=
	[ -z "$(ls -A $TMPDIR)" ] || fail "stop$c: temp dir left: $(ls $TMPDIR)"
	ls $T/stop$c | grep -v "^redis-server\.log$" | grep -q . && fail "stop$c: results written by an interrupted run: $(ls $T/stop$c)"
done

# 3. an --attach'ed server (the user's own) SIGSTOPped: we end, it stays
APORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
redis-server --port $APORT --bind 127.0.0.1 --save "" --appendonly no --dir $T > $T/own.log 2>&1 &
OWN=$!
for i in $(seq 100); do redis-cli -p $APORT PING >/dev/null 2>&1 && break; sleep 0.05; done
start_long attach -c 2 --attach 127.0.0.1:$APORT
kill -STOP $OWN
sleep 0.5
interrupt_within attach
running $OWN || fail "attach: the attached server was stopped by us"
kill -CONT $OWN
[ "$(redis-cli -p $APORT PING)" = PONG ] || fail "attach: the attached server no longer answers"
{ kill -9 $OWN; wait $OWN; } 2>/dev/null; OWN=

# 4. an --attach'ed server with a password: read from --attach-password-file
redis-server --port $APORT --bind 127.0.0.1 --save "" --appendonly no --dir $T --requirepass s3cret > $T/own.log 2>&1 &
OWN=$!
for i in $(seq 100); do redis-cli -p $APORT --no-auth-warning -a s3cret PING >/dev/null 2>&1 && break; sleep 0.05; done
echo s3cret > $T/pw
$RZ --logdir $T/pw-ok -n 2000 --iterations 1 -t get --attach 127.0.0.1:$APORT --attach-password-file $T/pw \
	> $T/pw-ok.out 2>&1 || fail "attach with the password file: $(cat $T/pw-ok.out)"
[ -s $T/pw-ok/redis-1-1.log ] || fail "attach with the password file: no CSV"
$RZ --logdir $T/pw-none -n 2000 --iterations 1 -t get --attach 127.0.0.1:$APORT > $T/pw-none.out 2>&1 &&
	fail "attach without the password succeeded: $(cat $T/pw-none.out; cat $T/own.log)"
grep -q NOAUTH $T/pw-none.out || fail "attach without the password: $(cat $T/pw-none.out)"
echo wrong > $T/wrong-pw
$RZ --logdir $T/pw-wrong -n 2000 --iterations 1 -t get --attach 127.0.0.1:$APORT --attach-password-file $T/wrong-pw \
	> $T/pw-wrong.out 2>&1 && fail "attach with a wrong password succeeded"
grep -q "refused AUTH" $T/pw-wrong.out || fail "attach with a wrong password: $(cat $T/pw-wrong.out)"
echo "ok: --attach-password-file: $(tail -1 $T/pw-none.out)"
echo ok
