#!/bin/bash
# demo.sh - the main job on its built-in default: run the quick redis-zpopmin
# config (configs/config-memdb-redis-zpopmin-quick) by hand three times on
# this kernel, as an A/B/A of one kernel (demo-first, demo-again,
# demo-return; three iterations each, a fresh redis-server each time), then
# print compare-kernels' answer (the verdict block: this is noise, so no
# metric may be called a regression) and MMTests' comparison table. The log
# tree is kept (path printed at the end) for compare-mmtests or MMTests' own
# tools.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
CONFIG=${1:-$top/configs/config-memdb-redis-zpopmin-quick}
ITERATIONS=${DEMO_ITERATIONS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/mmtests-plugins-demo.XXXXXX")
runs=(demo-first demo-again demo-return)

for run in "${runs[@]}"; do
	echo "== run-config $(basename "$CONFIG") $run (MMTEST_ITERATIONS=$ITERATIONS)"
	"$BIN/run-config" "$CONFIG" "$run" --work-dir "$work" --set MMTEST_ITERATIONS="$ITERATIONS"
done
echo
echo "== compare-kernels -C $work/log   (the answer first: the same kernel three times, A/B/A)"
"$BIN/compare-kernels" -C "$work/log" > "$work/report.txt"
sed '/^=== MMTests compare-kernels.sh report ===$/q' "$work/report.txt"
if grep -Eq '^[^ ].* regression( \(|$)' <(sed -n '/^Verdict for/,/inconclusive (of/p' "$work/report.txt"); then
	echo "demo: a metric of the same kernel was called a regression (a false positive; see docs/verdicts.md)" >&2
fi
echo
echo "== compare-mmtests -d $work/log -b redis-zpopmin -n $(IFS=,; echo "${runs[*]}")"
"$BIN/compare-mmtests" -d "$work/log" -b redis-zpopmin -n "$(IFS=,; echo "${runs[*]}")"
echo
echo "full report: $work/report.txt; log tree: $work/log"
