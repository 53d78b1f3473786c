#!/bin/bash
# seccomp-churn (stress-ng preset) against Debian's stress-ng --seccomp,
# alternating runs so that drift and co-tenant load hit both alike.
#
#   bench/seccomp-churn-vs-stress-ng.sh            # 5 reps x 10 s, 1 and 2 workers
#   REPS=3 RUNTIME=5 CLIENTS="1" bench/seccomp-churn-vs-stress-ng.sh
#
# Prints one line per run, then per worker count the medians of bogo ops/s
# (real time and usr+sys time, as stress-ng computes them), the ratio
# ours/stress-ng (target >= 1.0) and our median seccomp() attach latency
# percentiles. The usr+sys rate is ops per CPU second (stress-ng's own
# arithmetic, each tool from its rusage); "CPU ns/op" is the whole process
# tree's user+sys from wait4 (bench/lib/load.bash) over the bogo ops, the
# same for both tools. Not part of `make test`. The real-time ratio is
# withheld ("rates not comparable") when the 1-minute load went above the
# CPUs: on a shared 2-vCPU VM it then shows who the scheduler favoured.
set -u
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-10}
CLIENTS=${CLIENTS:-1 2}
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib/load.bash"
if [[ -n ${MMTESTS_PLUGINS_BIN:-} && -x $MMTESTS_PLUGINS_BIN/seccomp-churn ]]; then
	SC=$MMTESTS_PLUGINS_BIN/seccomp-churn
elif [[ -x $top/build/bin/seccomp-churn ]]; then
	SC=$top/build/bin/seccomp-churn
else
	SC=$(command -v seccomp-churn) || { echo "seccomp-churn not found (build it or set MMTESTS_PLUGINS_BIN)" >&2; exit 1; }
fi
command -v stress-ng > /dev/null || { echo "stress-ng not installed (apt-get install stress-ng)" >&2; exit 1; }
work=$(mktemp -d /tmp/seccomp-churn-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# metrics row -> "real_rate cpu_rate cpu_ns_per_op" (the last from wait4's CPU in $work/cpu)
rates() { sed -n 's/.*\] seccomp  *//p' "$1" | awk -v us="$(bench_cpu_us "$work/cpu")" '{ printf "%s %s %.1f\n", $5, $6, ($1 > 0 ? us * 1000 / $1 : 0) }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "# $(stress-ng --version | head -1); seccomp-churn $SC"
echo "# reps=$REPS runtime=${RUNTIME}s clients=\"$CLIENTS\"; $(uname -r)"
echo "# $(bench_load_print before)"
printf "%-4s %-3s %-10s %12s %14s %10s\n" rep N tool "ops/s(real)" "ops/s(usr+sys)" "CPU ns/op"
for rep in $(seq 1 "$REPS"); do
	for n in $CLIENTS; do
		# alternate which tool goes first
		order="stress-ng ours"; (( rep % 2 == 0 )) && order="ours stress-ng"
		for tool in $order; do
			if [[ $tool == stress-ng ]]; then
				bench_cpu_run "$work/cpu" stress-ng --seccomp "$n" -t "$RUNTIME" --metrics-brief > "$work/sng-$n-$rep.log" 2>&1 || { echo "stress-ng failed"; cat "$work/sng-$n-$rep.log"; exit 1; }
				log=$work/sng-$n-$rep.log
			else
				bench_cpu_run "$work/cpu" "$SC" --min-threads "$n" --max-threads "$n" -t "$RUNTIME" --iterations 1 --logdir "$work/ours-$n-$rep" > /dev/null || exit 1
				log=$work/ours-$n-$rep/stressng-$n-1.log
			fi
			read -r real cpu cpuns <<< "$(rates "$log")"
			echo "$tool $n $real $cpu $cpuns" >> "$work/rates"
			printf "%-4s %-3s %-10s %12s %14s %10s\n" "$rep" "$n" "$tool" "$real" "$cpu" "$cpuns"
		done
	done
done
bench_load_sample  # the pipe below runs bench_load_end in a subshell
bench_load_end | sed 's/^/# /'
bench_rates_ok || echo "# n/c: $(bench_rate_ratio 1 1)"
echo
printf "%-3s %14s %14s %8s %16s %16s %8s %9s %9s %8s   %s\n" N "sng real" "ours real" ratio "sng usr+sys" "ours usr+sys" ratio \
	"sng ns/op" "ours ns/op" ratio "ours attach us p50/p95/p99/max (median of runs), filters/op"
for n in $CLIENTS; do
	sr=$(awk -v n="$n" '$1 == "stress-ng" && $2 == n { print $3 }' "$work/rates" | median)
	or=$(awk -v n="$n" '$1 == "ours" && $2 == n { print $3 }' "$work/rates" | median)
	sc=$(awk -v n="$n" '$1 == "stress-ng" && $2 == n { print $4 }' "$work/rates" | median)
	oc=$(awk -v n="$n" '$1 == "ours" && $2 == n { print $4 }' "$work/rates" | median)
	sn=$(awk -v n="$n" '$1 == "stress-ng" && $2 == n { print $5 }' "$work/rates" | median)
	on=$(awk -v n="$n" '$1 == "ours" && $2 == n { print $5 }' "$work/rates" | median)
	rr=$(bench_rate_ratio "$or" "$sr" %.2fx)
	[[ $rr == rates* ]] && rr=n/c
	lat=""
	for k in p50 p95 p99 max; do
		lat+="$(cat "$work"/ours-"$n"-*/seccomp-churn-"$n"-1.extra | awk -v k="attach-$k-usecs" '$1 == k { print $2 }' | median)/"
	done
	fpo=$(cat "$work"/ours-"$n"-*/seccomp-churn-"$n"-1.extra | awk '$1 == "filters-per-op" { print $2 }' | median)
	printf "%-3s %14.2f %14.2f %8s %16.2f %16.2f %7.2fx %9s %9s %7.2fx   %s, %s\n" "$n" "$sr" "$or" \
		"$rr" "$sc" "$oc" "$(echo "$oc / $sc" | bc -l)" "$sn" "$on" "$(echo "$on / $sn" | bc -l)" "${lat%/}" "$fpo"
done
