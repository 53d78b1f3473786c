#!/bin/bash
# run-config records each iteration's boot (issue 28: the verdict takes the
# boot as its unit): iter-N/boot-id is the kernel's boot_id, one line, in
# every iteration, written whole (no temp file left beside it).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
src=/proc/sys/kernel/random/boot_id
[ -r $src ] || { echo "$src not readable here"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
cat > config <<'CFG'
export MMTESTS="pipe-pingpong"
export MMTEST_ITERATIONS=3
export RUN_MONITOR=no
export PIPE_PINGPONG_LOOPS=1000
export PIPE_PINGPONG_ITERATIONS=1
export PIPE_PINGPONG_BINDING=none
CFG
"$BIN/run-config" config B > run.out 2>&1 || fail "run-config: $(tail -5 run.out)"
for i in 0 1 2; do
	f=work/log/B/iter-$i/boot-id
	[ -f "$f" ] && [ ! -L "$f" ] || fail "no $f: $(ls work/log/B/iter-$i)"
	[ "$(wc -l < "$f")" = 1 ] || fail "$f: want one line: $(cat -A "$f")"
	[ "$(cat "$f")" = "$(cat $src)" ] || fail "$f is '$(cat "$f")', the boot_id is '$(cat $src)'"
done
[ -z "$(find work/log/B -name 'boot-id.tmp.*')" ] || fail "temp files left: $(find work/log/B -name 'boot-id.tmp.*')"
! grep -q 'boot_id' run.out || fail "warned about boot_id: $(grep boot_id run.out)"
echo "ok: iter-0..2/boot-id hold this boot's boot_id ($(cat $src))"
