#!/bin/bash
# Seed 001's recipe, short, by docs/seed-recipes.md's own commands
# (doc-examples.sh runs them once and checks the shape of what they print):
# run-config runs the pinned pipe-pingpong config once per RFC mode name,
# and compare-kernels --verdict rfc prints the RFC's table (mode, iters,
# us/iter, iter/sec). The disable modes need per-task
# indirect-branch control, which this kind of VM lacks, so the four runs are
# all measured in baseline mode under the four names (the table's mode column
# must say so); the table's columns and arithmetic are checked against the raw
# benchlogs. Where a disable mode cannot run, its run must fail and be left
# out of the table.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config pipe-pingpong compare-kernels compare-mmtests; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$TOP/tests/scripts/lib/doc-recipe.bash"
loops=20000 iterations=3
modes=(baseline d parent both)

run_doc_recipe seed-001
w=$work/seed-001/seed-001
"$BIN/compare-kernels" -C "$w/log" --baseline baseline --compare d --compare parent --compare both --verdict rfc --json-export "$work/rfc.json" > "$work/rfc.txt" 2> "$work/rfc.err" ||
	fail "compare-kernels --verdict rfc: $(cat "$work/rfc.err")"
sed -n '/^RFC ib_spec_bench table/,/^(iters:/p' "$work/rfc.txt" | tee "$work/table"

# Columns, then one row per run in the order the runs were given.
sed -n 2p "$work/table" | grep -Eq '^run +mode +iters +us/iter +iter/sec +x baseline +samples$' || fail "header: $(sed -n 2p "$work/table")"
[ "$(awk 'NR > 2 && !/^\(/' "$work/table" | awk '{print $1}' | paste -sd' ')" = "${modes[*]}" ] ||
	fail "rows are not ${modes[*]}"

# Arithmetic from the raw logs: us/iter = mean of t/iters over the run's
# benchlogs, iter/sec = 1e6 / us/iter, iters = the loop count, mode as logged.
for m in "${modes[@]}"; do
	logs=$w/log/$m/iter-0/pipe-pingpong/logs
	want=$(cat "$logs"/benchlog-_-_-* | awk '
		/^iters: / { n++; iters = $2 + 0; sum += ($4 + 0) / iters }
		/^# pipe-pingpong: mode=/ { mode = substr($3, 6) }
		END { us = sum / n; printf "%s %d %.6f %.6f %d", mode, iters, us, 1e6 / us, n }')
	read -r mode iters us ips n <<< "$want"
	[ "$mode" = baseline ] && [ "$iters" = $loops ] && [ "$n" = $iterations ] || fail "$m: raw logs say $want"
	got=$(awk -v r="$m" '$1 == r' "$work/table")
	read -r _ gmode giters gus gips gx gn <<< "$got"
	[ "$gmode" = baseline ] || fail "$m: mode column '$gmode', the logs say baseline"
	[ "$giters" = "$iters" ] && [ "$gn" = "$n" ] || fail "$m: iters/samples '$giters'/'$gn', want $iters/$n"
	awk -v g="$gus" -v w="$us" 'BEGIN { exit !(g - w < 0.0051 && w - g < 0.0051) }' || fail "$m: us/iter $gus, raw logs give $us"
	awk -v g="$gips" -v w="$ips" 'BEGIN { exit !(g - w < 0.51 && w - g < 0.51) }' || fail "$m: iter/sec $gips, raw logs give $ips"
	# x baseline: us/iter over the first run's (the RFC's "~10x slower")
	[ "$m" = "${modes[0]}" ] && base_us=$us
	awk -v g="${gx%x}" -v w="$(awk -v a="$us" -v b="$base_us" 'BEGIN { print a / b }')" \
		'BEGIN { exit !(g - w < 0.0051 + w * 0.001 && w - g < 0.0051 + w * 0.001) }' || fail "$m: x baseline $gx, raw logs give $us / $base_us"
	# The workload's own RFC line: the RFC's integer arithmetic on its t and iters.
	awk '/^iters: / { it = $2 + 0; t = $4 + 0; gsub(/,/, "", $6); gsub(/,/, "", $8)
		if ($6 + 0 != int(it * 1000000 / t) || $8 + 0 != int(t / it)) { print FILENAME ": " $0; bad = 1 } }
		END { exit bad }' "$logs"/benchlog-_-_-* || fail "$m: an RFC line's iter/sec or us/iter is not iters*1e6/t, t/iters"
