#!/bin/bash
# compare-kernels-vs-sh.sh - compare-kernels against MMTests' compare-kernels.sh
# on the same tree, interleaved, as a CPU ratio (goal: at most 0.01x). CPU is
# user + sys of each tool and every process it waited for (compare-kernels.sh
# runs Perl, and R where it draws), from wait4 (bench/lib/load.bash). The
# tree is tests/goldens/monitors/monitors-basic: a real run-mmtests.sh tree
# with monitors, whose compare-kernels.sh part
# tests/scripts/kernels/compare-kernels-vs-sh.sh holds byte for byte.
#
#   MMTESTS_DIR=/path/to/mmtests bench/compare-kernels-vs-sh.sh [PAIRS (3)]
#
# compare-kernels.sh takes 10-30 s a report here; ours tens of ms.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
pairs=${1:-3}
[[ -x ${MMTESTS_DIR:-}/compare-kernels.sh ]] || { echo "MMTESTS_DIR must name an MMTests checkout (compare-kernels.sh)" >&2; exit 2; }
. "$top/bench/lib/load.bash"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a "$top/tests/goldens/monitors/monitors-basic/log" "$work/log"
chmod -R u+w "$work/log"
cd "$work"
bench_load_print before

# run_tool sh|ours: one report of the tree, its CPU added to the tool's total.
declare -A total=([sh]=0 [ours]=0)
run_tool() {
	if [[ $1 == sh ]]; then
		bench_cpu_run cpu env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes \
			"$MMTESTS_DIR/compare-kernels.sh" -C log >sh.out 2>/dev/null || true
	else
		bench_cpu_run cpu "$BIN/compare-kernels" -C log >ours.out 2>/dev/null || true
	fi
	total[$1]=$((total[$1] + $(bench_cpu_us cpu)))
}
for i in $(seq "$pairs"); do
	# Alternate which goes first, so neither always finds a warm cache.
	if ((i % 2)); then run_tool sh; run_tool ours; else run_tool ours; run_tool sh; fi
done
printf 'compare-kernels against compare-kernels.sh, monitors-basic tree, %d interleaved pairs, CPU a report:\n' "$pairs"
printf '  compare-kernels.sh  %9.1f ms\n' "$(awk -v t="${total[sh]}" -v n="$pairs" 'BEGIN { print t / n / 1000 }')"
printf '  compare-kernels     %9.1f ms\n' "$(awk -v t="${total[ours]}" -v n="$pairs" 'BEGIN { print t / n / 1000 }')"
printf '  ratio               %s  (goal <= 0.01x)\n' "$(bench_cpu_ratio "${total[ours]}" "${total[sh]}" '%.4f')"
bench_load_end
