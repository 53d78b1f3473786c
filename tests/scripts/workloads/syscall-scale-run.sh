#!/bin/bash
# test-slow: the three stand-ins run short (about 35 s)
# syscall-scale under its three names: bad options are one line and exit 2
# before anything runs; a short run writes will-it-scale's benchlog as
# MMTests' wis shellpack keeps it (one total: line per measured second, each
# total the sum of the tasks' counts), stress-ng's metrics-brief log and
# fstime's log; Ctrl-C ends each with 130 and leaves no process, temp dir or
# log behind.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in syscall-scale syscall-null syscall-fsbuffer; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LOGDIR_RESULTS

refused() {  # refused WANT PROG ARGS...
	local want=$1 prog=$2; shift 2
	rm -rf "$work/logs"
	"$BIN/$prog" "$@" > "$work/out" 2> "$work/err"
	local rc=$?
	[ $rc = 2 ] || fail "$prog $*: exit $rc, want 2: $(cat "$work/err")"
	[ "$(wc -l < "$work/err")" = 1 ] || fail "$prog $*: want one line: $(cat "$work/err")"
	grep -qF -- "$prog: $want" "$work/err" || fail "$prog $*: want '$prog: $want', got: $(cat "$work/err")"
	[ ! -s "$work/out" ] || fail "$prog $*: ran before refusing"
	[ -z "$(ls "$work/logs" 2>/dev/null)" ] || fail "$prog $*: wrote $(ls "$work/logs")"
}
refused "--workloads: unknown testcase 'open1'" syscall-scale -w futex4,open1 --logdir "$work/logs"
refused "--models: use processes or threads (got 'fibers')" syscall-scale --models fibers --logdir "$work/logs"
refused "--max-threads (1) is smaller than --min-threads (2)" syscall-scale --min-threads 2 --logdir "$work/logs"
SYSCALL_NULL_RUNTIME=-1 refused "--runtime (from SYSCALL_NULL_RUNTIME): must be between 1 and" syscall-null --logdir "$work/logs"
refused "--bufsize: must be between 256 and 8192 (got 100)" syscall-fsbuffer -b 100 --logdir "$work/logs"
refused "unexpected argument 'extra'" syscall-null --logdir "$work/logs" extra
refused "--logdir /proc/1: cannot write there" syscall-scale --logdir /proc/1
for b in syscall-scale syscall-null syscall-fsbuffer; do
	"$BIN/$b" --help > "$work/help" || fail "$b --help"
	grep -q "^usage: $b" "$work/help" || fail "$b --help does not name $b: $(head -1 "$work/help")"
	grep -q "$(tr a-z- A-Z_ <<< "$b")_" "$work/help" || fail "$b --help lacks its config variables"
done
[ "$(SYSCALL_SCALE_WORKLOADS=poll2 "$BIN/syscall-scale" --print-option workloads)" = poll2 ] || fail "variable fallback"
echo "ok: options refused in one line, --help per name"

# A short run, both models, 2 tasks (whose totals are sums; seed 002's
# recipe test checks 1 task's).
"$BIN/syscall-scale" -w getppid1,signal1 --models processes,threads --min-threads 2 --max-threads 2 --warmup 1 -s 2 \
	--testdir "$work" --logdir "$work/s" > "$work/s.out" || fail "syscall-scale exited $?"
n=2
for c in getppid1 signal1; do for m in processes threads; do
	log=$work/s/benchlog-${c}_$m-$n
	[ -f "$log" ] || fail "no $log"
	[ "$(head -1 "$log")" = measurement ] || fail "$log does not start with 'measurement'"
	[ "$(grep -c '^min:[0-9]* max:[0-9]* total:[0-9]*$' "$log")" = 2 ] || fail "$log: want 2 measured seconds: $(cat "$log")"
	awk -F'[: ]' '/^min:/ { if ($2 > $4 || $6 < $4 || $6 < 1) bad = 1; if ($6 < $2 * n || $6 > $4 * n) bad = 1 }
		END { exit bad }' n="$n" "$log" || fail "$log: min/max/total do not fit $n tasks: $(cat "$log")"
	tail -1 "$log" | grep -Eq '^average:[0-9]+$' || fail "$log: no average: line"
	grep -Eq '^ns-per-op [0-9.]+$' "$work/s/syscall-scale-${c}_$m-$n.extra" || fail "no ns-per-op for ${c}_$m-$n"
done; done
grep -q '^testcase:signal delivery$' "$work/s.out" || fail "will-it-scale's output not on stdout"
grep -q '^syscall-scale: iteration 4/4 done' "$work/s.out" || fail "no progress lines"
[ -z "$(ls "$work" | grep syscall-scale-)" ] || fail "temp dir left behind: $(ls "$work")"
echo "ok: syscall-scale benchlogs as MMTests' wis keeps them"

"$BIN/syscall-null" --max-threads 2 -t 1 --iterations 1 --logdir "$work/n" > /dev/null || fail "syscall-null exited $?"
grep -Eq '\] null +[0-9]+ +[0-9.]+ ' "$work/n/stressng-2-1.log" || fail "no null row: $(cat "$work/n/stressng-2-1.log")"
grep -q 'dispatching hogs: 2 null' "$work/n/stressng-2-1.log" || fail "no dispatching line"
"$BIN/syscall-fsbuffer" -t 1 --iterations 2 --settle no --testdir "$work" --logdir "$work/f" > /dev/null || fail "syscall-fsbuffer exited $?"
[ "$(grep -c '^COUNT|[0-9]*|0|KBps$' "$work/f/unixbenchd.log")" = 6 ] || fail "want 3 COUNT lines per run: $(cat "$work/f/unixbenchd.log")"
[ "$(grep -c '^Copy done: ' "$work/f/unixbenchd.log")" = 2 ] || fail "want a Copy done: line per run"
[ -z "$(ls "$work" | grep syscall-fsbuffer-)" ] || fail "fsbuffer temp dir left behind"
echo "ok: syscall-null and syscall-fsbuffer logs"

# Ctrl-C: exit 130, nothing left.
interrupt() {  # interrupt SECONDS PROG ARGS...
	local after=$1; shift
	rm -rf "$work/i"; mkdir "$work/i"
	"$BIN/$@" --logdir "$work/i/logs" > "$work/i.out" 2>&1 &
	local pid=$!
	sleep "$after"
	kill -INT $pid
	wait $pid
	local rc=$?
	[ $rc = 130 ] || fail "$1 after SIGINT: exit $rc: $(tail -2 "$work/i.out")"
	sleep 0.5
	[ -z "$(pgrep -P $pid)" ] || fail "$1: children left"
	[ -z "$(ls "$work/i/logs" 2>/dev/null)" ] || fail "$1: logs of the interrupted run: $(ls "$work/i/logs")"
	[ "$(ls "$work/i")" = logs ] || [ -z "$(ls "$work/i")" ] || fail "$1: left $(ls "$work/i")"
}
interrupt 2 syscall-scale -w pread2 --models processes --min-threads 2 --max-threads 2 --testdir "$work/i"
interrupt 2 syscall-scale -w poll2 --models threads --min-threads 2 --max-threads 2 --testdir "$work/i"
interrupt 1.5 syscall-null --min-threads 2 --max-threads 2 -t 30
interrupt 1.5 syscall-fsbuffer -t 30 --settle no --testdir "$work/i"
echo "ok: SIGINT ends each with 130 and leaves nothing"
