#!/bin/bash
# pipe-pingpong vs `perf bench sched pipe` (Debian linux-perf), side by side:
# same loop count, same pinning, runs alternating (the order flips every
# repetition so slow drift hits both). Prints per variant the mean usecs/op,
# its CoV (sample stddev / mean), the median, and ours/perf ratios: of the
# means, of the medians, and the median of the per-repetition pair ratios.
# Target: ratio within 1 +- 0.02, our CoV no worse than perf's.
#
#   bench/pipe-pingpong-vs-perf.sh [LOOPS [REPS [VARIANTS]]]
#   VARIANTS: space-separated from pinned, unpinned, threads-pinned
#             (default "pinned unpinned")
# The machine is shared: the 1-minute load average before and after is printed.
set -u
LOOPS=${1:-200000}
REPS=${2:-10}
VARIANTS=${3:-pinned unpinned}
top=$(cd "$(dirname "$0")/.." && pwd)
PP=
for c in "${MMTESTS_PLUGINS_BIN:-}/pipe-pingpong" "$(command -v pipe-pingpong 2>/dev/null)" "$top/build/bin/pipe-pingpong"; do
	[ -n "$c" ] && [ -x "$c" ] && { PP=$c; break; }
done
[ -n "$PP" ] || { echo "pipe-pingpong not found (MMTESTS_PLUGINS_BIN, PATH, build/bin)" >&2; exit 3; }
command -v perf >/dev/null || { echo "perf not installed (apt-get install linux-perf)" >&2; exit 3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu0=$(cut -d, -f1 /sys/devices/system/cpu/online | cut -d- -f1)

run_perf() {  # variant -> usecs/op
	case $1 in
	pinned)         taskset -c $cpu0 perf bench sched pipe -l $LOOPS ;;
	unpinned)       perf bench sched pipe -l $LOOPS ;;
	threads-pinned) taskset -c $cpu0 perf bench sched pipe -T -l $LOOPS ;;
	esac | awk '/usecs\/op/ { print $1 }'
}
run_ours() {
	rm -rf "$work/l"
	case $1 in
	pinned)         "$PP" -l $LOOPS -i 1 --binding pinned --cpu $cpu0 --logdir "$work/l" ;;
	unpinned)       "$PP" -l $LOOPS -i 1 --logdir "$work/l" ;;
	threads-pinned) "$PP" -l $LOOPS -i 1 -T --binding pinned --cpu $cpu0 --logdir "$work/l" ;;
	esac >/dev/null && awk '/usecs\/op/ { print $1 }' "$work/l/benchlog-_-_-1"
}
stats() {  # file -> "mean cov% median"
	sort -n "$1" | awk '{ v[NR] = $1; s += $1; ss += $1 * $1 }
		END { m = s / NR; sd = NR > 1 ? sqrt((ss - NR * m * m) / (NR - 1)) : 0
		      med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "%.4f %.2f %.4f\n", m, 100 * sd / m, med }'
}

echo "pipe-pingpong ($PP) vs $(perf --version): $LOOPS loops x $REPS alternating reps; load before: $(cut -d' ' -f1 /proc/loadavg)"
printf '%-15s %12s %7s %12s   %12s %7s %12s   %8s %8s %8s\n' variant perf-mean CoV perf-median ours-mean CoV ours-median ratio-mn ratio-md pair-md
for v in $VARIANTS; do
	: > "$work/perf.$v"; : > "$work/ours.$v"
	for r in $(seq 1 $REPS); do
		if [ $((r % 2)) = 1 ]; then
			run_perf $v >> "$work/perf.$v"; run_ours $v >> "$work/ours.$v"
		else
			run_ours $v >> "$work/ours.$v"; run_perf $v >> "$work/perf.$v"
		fi
	done
	read -r pm pc pd <<<"$(stats "$work/perf.$v")"
	read -r om oc od <<<"$(stats "$work/ours.$v")"
	# pair-md: median over repetitions of ours/perf from the same (adjacent) pair
	paste "$work/ours.$v" "$work/perf.$v" | awk '{ print $1 / $2 }' > "$work/pair.$v"
	read -r _ _ pairmd <<<"$(stats "$work/pair.$v")"
	printf '%-15s %12s %6s%% %12s   %12s %6s%% %12s   %8.4f %8.4f %8.4f\n' $v $pm $pc $pd $om $oc $od \
		"$(awk -v a=$om -v b=$pm 'BEGIN { print a / b }')" "$(awk -v a=$od -v b=$pd 'BEGIN { print a / b }')" $pairmd
	echo "  perf: $(tr '\n' ' ' < "$work/perf.$v")"
	echo "  ours: $(tr '\n' ' ' < "$work/ours.$v")"
done
echo "load after: $(cut -d' ' -f1 /proc/loadavg)"
