#!/bin/bash
# pipe-pingpong drops into MMTests: run-dropin.sh runs our shellpack twice
# (A, B) through run-mmtests.sh with our binary found on PATH, and
# compare-mmtests.pl prints the usecs-op table from our parse-results.
set -u
. "$(dirname "$0")/../../lib/dropin-prereqs.bash"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/config-scheduler-pipe-pingpong-tiny" <<'CFG'
export MMTESTS="pipe-pingpong"
export RUN_MONITOR=no
export PIPE_PINGPONG_LOOPS=2000
export PIPE_PINGPONG_ITERATIONS=3
export PIPE_PINGPONG_MODE=baseline
export PIPE_PINGPONG_BINDING=pinned
export PIPE_PINGPONG_THREADED=no
CFG
PATH=$BIN:$PATH DROPIN_TMPDIR=$work DROPIN_TIMEOUT=120 "$SHARED/tools/run-dropin.sh" "$MMTESTS_SRC" \
	"$TOP/shellpacks/pipe-pingpong" "$work/config-scheduler-pipe-pingpong-tiny" A B >"$work/out" 2>&1
rc=$?
[ $rc = 3 ] && { tail -1 "$work/out"; echo "run-dropin prerequisites missing"; exit 77; }
[ $rc = 0 ] || { tail -20 "$work/out"; fail "run-dropin exited $rc"; }
cat "$work/out" | grep -v '^run-dropin: copying'
grep -Eq '^Amean +usecs-op +[0-9.]+ ' "$work/out" || fail "no usecs-op row in the comparison"
logs=$(sed -n 's/^WORK_LOG_DIR=//p' "$work/out")/A/iter-0/pipe-pingpong/logs
[ "$(ls "$logs" | grep -c '^benchlog-_-_-[0-9]*$')" = 3 ] || fail "want benchlog-_-_-1..3 in $logs: $(ls "$logs")"
# MMTests' own perfpipe parser gives the same rows as ours on these logs.
[ "$("$MMTESTS_SRC/shellpack_src/src/perfpipe/parse-results" "$logs")" = "$("$TOP/shellpacks/pipe-pingpong/parse-results" "$logs")" ] ||
	fail "perfpipe parse-results and ours differ on $logs"
echo "pipe-pingpong drop-in ok"
