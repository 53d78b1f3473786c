#!/bin/bash
# verdict-overhead.sh - what the verdict costs on many metrics: compare-kernels
# on the large tree (an A/B/A of stressng, 481 metrics) with its verdict and
# with --verdict none (compare-kernels.sh's report alone), interleaved, as a
# CPU ratio (goal: at most 1.25x), beside the report's own CPU (goal: under
# 0.25 s). The tree is the goldens' large one; each run gets a one-line
# tests-sysstate, without which compare-kernels drops a run as MMTests does.
#
#   bench/verdict-overhead.sh [PAIRS (20)]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
SHARED=${SHARED:-$top/../shared}
pairs=${1:-20}
. "$top/bench/lib/load.bash"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$SHARED/tools/gen-large-tree.py" "$work" >/dev/null
for run in "$work"/log/*/; do echo "mitigations: bench" > "$run/iter-0/tests-sysstate"; done

report=("$BIN/compare-kernels" -C "$work/log" --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return)
bench_load_print before

# run_variant none|verdict: one report, its CPU added to the variant's total.
declare -A total=([verdict]=0 [none]=0)
run_variant() {
	local extra=()
	[[ $1 == none ]] && extra=(--verdict none)
	bench_cpu_run "$work/cpu" "${report[@]}" "${extra[@]}" >"$work/$1.out" 2>/dev/null
	total[$1]=$((total[$1] + $(bench_cpu_us "$work/cpu")))
}
for i in $(seq "$pairs"); do
	# Alternate which goes first, so neither always finds a warm cache.
	if ((i % 2)); then run_variant none; run_variant verdict; else run_variant verdict; run_variant none; fi
done
metrics=$(grep -m1 -o 'of [0-9]* metrics' "$work/verdict.out" || echo 'of ? metrics')
printf 'compare-kernels, large tree (%s), %d interleaved pairs, CPU a report:\n' "${metrics#of }" "$pairs"
printf '  --verdict none  %6.1f ms  (goal < 250 ms)\n' "$(awk -v t="${total[none]}" -v n="$pairs" 'BEGIN { print t / n / 1000 }')"
printf '  with verdict    %6.1f ms\n' "$(awk -v t="${total[verdict]}" -v n="$pairs" 'BEGIN { print t / n / 1000 }')"
printf '  ratio           %s  (goal <= 1.25x)\n' "$(bench_cpu_ratio "${total[verdict]}" "${total[none]}")"
bench_load_end
