#!/bin/bash
# Two seccomp-churn presets compare: config-workload-seccomp-churn (stress-ng
# preset) and config-workload-seccomp-churn-raw-specallow, run by run-config
# with short settings, give compare-mmtests one row set (bops-seccomp-N with a
# value in both columns), and each run's .extra file names its preset.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config seccomp-churn compare-mmtests; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
short=(--set SECCOMP_CHURN_RUNTIME=1 --set SECCOMP_CHURN_OPS=200 --set SECCOMP_CHURN_ITERATIONS=3
	--set SECCOMP_CHURN_MAX_THREADS=2 --set RUN_MONITOR=no --work-dir "$work/w")
"$BIN/run-config" "$TOP/configs/config-workload-seccomp-churn" stressng-preset-run "${short[@]}" >"$work/a.out" 2>&1 ||
	fail "stress-ng preset run: $(tail -3 "$work/a.out")"
"$BIN/run-config" "$TOP/configs/config-workload-seccomp-churn-raw-specallow" raw-specallow-run "${short[@]}" >"$work/b.out" 2>&1 ||
	fail "raw-specallow run: $(tail -3 "$work/b.out")"

logs() { echo "$work/w/log/$1/iter-0/seccomp-churn/logs"; }
grep -qx "preset-settings stress-ng spec-allow=no verify=no" "$(logs stressng-preset-run)/seccomp-churn-2-3.extra" ||
	fail "stress-ng run's preset: $(head -6 "$(logs stressng-preset-run)/seccomp-churn-2-3.extra")"
grep -qx "preset-settings raw insns=64 filters=1 spec-allow=yes trap=yes verify=no" "$(logs raw-specallow-run)/seccomp-churn-2-3.extra" ||
	fail "raw-specallow run's preset: $(head -6 "$(logs raw-specallow-run)/seccomp-churn-2-3.extra")"

"$BIN/compare-mmtests" -d "$work/w/log" -b seccomp-churn -n stressng-preset-run,raw-specallow-run >"$work/cmp" 2>"$work/cmp.err" ||
	fail "compare-mmtests: $(cat "$work/cmp.err")"
# Every row is bops-seccomp-N or the stressng parser's bops-successful-N ...
rows=$(awk 'NR > 2 { print $2 }' "$work/cmp" | sort -u | paste -sd' ')
[ "$rows" = "bops-seccomp-1 bops-seccomp-2 bops-successful-1 bops-successful-2" ] || fail "row names: $rows"
# ... and each bops-seccomp row has a positive value for both presets.
for n in 1 2; do
	awk -v row="bops-seccomp-$n" '$1 == "Hmean" && $2 == row { found = 1; ok = $3 > 0 && $6 > 0 } END { exit !(found && ok) }' \
		"$work/cmp" || fail "Hmean bops-seccomp-$n lacks a value for a preset: $(cat "$work/cmp")"
done
grep -E '^Hmean +bops-seccomp' "$work/cmp"
echo "ok: the stress-ng and raw-specallow presets compare row by row"
