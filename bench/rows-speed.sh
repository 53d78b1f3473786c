#!/bin/bash
# rows-speed.sh - the CPU compare-mmtests spends on a large tree of rows: 3
# runs x 4 operations x 200,000 samples (bonnie++'s layout, parsed through
# the replayed MMTests parser, so the figure is compare-mmtests' own row
# handling and statistics). Best of REPEAT runs, wall and user+sys seconds;
# the target is under 1 s of CPU (issue 32, "light rows").
#
#   bench/rows-speed.sh                       measure build/bin/compare-mmtests
#   SAVE=FILE bench/rows-speed.sh             also keep its output in FILE
#   REFERENCE=FILE bench/rows-speed.sh        and check it is byte-identical to FILE
#   RUNS=3 SAMPLES=200000 REPEAT=3 (defaults)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
RUNS=${RUNS:-3} SAMPLES=${SAMPLES:-200000} REPEAT=${REPEAT:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=$("$top/bench/gen-bonniepp-tree.sh" "$work" "$RUNS" "$SAMPLES")
echo "tree: $RUNS runs x 1 iteration x 4 operations x $SAMPLES latency samples"
best_cpu= best_wall=
for _ in $(seq "$REPEAT"); do
	t=$( { TIMEFORMAT='%R %U %S'; time (cd "$work" && MMTESTS_DIR=$top/tests/fixtures/mmtests-replay LC_ALL=C \
		"$BIN/compare-mmtests" -d log -b bonniepp -n "$runs" > "$work/out"); } 2>&1)
	read -r wall user sys <<< "$t"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	if [[ -z $best_cpu ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
		best_cpu=$cpu best_wall=$wall
	fi
done
printf 'compare-mmtests: %.2f s CPU, %.2f s wall (best of %d; target < 1 s CPU)\n' "$best_cpu" "$best_wall" "$REPEAT"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
[[ -n ${SAVE:-} ]] && cp "$work/out" "$SAVE"
if [[ -n ${REFERENCE:-} ]]; then
	cmp -s "$work/out" "$REFERENCE" || { echo "FAIL: the output differs from $REFERENCE"; exit 1; }
	echo "output byte-identical to $REFERENCE ($(wc -l < "$work/out") lines)"
fi
