#!/bin/bash
# pipe-pingpong vs `perf bench sched pipe` (Debian linux-perf), side by side:
# same loop count, same pinning, runs alternating (the order flips every
# repetition so slow drift hits both). Prints per variant the mean usecs/op,
# its CoV (sample stddev / mean), the median, and ours/perf ratios: of the
# means, of the medians, and the median of the per-repetition pair ratios.
# Target: ratio within 1 +- 0.02, our CoV no worse than perf's.
# Beside them, CPU ns per op: user+sys of each tool's processes (wait4's
# rusage, microseconds) over the loops, and the median pair ratio of that.
# The usecs/op ratios are wall-clock rates: withheld ("rates not
# comparable") when the 1-minute load went above the CPUs (bench/lib/load.bash).
#
#   bench/pipe-pingpong-vs-perf.sh [LOOPS [REPS [VARIANTS]]]
#   VARIANTS: space-separated from pinned, unpinned, threads-pinned
#             (default "pinned unpinned")
# The machine is shared: the load averages before and after are printed.
set -u
LOOPS=${1:-200000}
REPS=${2:-10}
VARIANTS=${3:-pinned unpinned}
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib/load.bash"
PP=
for c in "${MMTESTS_PLUGINS_BIN:-}/pipe-pingpong" "$(command -v pipe-pingpong 2>/dev/null)" "$top/build/bin/pipe-pingpong"; do
	[ -n "$c" ] && [ -x "$c" ] && { PP=$c; break; }
done
[ -n "$PP" ] || { echo "pipe-pingpong not found (MMTESTS_PLUGINS_BIN, PATH, build/bin)" >&2; exit 3; }
command -v perf >/dev/null || { echo "perf not installed (apt-get install linux-perf)" >&2; exit 3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu0=$(cut -d, -f1 /sys/devices/system/cpu/online | cut -d- -f1)

cpu_ns() { awk -v l=$LOOPS '{ printf "%.1f\n", ($1 + $2) * 1000 / l }' "$work/cpu"; }
run_perf() {  # variant -> usecs/op to perf.VARIANT, CPU ns/op to perfcpu.VARIANT
	case $1 in
	pinned)         bench_cpu_run "$work/cpu" taskset -c $cpu0 perf bench sched pipe -l $LOOPS ;;
	unpinned)       bench_cpu_run "$work/cpu" perf bench sched pipe -l $LOOPS ;;
	threads-pinned) bench_cpu_run "$work/cpu" taskset -c $cpu0 perf bench sched pipe -T -l $LOOPS ;;
	esac > "$work/out" || exit 1
	awk '/usecs\/op/ { print $1 }' "$work/out" >> "$work/perf.$1"
	cpu_ns >> "$work/perfcpu.$1"
}
run_ours() {
	rm -rf "$work/l"
	case $1 in
	pinned)         bench_cpu_run "$work/cpu" "$PP" -l $LOOPS -i 1 --binding pinned --cpu $cpu0 --logdir "$work/l" ;;
	unpinned)       bench_cpu_run "$work/cpu" "$PP" -l $LOOPS -i 1 --logdir "$work/l" ;;
	threads-pinned) bench_cpu_run "$work/cpu" "$PP" -l $LOOPS -i 1 -T --binding pinned --cpu $cpu0 --logdir "$work/l" ;;
	esac >/dev/null || exit 1
	awk '/usecs\/op/ { print $1 }' "$work/l/benchlog-_-_-1" >> "$work/ours.$1"
	cpu_ns >> "$work/ourscpu.$1"
}
stats() {  # file -> "mean cov% median"
	sort -n "$1" | awk '{ v[NR] = $1; s += $1; ss += $1 * $1 }
		END { m = s / NR; sd = NR > 1 ? sqrt((ss - NR * m * m) / (NR - 1)) : 0
		      med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "%.4f %.2f %.4f\n", m, 100 * sd / m, med }'
}

echo "pipe-pingpong ($PP) vs $(perf --version): $LOOPS loops x $REPS alternating reps"
bench_load_print before
printf '%-15s %12s %7s %12s   %12s %7s %12s   %8s %8s %8s   %9s %9s %8s\n' variant perf-mean CoV perf-median ours-mean CoV ours-median \
	ratio-mn ratio-md pair-md perf-cpu ours-cpu cpu-pair
for v in $VARIANTS; do
	: > "$work/perf.$v"; : > "$work/ours.$v"; : > "$work/perfcpu.$v"; : > "$work/ourscpu.$v"
	for r in $(seq 1 $REPS); do
		if [ $((r % 2)) = 1 ]; then
			run_perf $v; run_ours $v
		else
			run_ours $v; run_perf $v
		fi
	done
	read -r pm pc pd <<<"$(stats "$work/perf.$v")"
	read -r om oc od <<<"$(stats "$work/ours.$v")"
	# pair-md: median over repetitions of ours/perf from the same (adjacent) pair
	paste "$work/ours.$v" "$work/perf.$v" | awk '{ print $1 / $2 }' > "$work/pair.$v"
	read -r _ _ pairmd <<<"$(stats "$work/pair.$v")"
	paste "$work/ourscpu.$v" "$work/perfcpu.$v" | awk '{ print $1 / $2 }' > "$work/cpupair.$v"
	read -r _ _ cpupair <<<"$(stats "$work/cpupair.$v")"
	read -r _ _ pcpu <<<"$(stats "$work/perfcpu.$v")"
	read -r _ _ ocpu <<<"$(stats "$work/ourscpu.$v")"
	rmn=$(bench_rate_ratio $om $pm %.4f) rmd=$(bench_rate_ratio $od $pd %.4f) rpair=$(bench_rate_ratio $pairmd 1 %.4f)
	[[ $rmn == rates* ]] && rmn=n/c rmd=n/c rpair=n/c
	printf '%-15s %12s %6s%% %12s   %12s %6s%% %12s   %8s %8s %8s   %9s %9s %8.4f\n' $v $pm $pc $pd $om $oc $od \
		$rmn $rmd $rpair $pcpu $ocpu $cpupair
	echo "  perf: $(tr '\n' ' ' < "$work/perf.$v")"
	echo "  ours: $(tr '\n' ' ' < "$work/ours.$v")"
	echo "  CPU ns/op perf: $(tr '\n' ' ' < "$work/perfcpu.$v")"
	echo "  CPU ns/op ours: $(tr '\n' ' ' < "$work/ourscpu.$v")"
done
bench_load_end
bench_rates_ok || echo "n/c: $(bench_rate_ratio 1 1)"
echo "perf-cpu, ours-cpu: median CPU ns per op; cpu-pair: median of the pairs' ours/perf CPU ratios"
