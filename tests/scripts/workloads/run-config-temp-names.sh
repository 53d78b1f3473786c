#!/bin/bash
# Every temp dir run-config makes carries the pid that owns it (issue 23): a
# SIGKILL used to leave /tmp/run-config-out-XXXXXX, with no pid in its name,
# that nothing ever removed. Here: each run-config-out dir a run makes (seen
# by strace) is $TMPDIR/run-config-out-PID-*, PID run-config's own, none is
# left after the run, and one left by a dead run-config is removed by the next.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || fail "$BIN/run-config not built"
command -v strace >/dev/null || { echo "strace not installed"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
export TMPDIR=$T/tmp
mkdir "$TMPDIR"

# A pid that is not running: a finished child's.
dead=$(sh -c 'echo $$')
while kill -0 "$dead" 2>/dev/null; do dead=$((dead + 1)); done
mkdir "$TMPDIR/run-config-out-$dead-Ab12Cd"
echo left > "$TMPDIR/run-config-out-$dead-Ab12Cd/out"

printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=1000\nexport PIPE_PINGPONG_ITERATIONS=1\n' > cfg
strace -f -qq -e trace=execve,mkdir,mkdirat,openat -o trace "$BIN/run-config" cfg T --work-dir w > out 2>&1 ||
	fail "run-config: exit $?: $(tail -3 out)"
pid=$(awk '/execve\(.*run-config/ { print $1; exit }' trace)
[ -n "$pid" ] || fail "no execve of run-config in the trace"
# what it made: a dir (mkdtemp) or, before, a file (mkstemp: O_CREAT|O_EXCL)
made=$(grep -E 'mkdir[a-z]*\(|openat\(.*O_CREAT\|O_EXCL' trace | grep -o '"[^"]*run-config-out[^"]*"' | tr -d '"' | sort -u)
[ -n "$made" ] || fail "the trace shows no run-config-out made (the test no longer sees them)"
for d in $made; do
	case $d in
	"$TMPDIR/run-config-out-$pid-"*) ;;
	*) fail "run-config (pid $pid) made $d: not \$TMPDIR/run-config-out-$pid-*" ;;
	esac
done
echo "ok: $(echo "$made" | wc -l) run-config-out temp names, each $TMPDIR/run-config-out-$pid-*"
[ ! -e "$TMPDIR/run-config-out-$dead-Ab12Cd" ] || fail "the dead run-config's run-config-out-$dead-* was not removed"
left=$(ls "$TMPDIR")
[ -z "$left" ] || fail "left in \$TMPDIR: $left"
echo "ok: the dead run's dir was removed, and this run left nothing"
