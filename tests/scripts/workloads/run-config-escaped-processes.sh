#!/bin/bash
# What a config starts outside its own process group ((setsid sleep 778 &),
# also a daemon that double-forks) does not outlive run-config (issue 31):
# run-config is a child subreaper, so such processes come back to it when
# their parent exits, and at the end it kills and reaps them and says how
# many. Before, the guardian killed only the config's process group and the
# setsid sleep stayed.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
command -v setsid > /dev/null || { echo "setsid (util-linux) not installed"; exit 77; }
T=$(mktemp -d)
mark="escape-test-$$-$RANDOM"
marked() { grep -lsz "^ESCAPE_MARK=$mark\$" /proc/[0-9]*/environ | cut -d/ -f3; }
cleanup() { for p in $(marked); do kill -9 "$p" 2>/dev/null; done; rm -rf "$T"; }
trap cleanup EXIT
cd "$T"
cat > config <<'CFG'
export MMTESTS="pipe-pingpong"
export RUN_MONITOR=no
export PIPE_PINGPONG_LOOPS=1000
export PIPE_PINGPONG_ITERATIONS=1
export PIPE_PINGPONG_BINDING=none
(setsid sleep 778 &)
(setsid bash -c 'sleep 779 & wait' &)
CFG
for mode in run dry-run; do
	args=(); [ $mode = dry-run ] && args=(--dry-run)
	ESCAPE_MARK=$mark "$BIN/run-config" config "E-$mode" "${args[@]}" > out 2> err || fail "$mode: $(tail -3 out err)"
	left=
	for _ in $(seq 20); do left=$(marked); [ -z "$left" ] && break; sleep 0.1; done
	[ -z "$left" ] || fail "$mode: left running: $(ps -o pid,sid,args -p "${left//$'\n'/,}")"
	grep -Eq '^run-config: killed [0-9]+ process(es)? the config or a benchmark left running outside its process group' err ||
		fail "$mode: no line saying what was killed: $(cat err)"
	echo "ok: $mode: $(grep killed err)"
done
