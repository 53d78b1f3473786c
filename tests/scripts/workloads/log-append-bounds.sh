#!/bin/bash
# The shared logs fiolike (fio.log) and syscall-fsbuffer (unixbenchd.log)
# append to are appended under an flock of the log dir (issue 31, W1/W2):
# - anyone who can read the dir can hold that lock: a signal still ends the
#   run at once (exit 130, nothing written), and a lock held past
#   kAppendLockTimeout (10 s) ends it with one line naming the file, exit 1,
#   the log as it was; before, flock() retried EINTR forever;
# - an existing log larger than kAppendMaxExisting (64 MiB; a planted sparse
#   3 GiB fio.log) is refused at once with one line, instead of being read
#   whole into memory (under a 1.5 GB address-space limit that lost the result).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in fiolike syscall-fsbuffer; do [ -x "$BIN/$b" ] || fail "$BIN/$b not built"; done
command -v flock > /dev/null || { echo "flock (util-linux) not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LOGDIR_RESULTS

# waits up to $2 seconds for pid $1 to end; its exit status, or 255 if it did not.
wait_for() {
	local t
	for t in $(seq $(($2 * 20))); do
		kill -0 "$1" 2>/dev/null || { wait "$1"; return; }
		sleep 0.05
	done
	kill -9 "$1"
	wait "$1"
	return 255
}
# the lines of $1 that match $2, waiting up to 30 s for the first
await() {
	for _ in $(seq 600); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
	fail "never saw '$2' in $1: $(tail -3 "$1")"
}
no_temp() { [ -z "$(ls -A "$1" | grep '\.tmp\.')" ] || fail "$2: left $(ls "$1")"; }

mkdir -p "$work/log"
printf 'earlier line\n' > "$work/log/fio.log"
printf 'earlier\n' > "$work/log/unixbenchd.log"
exec {lock}< "$work/log"
flock -x "$lock" || fail "cannot take the lock"

# 1. A signal while the lock is held elsewhere.
for sig in TERM INT; do
	"$BIN/fiolike" --rw read --size 1m --name "j$sig" --directory "$work" --logdir "$work/log" {lock}<&- \
		> "$work/f.out" 2>&1 &
	pid=$!
	await "$work/f.out" measuring
	sleep 1.5  # the 1 MiB job is over: it waits for the lock now
	kill -0 $pid 2>/dev/null || fail "fiolike did not wait for the lock: $(tail -3 "$work/f.out")"
	kill -$sig $pid
	wait_for $pid 3
	rc=$?
	[ $rc = 130 ] || fail "fiolike: SIG$sig while waiting for the log lock: exit $rc (255: still running), want 130"
	grep -q "^fiolike: interrupted by SIG$sig, cleaned up\$" "$work/f.out" || fail "no interrupted line: $(tail -2 "$work/f.out")"
	[ "$(cat "$work/log/fio.log")" = "earlier line" ] || fail "fio.log changed: $(cat "$work/log/fio.log")"
	no_temp "$work/log" "fiolike SIG$sig"
done
echo "ok: fiolike waiting for a held log lock ends on SIGTERM and SIGINT, fio.log untouched"

"$BIN/syscall-fsbuffer" --runtime 1 --iterations 1 --settle no --testdir "$work" --logdir "$work/log" {lock}<&- \
	> "$work/s.out" 2>&1 &
pid=$!
await "$work/s.out" '^Running test fsbuffer'
sleep 8  # its 2 s write, 2 s read and 1 s copy passes are over: it waits for the lock now
kill -0 $pid 2>/dev/null || fail "syscall-fsbuffer did not wait for the lock: $(tail -3 "$work/s.out")"
kill -HUP $pid
wait_for $pid 3
rc=$?
[ $rc = 130 ] || fail "syscall-fsbuffer: SIGHUP while waiting for the log lock: exit $rc (255: still running), want 130"
[ "$(cat "$work/log/unixbenchd.log")" = earlier ] || fail "unixbenchd.log changed"
no_temp "$work/log" syscall-fsbuffer
echo "ok: syscall-fsbuffer waiting for a held log lock ends on SIGHUP"

# 2. Nobody signals: the wait ends after kAppendLockTimeout with one line.
start=$SECONDS
"$BIN/fiolike" --quiet --rw read --size 1m --name jt --directory "$work" --logdir "$work/log" {lock}<&- \
	> "$work/t.out" 2> "$work/t.err" &
pid=$!
wait_for $pid 40
rc=$?
[ $rc = 1 ] || fail "fiolike with the log lock held: exit $rc (255: still running after 40 s), want 1"
grep -q "^fiolike: cannot append to $work/log/fio.log: another process has held the lock on $work/log for over 10000 ms\$" \
	"$work/t.err" || fail "want one line naming fio.log and the lock: $(cat "$work/t.err")"
[ "$(cat "$work/log/fio.log")" = "earlier line" ] || fail "fio.log changed"
no_temp "$work/log" "fiolike (lock timeout)"
echo "ok: a lock held past the bound: one line, exit 1, after $((SECONDS - start)) s"
exec {lock}<&-

# 3. A sparse 3 GiB fio.log: refused at once, without reading it.
truncate -s 3G "$work/log/fio.log" || fail "cannot make a sparse file"
(ulimit -v 1500000; exec "$BIN/fiolike" --quiet --rw read --size 1m --name jb --directory "$work" --logdir "$work/log") \
	> "$work/b.out" 2> "$work/b.err"
rc=$?
[ $rc = 1 ] || fail "fiolike with a 3 GiB fio.log: exit $rc, want 1: $(cat "$work/b.err")"
grep -q "^fiolike: refusing to append to $work/log/fio.log: it holds 3221225472 bytes, more than a log may (64 MiB)\$" \
	"$work/b.err" || fail "want one line naming fio.log and its size: $(cat "$work/b.err")"
[ "$(stat -c %s "$work/log/fio.log")" = 3221225472 ] || fail "fio.log changed size"
no_temp "$work/log" "fiolike (3 GiB log)"
echo "ok: a 3 GiB fio.log is refused with one line"

# A log under the bound still gets the line.
printf 'no newline' > "$work/log/fio.log"
"$BIN/fiolike" --quiet --rw read --size 1m --name jok --directory "$work" --logdir "$work/log" > /dev/null 2>&1 ||
	fail "fiolike with a small fio.log failed"
[ "$(head -1 "$work/log/fio.log")" = "no newline" ] && grep -q '^3;fio-[^;]*;jok;' "$work/log/fio.log" ||
	fail "the append lost or merged a line: $(cut -c1-40 "$work/log/fio.log")"
echo "ok: a small log is appended to as before"
