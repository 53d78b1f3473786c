#!/bin/bash
# demo-answers.sh - what `make demo` answers, measured: scripts/demo.sh run
# RUNS times from a fresh work dir each, one line per run (its answer for
# ZPOPMIN, its interval, wall time, the 1-minute load before and after),
# then the tally. With --hog a CPU hog (one busy loop, unpinned) runs beside
# every demo: the answer may be inconclusive then, never a regression.
# Not a test: the demo's target is "no change" in 4 of 5 fresh runs on an
# idle 2-vCPU VM, under 3 minutes each; report the load with the numbers.
#   bench/demo-answers.sh [RUNS (5)] [--hog]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=5 hog=no
for arg in "$@"; do
	case $arg in
	--hog) hog=yes ;;
	*[!0-9]* | "") echo "demo-answers.sh: RUNS must be a number, not '$arg'" >&2; exit 2 ;;
	*) runs=$arg ;;
	esac
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/demo-answers.XXXXXX")
hog_pid=""
cleanup() {
	[ -n "$hog_pid" ] && kill "$hog_pid" 2> /dev/null
	rm -rf "$scratch"
}
trap cleanup EXIT
if [ "$hog" = yes ]; then
	(while :; do :; done) &
	hog_pid=$!
fi
load() { cut -d' ' -f1 /proc/loadavg; }

declare -A tally=()
regressions=0
printf '%-4s %-14s %-22s %7s %6s %6s\n' run answer interval wall load0 load1
for ((i = 1; i <= runs; i++)); do
	l0=$(load) t0=$(date +%s.%N)
	out=$(TMPDIR=$scratch bash "$top/scripts/demo.sh" 2> "$scratch/err") || { cat "$scratch/err" >&2; exit 1; }
	t1=$(date +%s.%N) l1=$(load)
	row=$(sed -n '/^Verdict for/,/inconclusive (of/p' <<< "$out" | grep -m1 '^ZPOPMIN-RPS-1 ')
	answer=$(grep -oE 'no change|inconclusive|small change|regression|improvement' <<< "$row" | head -1)
	interval=$(grep -oE '\[[-+0-9.%, ]+\]' <<< "$row" | head -1 | tr -d ' ')
	[ "$answer" = regression ] && regressions=$((regressions + 1))
	tally[${answer:-none}]=$((${tally[${answer:-none}]:-0} + 1))
	printf '%-4s %-14s %-22s %6.0fs %6s %6s\n' "$i" "${answer:-none}" "${interval:--}" "$(echo "$t1 - $t0" | bc)" "$l0" "$l1"
	rm -rf "$scratch"/mmtests-plugins-demo.*
done
printf 'tally over %d runs%s:' "$runs" "$([ "$hog" = yes ] && echo ' with a CPU hog beside them')"
for a in "${!tally[@]}"; do printf ' %s %d;' "$a" "${tally[$a]}"; done
printf ' %d CPUs\n' "$(nproc)"
[ "$regressions" -eq 0 ]
