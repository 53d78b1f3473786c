#!/bin/bash
# rows-speed.sh - the CPU compare-mmtests spends on a large tree of rows: 3
# runs x 4 operations x 200,000 samples (bonnie++'s layout, parsed through
# the replayed MMTests parser, so the figure is compare-mmtests' own row
# handling and statistics, plus the replay's cat). Best of REPEAT runs, wall
# and user+sys seconds; the target is under 1 s of CPU (issue 32, "light
# rows").
#
#   bench/rows-speed.sh                       measure build/bin/compare-mmtests
#   BEFORE=DIR bench/rows-speed.sh            and DIR/compare-mmtests, in turn in
#                                             the same run: both, their ratio, and
#                                             whether their outputs are identical
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
# one BIN_DIR OUT -> "CPU WALL" of one run, its report in OUT
one() {
	local t wall user sys
	t=$( { TIMEFORMAT='%R %U %S'; time (cd "$work" && MMTESTS_DIR=$top/tests/fixtures/mmtests-replay LC_ALL=C \
		"$1/compare-mmtests" -d log -b bonniepp -n "$runs" > "$2"); } 2>&1)
	read -r wall user sys <<< "$t"
	awk -v u="$user" -v s="$sys" -v w="$wall" 'BEGIN { printf "%.2f %.2f", u + s, w }'
}
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
best_cpu= best_wall= before_cpu= before_wall=
for _ in $(seq "$REPEAT"); do
	read -r cpu wall <<< "$(one "$BIN" "$work/out")"
	if [[ -z $best_cpu ]] || less "$cpu" "$best_cpu"; then best_cpu=$cpu best_wall=$wall; fi
	[[ -n ${BEFORE:-} ]] || continue
	read -r cpu wall <<< "$(one "$BEFORE" "$work/out.before")"
	if [[ -z $before_cpu ]] || less "$cpu" "$before_cpu"; then before_cpu=$cpu before_wall=$wall; fi
done
printf 'compare-mmtests: %.2f s CPU, %.2f s wall (best of %d; target < 1 s CPU)\n' "$best_cpu" "$best_wall" "$REPEAT"
if [[ -n ${BEFORE:-} ]]; then
	printf 'before (%s): %.2f s CPU, %.2f s wall; ratio now/before: CPU %.3f, wall %.3f\n' "$BEFORE" \
		"$before_cpu" "$before_wall" "$(awk -v a="$best_cpu" -v b="$before_cpu" 'BEGIN { print a / b }')" \
		"$(awk -v a="$best_wall" -v b="$before_wall" 'BEGIN { print a / b }')"
	cmp -s "$work/out" "$work/out.before" && echo "output identical to before's" || echo "output DIFFERS from before's"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
[[ -n ${SAVE:-} ]] && cp "$work/out" "$SAVE"
if [[ -n ${REFERENCE:-} ]]; then
	cmp -s "$work/out" "$REFERENCE" || { echo "FAIL: the output differs from $REFERENCE"; exit 1; }
	echo "output byte-identical to $REFERENCE ($(wc -l < "$work/out") lines)"
fi
