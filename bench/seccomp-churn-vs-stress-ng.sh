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
# percentiles. Not part of `make test`; the machine's load is printed because
# it moves these numbers a lot on a shared 2-vCPU VM.
set -u
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-10}
CLIENTS=${CLIENTS:-1 2}
top=$(cd "$(dirname "$0")/.." && pwd)
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

# metrics row -> "real_rate cpu_rate"
rates() { sed -n 's/.*\] seccomp  *//p' "$1" | awk '{ print $5, $6 }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "# $(stress-ng --version | head -1); seccomp-churn $SC"
echo "# reps=$REPS runtime=${RUNTIME}s clients=\"$CLIENTS\"; $(uname -r); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-4s %-3s %-10s %12s %14s\n" rep N tool "ops/s(real)" "ops/s(usr+sys)"
for rep in $(seq 1 "$REPS"); do
	for n in $CLIENTS; do
		# alternate which tool goes first
		order="stress-ng ours"; (( rep % 2 == 0 )) && order="ours stress-ng"
		for tool in $order; do
			if [[ $tool == stress-ng ]]; then
				stress-ng --seccomp "$n" -t "$RUNTIME" --metrics-brief > "$work/sng-$n-$rep.log" 2>&1 || { echo "stress-ng failed"; cat "$work/sng-$n-$rep.log"; exit 1; }
				log=$work/sng-$n-$rep.log
			else
				"$SC" --min-threads "$n" --max-threads "$n" -t "$RUNTIME" --iterations 1 --logdir "$work/ours-$n-$rep" > /dev/null || exit 1
				log=$work/ours-$n-$rep/stressng-$n-1.log
			fi
			read -r real cpu <<< "$(rates "$log")"
			echo "$tool $n $real $cpu" >> "$work/rates"
			printf "%-4s %-3s %-10s %12s %14s\n" "$rep" "$n" "$tool" "$real" "$cpu"
		done
	done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf "%-3s %14s %14s %8s %16s %16s %8s   %s\n" N "sng real" "ours real" ratio "sng usr+sys" "ours usr+sys" ratio "ours attach us p50/p95/p99/max (median of runs), filters/op"
for n in $CLIENTS; do
	sr=$(awk -v n="$n" '$1 == "stress-ng" && $2 == n { print $3 }' "$work/rates" | median)
	or=$(awk -v n="$n" '$1 == "ours" && $2 == n { print $3 }' "$work/rates" | median)
	sc=$(awk -v n="$n" '$1 == "stress-ng" && $2 == n { print $4 }' "$work/rates" | median)
	oc=$(awk -v n="$n" '$1 == "ours" && $2 == n { print $4 }' "$work/rates" | median)
	lat=""
	for k in p50 p95 p99 max; do
		lat+="$(cat "$work"/ours-"$n"-*/seccomp-churn-"$n"-1.extra | awk -v k="attach-$k-usecs" '$1 == k { print $2 }' | median)/"
	done
	fpo=$(cat "$work"/ours-"$n"-*/seccomp-churn-"$n"-1.extra | awk '$1 == "filters-per-op" { print $2 }' | median)
	printf "%-3s %14.2f %14.2f %7.2fx %16.2f %16.2f %7.2fx   %s, %s\n" "$n" "$sr" "$or" \
		"$(echo "$or / $sr" | bc -l)" "$sc" "$oc" "$(echo "$oc / $sc" | bc -l)" "${lat%/}" "$fpo"
done
