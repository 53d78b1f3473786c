#!/bin/bash
# A workload removes the --logdir and --testdir it created (with the parents
# it created) when the run leaves them empty: an interrupted or failed run
# leaves no empty directory behind, a scratch --testdir goes after a
# successful run, and a directory that was there before, or holds results,
# stays (issue 31, notes). Before, every one was left.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in pipe-pingpong syscall-fsbuffer; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
unset LOGDIR_RESULTS

# interrupted DIR: pipe-pingpong into DIR, SIGTERM during its iteration, exit 130.
interrupted() {
	"$BIN/pipe-pingpong" --loops 200000000 --iterations 1 --logdir "$1" > "$T/out" 2>&1 &
	local pid=$!
	for _ in $(seq 400); do grep -q '^iteration 1/1' "$T/out" && break; sleep 0.05; done
	kill -TERM $pid
	wait $pid
	local rc=$?
	[ $rc = 130 ] || fail "pipe-pingpong --logdir $1: exit $rc after SIGTERM: $(tail -3 "$T/out")"
}
interrupted "$T/new/deeper"
[ ! -e "$T/new" ] || fail "an interrupted run left the --logdir it created: $(find "$T/new")"
mkdir "$T/mine"
interrupted "$T/mine/logs"
[ -d "$T/mine" ] && [ ! -e "$T/mine/logs" ] || fail "want $T/mine kept and $T/mine/logs gone: $(find "$T/mine")"
echo "ok: an interrupted run leaves no --logdir it created; a parent that was there stays"

"$BIN/syscall-fsbuffer" --runtime 1 --iterations 1 --settle no --testdir "$T/scratch/x" --logdir "$T/fs" \
	> "$T/fs.out" 2>&1 || fail "syscall-fsbuffer: $(tail -3 "$T/fs.out")"
[ ! -e "$T/scratch" ] || fail "the --testdir it created is left: $(find "$T/scratch")"
[ -s "$T/fs/unixbenchd.log" ] || fail "the results are gone: $(ls "$T/fs")"
echo "ok: a successful run removes the --testdir it created and keeps its --logdir"
