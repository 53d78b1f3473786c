#!/bin/bash
# test-serial: TCG guests under lava-run, like the qemu tests (beside other tests a TCG guest burns twice the CPU)
# Two "machines" (two tags on a qemu device, lava-run, TCG, Debian's cloud
# kernel) run configs/matrix-fleet-smoke, each its whole interleaved
# schedule in its own work dir; the fleet's statistics show each row
# against its baseline per machine and combined over the machines (W/fleet.txt),
# every job carries its machine's tag, results-store holds both machines'
# boots keyed by machine (SQLite here; the same import goes to PostgreSQL),
# and a tree whose row is missing on one machine (split) is refused. TCG timings mean nothing: this checks the
# plumbing and the arithmetic's inputs, not a mitigation's cost.
# Skips (77) without lava-run (scripts/install-deps.sh --lava) or root.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
need_guest_tools
command -v lava-run >/dev/null || skip "no lava-run (scripts/install-deps.sh --lava installs lava-dispatcher)"
[ "$(id -u)" = 0 ] || skip "lava-run runs as root only"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work
use_cloud_kernel
start=$(date +%s)
w=$work/w
run() { "$BIN/mitigation-matrix" "$TOP/configs/matrix-fleet-smoke" --work-dir "$w" --backend lava --machine m1=qemu --machine m2=qemu; }

run >"$work/run.out" 2>&1
rc=$?
grep -E 'mitigation-matrix: (machine|boot .* accepted|boot .* ended)|^  ' "$work/run.out" | grep -v '^  [a-z-]*: [+-]'
[ $rc = 0 ] || fail "exit $rc: $(tail -5 "$work/run.out")"

# Every machine ran every row, in its own tree; every boot its own.
ids=()
for m in m1 m2; do
	for row in default mitigations-off; do
		for it in 0 1; do
			d=$w/$m/log/$row/iter-$it
			grep -q '^verdict: accepted$' "$d/matrix-boot.txt" 2>/dev/null || fail "$m $row/iter-$it not accepted"
			ids+=("$(cat "$d/boot-id")")
		done
	done
	for job in "$w/$m"/matrix/lava/job-*.yaml; do
		grep -q "^tags: \[$m\]$" "$job" || fail "$job is not pinned to $m: $(grep tags "$job")"
	done
done
[ "$(printf '%s\n' "${ids[@]}" | sort -u | wc -l)" = 8 ] || fail "boot ids repeat: ${ids[*]}"

# The fleet's statistics: per machine and combined.
cat "$w/fleet.txt"
grep -q '^fleet: 2 machines as blocks' "$w/fleet.txt" || fail "no fleet header: $(head -3 "$w/fleet.txt")"
grep -q '^pipe-pingpong mitigations-off ' "$w/fleet.txt" || fail "mitigations-off not compared: $(cat "$w/fleet.txt")"
grep -Eq '^  m1: [+-][0-9.]+% \[' "$w/fleet.txt" || fail "no interval on m1: $(cat "$w/fleet.txt")"
grep -Eq '^  m2: [+-][0-9.]+% \[' "$w/fleet.txt" || fail "no interval on m2: $(cat "$w/fleet.txt")"
grep -Eq '^  combined: [+-][0-9.]+% \[[+-][0-9.]+%, [+-][0-9.]+%\]$' "$w/fleet.txt" || fail "no combined interval: $(cat "$w/fleet.txt")"

# One store holds both machines' boots, keyed by machine, each with its
# boot-id and matrix-boot.txt (the kernel, cmdline and verdict) as provenance.
for m in m1 m2; do
	"$BIN/results-store" import "$w/$m/log" --store "$work/fleet.db" --machine $m >"$work/store-$m.out" 2>&1 ||
		fail "results-store import $m: $(tail -3 "$work/store-$m.out")"
done
"$BIN/results-store" list --store "$work/fleet.db" >"$work/list.out" 2>&1 || fail "results-store list: $(cat "$work/list.out")"
cat "$work/list.out"
[ "$(grep -cE '^(m1|m2)[[:space:]]+(default|mitigations-off)[[:space:]]' "$work/list.out")" = 4 ] ||
	fail "the store does not hold each machine's two runs: $(cat "$work/list.out")"
if command -v sqlite3 >/dev/null; then
	prov=$(sqlite3 "$work/fleet.db" "SELECT m.name || ' ' || r.name || ' ' || count(*) FROM files f JOIN runs r ON r.id = f.run_id
		JOIN machines m ON m.id = r.machine_id WHERE f.path LIKE '%boot-id' OR f.path LIKE '%matrix-boot.txt'
		GROUP BY m.name, r.name ORDER BY 1")
	[ "$(echo "$prov" | grep -c ' 4$')" = 4 ] || fail "boot-id and matrix-boot.txt not stored per iteration: $prov"
fi

# A row split across machines (m2's mitigations-off gone) is refused.
mv "$w/m2/log/mitigations-off" "$work/moved"
run >"$work/split.out" 2>&1
rc=$?
[ $rc = 1 ] || fail "a split tree: exit $rc, want 1: $(tail -3 "$work/split.out")"
grep -q 'fleet refused: rows split across machines .*mitigations-off: on m1, not on m2' "$work/split.out" ||
	fail "no refusal naming the split row: $(tail -3 "$work/split.out")"
grep -c 'LAVA job ended' "$work/split.out" | grep -qx 0 || fail "the second run booted again: $(cat "$work/split.out")"
echo "two machines under lava-run: $(( $(date +%s) - start )) s"
