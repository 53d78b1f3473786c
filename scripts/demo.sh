#!/bin/bash
# demo.sh - the main job on its built-in default: run the quick redis-zpopmin
# config (configs/config-memdb-redis-zpopmin-quick) by hand twice, as two run
# names, against a fresh redis-server each time, then print the MMTests
# comparison table and the duration monitor for them. The log tree is kept
# (path printed at the end) for compare-mmtests or MMTests' own tools.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
CONFIG=${1:-$top/configs/config-memdb-redis-zpopmin-quick}
work=$(mktemp -d "${TMPDIR:-/tmp}/mmtests-plugins-demo.XXXXXX")

for run in baseline-a rerun-b; do
	echo "== run-config $(basename "$CONFIG") $run"
	"$BIN/run-config" "$CONFIG" "$run" --work-dir "$work"
done
echo
echo "== compare-mmtests -d $work/log -b redis-zpopmin -n baseline-a,rerun-b"
echo "   (thousands of requests/s, higher is better: a negative change is a regression;"
echo "    latencies: -a latency, lower is better)"
"$BIN/compare-mmtests" -d "$work/log" -b redis-zpopmin -n baseline-a,rerun-b
echo
echo "== compare-mmtests ... --print-monitor duration"
"$BIN/compare-mmtests" -d "$work/log" -b redis-zpopmin -n baseline-a,rerun-b --print-monitor duration
echo
echo "log tree: $work/log"
