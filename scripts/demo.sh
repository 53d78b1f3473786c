#!/bin/bash
# demo.sh - the main job on its built-in default: the same kernel measured
# as twelve interleaved A/B pairs (configs/config-memdb-redis-zpopmin-demo run
# by hand 24 times, named demo-a-1 demo-b-1 demo-a-2 ..., a fresh
# redis-server each time), then compare-kernels' answer for ZPOPMIN (the
# verdict block: this is one kernel, so the answer should be "no change")
# and MMTests' comparison table. The log tree is kept (path printed at the
# end) for compare-mmtests or MMTests' own tools.
#
# All runs share one boot, so the run is the verdict's unit
# (docs/verdicts.md): many short runs, interleaved so a neighbour's load
# falls on both names alike, replicate; more samples inside one run would
# not. "No change" is the equivalence claim: the 90 % interval of B against
# A inside +-THRESHOLD. Runs of this config vary by 3-5 % from run to run on
# an idle 2-vCPU VM; with 12 runs a side that interval is about +-2-3.5 %
# wide, so +-10 % is a claim such a VM supports, with room for a neighbour
# that doubles the spread (three pairs: +-9 % wide, "inconclusive"). A run
# is about 5 s: 24 runs fit in 3 minutes. bench/demo-answers.sh measures it.
# DEMO_PAIRS (12) A/B pairs; DEMO_THRESHOLD (10) the +-% "no change" means.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
CONFIG=${1:-$top/configs/config-memdb-redis-zpopmin-demo}
PAIRS=${DEMO_PAIRS:-12}
THRESHOLD=${DEMO_THRESHOLD:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/mmtests-plugins-demo.XXXXXX")
runs=()
for ((i = 1; i <= PAIRS; i++)); do runs+=("demo-a-$i" "demo-b-$i"); done

for run in "${runs[@]}"; do
	echo "== run-config $(basename "$CONFIG") $run"
	"$BIN/run-config" "$CONFIG" "$run" --work-dir "$work" --set MMTEST_ITERATIONS=1
done
echo
echo "== compare-kernels -C $work/log --metric ZPOPMIN --threshold $THRESHOLD   (the answer first: one kernel, $PAIRS interleaved A/B pairs)"
# Its warnings after its answer, as on a terminal of its own.
"$BIN/compare-kernels" -C "$work/log" --metric ZPOPMIN --threshold "$THRESHOLD" > "$work/report.txt" 2> "$work/warnings.txt" ||
	{ cat "$work/warnings.txt" >&2; exit 1; }
sed '/^=== MMTests compare-kernels.sh report ===$/q' "$work/report.txt"
cat "$work/warnings.txt" >&2
if grep -Eq '^[^ ].* regression( \(|$)' <(sed -n '/^Verdict for/,/inconclusive (of/p' "$work/report.txt"); then
	echo "demo: a metric of the same kernel was called a regression (a false positive; see docs/verdicts.md)" >&2
fi
echo
echo "== compare-mmtests -d $work/log -b redis-zpopmin -n $(IFS=,; echo "${runs[*]}")"
"$BIN/compare-mmtests" -d "$work/log" -b redis-zpopmin -n "$(IFS=,; echo "${runs[*]}")"
echo
echo "full report: $work/report.txt; log tree: $work/log"
