#!/bin/bash
# A worker thread or process that cannot start (here: RLIMIT_NPROC, as an
# unprivileged user, which counts every thread) ends the workload with one
# line and its cleanup, exit 1 (issue 23): pipe-pingpong -T yes used to spin
# until Ctrl-C, fiolike to std::terminate leaving its job files in /tmp.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "needs root (to run as an unprivileged user whose ulimit -u is all its own)"; exit 77; }
command -v setpriv >/dev/null || { echo "setpriv not installed"; exit 77; }
user=nobody
uid=$(id -u $user 2>/dev/null) || { echo "no user $user"; exit 77; }
[ -z "$(pgrep -u $user)" ] || { echo "user $user has processes running: its ulimit -u would count them"; exit 77; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
install -d -o $user "$work/log"

# as_user NPROC cmd...: runs cmd as nobody with ulimit -u NPROC (the shell
# execs it, so the limit counts the workload's own threads only).
as_user() {
	local n=$1; shift
	timeout -s KILL 20 setpriv --reuid=$uid --regid=$(id -g $user) --clear-groups -- \
		bash -c 'ulimit -u "$0" && exec "$@"' "$n" "$@"
}

# pipe-pingpong, threads: the second worker thread cannot start.
as_user 2 "$BIN/pipe-pingpong" -T yes --loops 1000 --iterations 1 --logdir "$work/log/pp" > "$work/pp.out" 2>&1
rc=$?
[ $rc -ne 137 ] || fail "pipe-pingpong -T yes: hung (killed after 20 s): $(tail -2 "$work/pp.out")"
[ $rc -eq 1 ] || fail "pipe-pingpong -T yes: exit $rc, want 1: $(cat "$work/pp.out")"
grep -q "^pipe-pingpong: cannot start the parent worker thread: " "$work/pp.out" || fail "pipe-pingpong: message: $(cat "$work/pp.out")"
[ "$(grep -c 'pipe-pingpong:' "$work/pp.out")" -eq 1 ] || fail "pipe-pingpong: more than one line: $(cat "$work/pp.out")"
echo "ok: $(grep '^pipe-pingpong:' "$work/pp.out")"

# fiolike, 4 jobs: the second job thread cannot start; the files go.
# (a pipe-pingpong killed above may still count against nobody's limit for a
# moment, and fiolike would then fail before its job threads: wait it out)
for _ in $(seq 50); do [ -z "$(pgrep -u $user)" ] && break; sleep 0.1; done
[ -z "$(pgrep -u $user)" ] || fail "user $user still has processes: $(pgrep -a -u $user)"
# Only nobody's job dirs: tests beside this one run fiolike as root.
nobodys_job_dirs() { find /tmp -maxdepth 1 -name 'fiolike-*' -user $user | sort; }
before=$(nobodys_job_dirs)
as_user 2 "$BIN/fiolike" --rw randread --size 4m --numjobs 4 --runtime 5 --time_based --logdir "$work/log/f" --quiet \
	> "$work/f.out" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "fiolike --numjobs 4: exit $rc, want 1 (134 is std::terminate): $(cat "$work/f.out")"
grep -q "^fiolike: cannot start the thread of job [0-9] of 4: " "$work/f.out" || fail "fiolike: message: $(cat "$work/f.out")"
[ "$(wc -l < "$work/f.out")" -eq 1 ] || fail "fiolike: not one line: $(cat "$work/f.out")"
[ "$(nobodys_job_dirs)" = "$before" ] || fail "fiolike: left $(nobodys_job_dirs)"
[ ! -e "$work/log/f/fio.log" ] || fail "fiolike: wrote fio.log"
echo "ok: $(cat "$work/f.out")"