done
echo "ok: the RFC table has a row per mode run, its mode as logged, and us/iter and iter/sec from the raw t and iters"
# The JSON export holds the same rows as numbers.
python3 - "$work/rfc.json" "$work/table" <<'PY' || fail "JSON rfc rows differ from the table"
import json, sys
b = [x for x in json.load(open(sys.argv[1]))["benchmarks"] if x["benchmark"] == "pipe-pingpong"][0]
rows = [l.split() for l in open(sys.argv[2]).read().splitlines()[2:] if not l.startswith("(")]
assert [r["run"] for r in b["rfc"]] == [r[0] for r in rows], b["rfc"]
for j, t in zip(b["rfc"], rows):
    assert j["mode"] == t[1] and "%.2f" % j["us_per_iter"]["mean"] == t[3] and "%.0f" % j["iter_per_sec"] == t[4], (j, t)
PY

# compare-mmtests reads the same rows as an alternative report.
"$BIN/compare-mmtests" -d "$w/log" -b pipe-pingpong -a rfc -n "$(IFS=,; echo "${modes[*]}")" > "$work/cmp" 2>&1 ||
	fail "compare-mmtests -a rfc: $(cat "$work/cmp")"
grep -Eq '^Amean +us-iter ' "$work/cmp" || fail "compare-mmtests -a rfc: no us-iter row: $(cat "$work/cmp")"
# ... and so does our shellpack's parse-results-rfc, which MMTests runs.
mkdir -p "$work/fake/shellpack_src/src"
cp -a "$TOP/shellpacks/pipe-pingpong" "$work/fake/shellpack_src/src/ext-pipe-pingpong"
for it in "$w"/log/*/iter-*; do cp -a "$it/pipe-pingpong" "$it/ext-pipe-pingpong"; done
"$BIN/compare-mmtests" -d "$w/log" -b ext-pipe-pingpong -a rfc -n "$(IFS=,; echo "${modes[*]}")" \
	--mmtests-dir "$work/fake" > "$work/cmp-shellpack" 2>&1 || fail "shellpack parse-results-rfc: $(cat "$work/cmp-shellpack")"
diff "$work/cmp" "$work/cmp-shellpack" || fail "the native -a rfc parser and parse-results-rfc disagree"
echo "ok: compare-mmtests -a rfc reads the same rows natively and through the shellpack's parse-results-rfc"

# A real disable mode: with per-task control it is measured and the table
# says so; without it (this VM) the workload exits 3, the run fails and the
# table leaves it out, rather than show a mode that did not take effect.
# It runs as many iterations as the baseline: a run with fewer samples than
# another is incomplete, and left out of the table as well.
"$BIN/run-config" "$TOP/configs/config-scheduler-pipe-pingpong-pinned" real-d --work-dir "$w" \
	--set PIPE_PINGPONG_MODE=d --set PIPE_PINGPONG_LOOPS=$loops --set PIPE_PINGPONG_ITERATIONS=$iterations \
	--set RUN_MONITOR=no > "$work/real-d.out" 2>&1
rc=$?
"$BIN/compare-kernels" -C "$w/log" --baseline baseline --compare real-d --verdict rfc --warnings > "$work/d.txt" 2> "$work/d.err"
if [ $rc = 0 ]; then
	grep -Eq '^real-d +d +' "$work/d.txt" || fail "mode d ran but the table does not say so: $(cat "$work/d.txt")"
	echo "ok: mode d ran here and the table shows it"
else
	grep -q 'spectre_v2_user=prctl' "$work/real-d.out" || fail "mode d failed without naming spectre_v2_user=prctl: $(tail -5 "$work/real-d.out")"
	grep -q 'invalid run real-d for pipe-pingpong (failed)' "$work/d.err" || fail "no invalid-run warning: $(cat "$work/d.err")"
	grep -q '^real-d ' "$work/d.txt" && fail "the failed mode-d run is in the table"
	# issue 29: the report's first lines say what the machine lacks, not only the exit code
	head -n 5 "$work/d.txt" | grep -qx '  real-d: pipe-pingpong could not run: per-task indirect-branch control absent (spectre_v2_user=prctl)' ||
		fail "the report does not begin with the missing capability: $(head -n 5 "$work/d.txt")"
	echo "ok: mode d cannot run here (no per-task control): run-config and the report's first lines name spectre_v2_user=prctl, the table leaves it out"
fi
exit 0
