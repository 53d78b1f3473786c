#!/bin/bash
# A settings change is a marked break in a history, never a shift: five
# real pipe-pingpong runs, the last two with other workload settings
# (PIPE_PINGPONG_LOOPS), are imported; the store keeps each run's settings
# (run_benchmarks.settings, from runtime.opts' Run: line), and the text
# history marks the first run with the new settings and only it.
set -uo pipefail
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong results-store; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
command -v sqlite3 > /dev/null || { echo "sqlite3 not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for r in 1 2 3 4 5; do
	loops=$([ $r -le 3 ] && echo 5000 || echo 6000)
	"$BIN/run-config" "$TOP/configs/config-scheduler-pipe-pingpong-pinned" r$r --work-dir "$work/w" \
		--set MMTEST_ITERATIONS=1 --set PIPE_PINGPONG_LOOPS=$loops --set PIPE_PINGPONG_ITERATIONS=2 \
		> "$work/r$r.out" 2>&1 || fail "run-config r$r: $(tail -3 "$work/r$r.out")"
done
"$BIN/results-store" import "$work/w/log" --store "$work/s.db" --machine box > "$work/import.out" 2>&1 ||
	fail "import: $(cat "$work/import.out")"
got=$(sqlite3 "$work/s.db" "SELECT r.name, b.settings FROM runs r JOIN run_benchmarks b ON b.run_id = r.id ORDER BY r.name")
echo "$got"
grep -Eq '^r1\|.*PIPE_PINGPONG_LOOPS=5000' <<< "$got" || fail "r1's settings not stored: $got"
grep -Eq '^r4\|.*PIPE_PINGPONG_LOOPS=6000' <<< "$got" || fail "r4's settings not stored: $got"
grep -q 'PIPE_PINGPONG_ITERATIONS\|/pipe-pingpong' <<< "$got" && fail "repetition counts or the program's path stored as settings: $got"
echo "ok: each run's settings are stored"

"$BIN/results-store" history --store "$work/s.db" -b pipe-pingpong --metric usecs > "$work/h.txt" 2>&1 ||
	fail "history: $(cat "$work/h.txt")"
cat "$work/h.txt"
[ "$(grep -c 'settings changed' "$work/h.txt")" = 1 ] || fail "want one settings break marked"
grep -Eq '^r4 .*settings changed' "$work/h.txt" || fail "the break is not marked at r4, the first run with the new settings"
echo "ok: the history marks the settings change at its first run"
exit 0
