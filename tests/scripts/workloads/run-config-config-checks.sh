#!/bin/bash
# run-config checks the config before anything runs (issue 23):
#   * a bash syntax error is exit 2 naming the file and line, --dry-run too
#     (it used to be half-applied, and the run went on with defaults);
#   * an error bash reports while sourcing it (a bad expansion) is exit 2;
#   * MMTESTS names plain benchmarks: "..", "../x", "-x" are exit 2;
#   * a config that changes PATH is still read (it got "sets no MMTESTS");
#   * what a config starts in the background is killed when run-config ends;
#   * under ulimit -n 10 it fails with one line, no abort.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || fail "$BIN/run-config not built"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"

usage_error() {	# NAME REGEX -- args: exit 2 and the message
	local name=$1 re=$2; shift 3
	"$BIN/run-config" "$@" > "$name.out" 2>&1
	local rc=$?
	[ $rc -eq 2 ] || fail "$name: exit $rc, want 2: $(cat "$name.out")"
	grep -Eq "$re" "$name.out" || fail "$name: message: $(cat "$name.out")"
	echo "ok: $name: $(grep -E "$re" "$name.out" | head -1)"
}

cat > syntax <<'CFG'
export MMTESTS="pipe-pingpong"
export PIPE_PINGPONG_ITERATIONS=1
if [ 1 = 1 ]; then
	export PIPE_PINGPONG_LOOPS=1000
fii
export MMTEST_ITERATIONS=1
CFG
usage_error syntax "^run-config: config syntax is not valid bash: .*syntax: line [0-9]+: syntax error" -- syntax S --work-dir w
usage_error syntax-dry "^run-config: config syntax is not valid bash: .*line [0-9]+" -- syntax S --dry-run
[ ! -e w/log/S ] || fail "syntax: a run directory was made"

printf 'export MMTESTS="pipe-pingpong"\nexport X=$((1/0))\nexport PIPE_PINGPONG_LOOPS=1000\n' > failing
usage_error failing "^run-config: config failing: bash reported an error sourcing it, so part of it was not applied: line 2: " -- failing F --dry-run
[ "$(grep -c '^run-config:' failing.out)" -eq 1 ] || fail "failing: more than one line: $(cat failing.out)"
# ... but a --set variable's own export failing (read-only), or a false
# condition as the last line, is no error: the sourcing's status is not the test.
printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=1000\n[ -n "$UNSET_HERE" ] && export X=1\n' > lastfalse
"$BIN/run-config" lastfalse L --dry-run > lastfalse.out 2>&1 || fail "a false last condition: exit $?: $(cat lastfalse.out)"
"$BIN/run-config" lastfalse L --dry-run --set PIPE_PINGPONG_LOOPS=5 > lastset.out 2>&1 || fail "--set of the config's variable: exit $?: $(cat lastset.out)"
echo "ok: a false last condition and a --set variable's export are not errors"

for m in '..' '../bin/fiolike' '-x' '.hidden'; do
	printf 'export MMTESTS="%s"\n' "$m" > names
	usage_error "names-$(tr -c 'a-z\n' _ <<<"$m")" "MMTESTS names '$(sed 's/\./\\./g' <<<"$m")', not a benchmark name" -- names N --dry-run
done

printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=1000\nexport PIPE_PINGPONG_ITERATIONS=1\nexport PATH=/nonexistent\n' > path
"$BIN/run-config" path P --dry-run > path.out 2>&1 || fail "PATH config: exit $?: $(cat path.out)"
grep -q "pipe-pingpong" path.out || fail "PATH config: plan lacks the benchmark: $(cat path.out)"
echo "ok: a config that changes PATH is read"

# A background process left by the config dies with run-config.
mark=rc-bg-$$
printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=1000\nexport PIPE_PINGPONG_ITERATIONS=1\n(exec -a %s sleep 300) &\n' "$mark" > bg
"$BIN/run-config" bg B --work-dir w > bg.out 2>&1 || fail "bg: exit $?: $(tail -3 bg.out)"
for _ in $(seq 20); do pgrep -f "^$mark" >/dev/null || break; sleep 0.1; done
! pgrep -f "^$mark" >/dev/null || { pkill -f "^$mark"; fail "bg: the config's background process outlived run-config"; }
echo "ok: the config's background process is gone after the run"

# Few file descriptors: one line naming what failed, never an abort.
# (with monitors: a monitor thread left joinable when the next fd failed was std::terminate)
printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=1000\nexport PIPE_PINGPONG_ITERATIONS=1\n' > fds
printf 'export RUN_MONITOR=yes\nexport MONITORS_GZIP="proc-vmstat mpstat top"\nexport MONITORS_WITH_LATENCY=vmstat\n' >> fds
printf 'export MONITOR_UPDATE_FREQUENCY=1\n' >> fds
for n in 10 12 14 16; do
	(ulimit -n $n; exec "$BIN/run-config" fds "FD$n" --work-dir w) > fd$n.out 2>&1
	rc=$?
	[ $rc -lt 128 ] || fail "ulimit -n $n: killed by a signal (exit $rc): $(tail -3 fd$n.out)"
	[ $rc -eq 0 ] || grep -q '^run-config: ' fd$n.out || fail "ulimit -n $n: exit $rc without a run-config line: $(tail -3 fd$n.out)"
	echo "ok: ulimit -n $n: exit $rc: $(grep '^run-config: ' fd$n.out | tail -1)"
done
