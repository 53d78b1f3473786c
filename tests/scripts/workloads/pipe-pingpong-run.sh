#!/bin/bash
# pipe-pingpong by hand: logs named and formatted like perfpipe's, read by
# MMTests' own perfpipe parser; modes that cannot take effect stop with exit 3
# and the boot option; bad options exit 2; SIGTERM cleans up (exit 130).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
PP=$BIN/pipe-pingpong
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$PP" ] || fail "$PP not built"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. processes, pinned: three perf-format logs and the clock record (docs/clock-check.md), nothing else left behind.
out=$("$PP" --loops 2000 --iterations 3 --binding pinned --logdir "$work/a") || fail "pinned run exited $?"
[ "$(ls "$work/a")" = "$(printf 'benchlog-_-_-1\nbenchlog-_-_-2\nbenchlog-_-_-3\npipe-pingpong-clock.json')" ] || fail "unexpected files: $(ls "$work/a")"
for n in 1 2 3; do
	grep -q "^iteration $n/3\$" <<<"$out" || fail "no progress line 'iteration $n/3'"
	f=$work/a/benchlog-_-_-$n
	[ "$(head -1 "$f")" = "# Running 'sched/pipe' benchmark:" ] || fail "$f: first line"
	grep -qx '# Executed 2000 pipe operations between two processes' "$f" || fail "$f: Executed line"
	grep -Eqx '     Total time: [0-9]+\.[0-9]{3} \[sec\]' "$f" || fail "$f: Total time line"
	[ "$(grep -c 'usecs/op' "$f")" = 1 ] || fail "$f: not exactly one usecs/op line"
	grep -Eqx ' +[0-9]+\.[0-9]{6} usecs/op' "$f" || fail "$f: usecs/op format"
	grep -Eqx ' +[0-9]+ ops/sec' "$f" || fail "$f: ops/sec format"
	grep -Eqx 'iters: 2000, t: [0-9]+us, iter/sec: [0-9]+, us/iter: [0-9]+' "$f" || fail "$f: RFC line"
	grep -q 'parent: cpu=0 .*child: cpu=0 ' "$f" || fail "$f: placement comment"
done
ours=$("$TOP/shellpacks/pipe-pingpong/parse-results" "$work/a")
[ "$(wc -l <<<"$ours")" = 3 ] || fail "our parse-results gave: $ours"
if [ -x "$MMTESTS_SRC/shellpack_src/src/perfpipe/parse-results" ]; then
	theirs=$("$MMTESTS_SRC/shellpack_src/src/perfpipe/parse-results" "$work/a")
	[ "$ours" = "$theirs" ] || fail "perfpipe parse-results differs: ours=[$ours] theirs=[$theirs]"
	echo "MMTests perfpipe parse-results reads our logs identically"
fi

# 2. threads, unpinned, everything from the config variables.
LOGDIR_RESULTS=$work/b PIPE_PINGPONG_LOOPS=500 PIPE_PINGPONG_ITERATIONS=1 PIPE_PINGPONG_THREADED=yes \
	PIPE_PINGPONG_BINDING=none "$PP" >/dev/null || fail "threaded run from env exited $?"
grep -qx '# Executed 500 pipe operations between two threads' "$work/b/benchlog-_-_-1" || fail "threaded log"

# 3. every IB-disable mode: measured with DISABLE read back, or refused (exit 3).
mask=$(grep -E '^# parent: ' "$work/a/benchlog-_-_-1")
for mode in d parent both; do
	for t in no yes; do
		rm -rf "$work/m"
		"$PP" --loops 200 --iterations 1 --mode $mode --threaded $t --logdir "$work/m" >"$work/m.out" 2>"$work/m.err"
		rc=$?
		if grep -q 'PRCTL' <<<"$mask"; then
			[ $rc = 0 ] || fail "mode $mode threaded=$t exited $rc: $(cat "$work/m.err")"
			grep -q 'ib-spec=PRCTL|DISABLE' "$work/m/benchlog-_-_-1" || fail "mode $mode: no DISABLE read back"
		else
			[ $rc = 3 ] || fail "mode $mode threaded=$t: want exit 3 (no per-task control), got $rc"
			grep -q "^pipe-pingpong: --mode $mode: no per-task indirect-branch speculation control: .*spectre_v2_user=prctl" "$work/m.err" ||
				fail "mode $mode: message was: $(cat "$work/m.err")"
			[ -z "$(ls "$work/m" 2>/dev/null)" ] || fail "mode $mode wrote a log although it did not run"
		fi
	done
done
echo "IB-disable modes: $(head -1 "$work/m.err" 2>/dev/null || echo measured)"

# 4. bad input: one line naming the option, exit 2.
check_usage() {
	local want=$1; shift
	err=$("$PP" "$@" 2>&1 >/dev/null); rc=$?
	[ $rc = 2 ] || fail "'$*' exited $rc, want 2"
	grep -q "^pipe-pingpong: .*$want" <<<"$err" || fail "'$*' said: $err"
}
check_usage '--mode' --mode ds --logdir "$work/u"
check_usage '--loops' --loops 0 --logdir "$work/u"
check_usage '--logdir' --loops 10
check_usage '--cpus' --cpus 4096 --logdir "$work/u"
check_usage '--binding' --binding cross-node --logdir "$work/u"
check_usage 'loops' --loops many --logdir "$work/u"

# 5. SIGTERM mid-run, processes and threads: exit 130, no worker or temp file left.
for t in no yes; do
	"$PP" --loops 200000000 --iterations 1 --binding pinned --threaded $t --logdir "$work/s" >/dev/null 2>"$work/s.err" &
	pid=$!
	sleep 0.5
	workers=$(pgrep -P $pid)
	[ $t = yes ] || [ -n "$workers" ] || fail "no worker processes seen"
	kill -TERM $pid
	wait $pid; rc=$?
	[ $rc = 130 ] || fail "SIGTERM (threaded=$t): exit $rc, want 130: $(cat "$work/s.err")"
	for w in $workers; do kill -0 $w 2>/dev/null && fail "worker $w survived"; done
	[ -z "$(ls "$work/s" 2>/dev/null)" ] || fail "files left after SIGTERM: $(ls "$work/s")"
done
echo "pipe-pingpong run tests passed"
