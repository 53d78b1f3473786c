#!/bin/bash
# syscall-scale, syscall-null and syscall-fsbuffer side by side with the
# tools they stand in for, alternating runs so that drift and co-tenant load
# hit both alike:
#   bench/syscall-scale-vs-references.sh WIS_DIR UNIXBENCH_DIR
# WIS_DIR: a built antonblanchard/will-it-scale checkout (CASE_processes and
# CASE_threads binaries; it needs libhwloc-dev); UNIXBENCH_DIR: a built
# kdlucas/byte-unixbench UnixBench/ directory (pgms/fstime). Build them by
# hand from their public sources in a temp dir; nothing here fetches or
# builds them. stress-ng is Debian's (apt-get install stress-ng).
#
#   REPS=5 SECONDS_MEASURED=2 CASES="futex4 pread1 pwrite1 poll1" TASKS="1 2" \
#     NULL_RUNTIME=3 FSTIME_RUNTIME=3 MODEL=processes bench/syscall-scale-vs-references.sh ...
#
# will-it-scale runs as MMTests runs it (-t N -s S, its default placement:
# task i on core i); ours with the same placement, warm-up and seconds. The
# figure compared is the mean total ops/s of the measured seconds (its
# "average:" line; ours from the same lines). stress-ng --null N -t T and
# syscall-null run under taskset (CPUs 0..N-1); fstime -c and syscall-fsbuffer
# under taskset -c 0. Prints one line per run, then the medians, the ratio
# ours/reference (target 1.00 +- 0.03), ours' ns per op and the CPU our
# parent (sampling) thread used per second, outside the measured loops;
# last, each test's paired ratios (rep by rep) with a 95 % interval.
# For the will-it-scale cases it also prints CPU ns per op: user+sys time of
# the whole process tree (wait4's rusage in microseconds, bench/lib/load.bash)
# over every operation counted
# (warm-up included), which a co-tenant's load does not move the way it
# moves ops/s (on a VM shared with other work, compare that column); for
# null, 1e9 / stress-ng's "bogo ops/s (usr+sys time)"; for fsbuffer, the
# process's user+sys over the 256-byte units its three passes counted.
# The ops/s ratios are withheld ("rates not comparable: load N on C CPUs")
# when the 1-minute load went above the CPUs; the CPU ratios never are.
set -u
[ $# -eq 2 ] || { echo "usage: $0 WIS_DIR UNIXBENCH_DIR" >&2; exit 2; }
WIS=$1 UB=$2
REPS=${REPS:-5}
SECS=${SECONDS_MEASURED:-2}
CASES=${CASES:-futex4 pread1 pwrite1 poll1}
TASKS=${TASKS:-1 2}
MODEL=${MODEL:-processes}
NULL_RUNTIME=${NULL_RUNTIME:-3}
FSTIME_RUNTIME=${FSTIME_RUNTIME:-3}
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib/load.bash"
BIN=${BIN:-$top/build/bin}
for b in syscall-scale syscall-null syscall-fsbuffer; do
	[ -x "$BIN/$b" ] || { echo "$BIN/$b not built (make)" >&2; exit 1; }
done
for c in $CASES; do
	[ -x "$WIS/${c}_$MODEL" ] || { echo "$WIS/${c}_$MODEL not built" >&2; exit 1; }
done
[ -x "$UB/pgms/fstime" ] || { echo "$UB/pgms/fstime not built" >&2; exit 1; }
command -v stress-ng > /dev/null || { echo "stress-ng not installed (apt-get install stress-ng)" >&2; exit 1; }
work=$(mktemp -d /tmp/syscall-scale-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# the measured seconds' mean total, from will-it-scale's output after "measurement"
wis_mean() { awk '/^measurement/ { m = 1; next } m && /total:/ { sub(/.*total:/, ""); s += $1; n++ } END { printf "%.1f", n ? s / n : 0 }' "$1"; }
# CPU ns per op: the tree's user+sys microseconds ($work/time) over all total: lines
cpu_ns() { awk -v t="$(bench_cpu_us "$work/time")" '/total:/ { sub(/.*total:/, ""); s += $1 } END { printf "%.1f", s ? t * 1e3 / s : 0 }' "$1"; }
# fstime's CPU ns per counted 256-byte unit, over its three passes (the
# "Write/Read/Copy done: N" counts; the syncs and sleeps cost next to nothing).
fstime_cpu_ns() { awk -v t="$(bench_cpu_us "$work/time")" '/^(Write|Read|Copy) done:/ { s += $3 } END { printf "%.1f", s ? t * 1e3 / s : 0 }' "$1"; }
cpus_for() { seq -s, 0 $(($1 - 1)); }
record() { bench_load_sample; echo "$*" >> "$work/results"; printf "%-4s %-10s %-3s %-8s %14s" "$1" "$2" "$3" "$4" "$5"; shift 5; echo " $*"; }

echo "# will-it-scale $WIS ($(git -C "$WIS" rev-parse --short HEAD 2>/dev/null || echo '?')); unixbench $UB; $(stress-ng --version | head -1)"
echo "# reps=$REPS seconds=$SECS model=$MODEL cases=\"$CASES\" tasks=\"$TASKS\"; $(uname -r)"
echo "# $(bench_load_print before)"
printf "%-4s %-10s %-3s %-8s %14s %s\n" rep test N tool "ops/s" "(ours: ns/op, parent us CPU/s)"
for rep in $(seq 1 "$REPS"); do
	order="ref ours"; (( rep % 2 == 0 )) && order="ours ref"
	for c in $CASES; do
		for n in $TASKS; do
			for tool in $order; do
				if [[ $tool == ref ]]; then
					(cd "$work" && bench_cpu_run "$work/time" "$WIS/${c}_$MODEL" -t "$n" -s "$SECS") > "$work/ref.out" 2>&1 || { cat "$work/ref.out"; exit 1; }
					record "$rep" "$c" "$n" ref "$(wis_mean "$work/ref.out")" - - "$(cpu_ns "$work/ref.out")"
				else
					rm -rf "$work/ours"
					bench_cpu_run "$work/time" "$BIN/syscall-scale" -w "$c" --models "$MODEL" --min-threads "$n" --max-threads "$n" -s "$SECS" \
						--testdir "$work" --logdir "$work/ours" > "$work/ours.out" 2>&1 || { cat "$work/ours.out"; exit 1; }
					x=$work/ours/syscall-scale-${c}_$MODEL-$n.extra
					record "$rep" "$c" "$n" ours "$(wis_mean "$work/ours.out")" \
						"$(awk '$1 == "ns-per-op" { printf "%s", $2 } $1 == "parent-cpu-usecs-per-sec" { printf " %s", $2 }' "$x")" \
						"$(cpu_ns "$work/ours.out")"
				fi
			done
		done
	done
	for n in $TASKS; do
		for tool in $order; do
			if [[ $tool == ref ]]; then
				bench_cpu_run "$work/time" taskset -c "$(cpus_for "$n")" stress-ng --null "$n" -t "$NULL_RUNTIME" --metrics-brief > "$work/sng.log" 2>&1 || { cat "$work/sng.log"; exit 1; }
				log=$work/sng.log
			else
				rm -rf "$work/null"
				bench_cpu_run "$work/time" taskset -c "$(cpus_for "$n")" "$BIN/syscall-null" --min-threads "$n" --max-threads "$n" -t "$NULL_RUNTIME" --iterations 1 \
					--logdir "$work/null" > /dev/null || exit 1
				log=$work/null/stressng-$n-1.log
			fi
			row=$(sed -n 's/.*\] null  *\([0-9][0-9]*\) .*/&/p' "$log" | head -1)
			rate=$(awk '{ print $(NF-1) }' <<< "$row")
			cpuns=$(awk '{ printf "%.1f", ($NF > 0 ? 1e9 / $NF : 0) }' <<< "$row")  # bogo ops/s (usr+sys time)
			extra="- -"
			[[ $tool == ours ]] && extra=$(awk '$1 == "ns-per-op" { printf "%s", $2 } $1 == "parent-cpu-usecs-per-sec" { printf " %s", $2 }' "$work/null/syscall-null-$n-1.extra")
			record "$rep" null "$n" "$tool" "$rate" "$extra" "$cpuns"
		done
	done
	for tool in $order; do
		if [[ $tool == ref ]]; then
			mkdir -p "$work/fst"
			bench_cpu_run "$work/time" taskset -c 0 "$UB/pgms/fstime" -c -t "$FSTIME_RUNTIME" -d "$work/fst" -b 256 -m 500 > "$work/fst.out" 2>&1 || { cat "$work/fst.out"; exit 1; }
			rate=$(awk '/^Copy done:/ { print $NF }' "$work/fst.out")
			cpuns=$(fstime_cpu_ns "$work/fst.out")
		else
			rm -rf "$work/fsb"
			bench_cpu_run "$work/time" taskset -c 0 "$BIN/syscall-fsbuffer" -t "$FSTIME_RUNTIME" --iterations 1 --testdir "$work" --logdir "$work/fsb" > /dev/null || exit 1
			rate=$(awk '/^Copy done:/ { print $NF }' "$work/fsb/unixbenchd.log")
			cpuns=$(fstime_cpu_ns "$work/fsb/unixbenchd.log")
		fi
		record "$rep" fsbuffer 1 "$tool" "$rate" - - "$cpuns"
	done
done
bench_load_sample  # the pipe below runs bench_load_end in a subshell
bench_load_end | sed 's/^/# /'
rates_ok=yes
bench_rates_ok || { rates_ok=no; echo "# n/c: $(bench_rate_ratio 1 1)"; }
echo
printf "| %-9s | %-2s | %14s | %14s | %6s | %10s | %12s | %12s | %12s | %6s |\n" test N "reference" "ours" "ratio" "ours ns/op" "parent us/s" "ref CPU ns/op" "ours CPU ns/op" "ratio"
printf "|%s|\n" "-----------|----|----------------|----------------|--------|------------|--------------|--------------|--------------|--------"
for t in $CASES null fsbuffer; do
	for n in $TASKS; do
		[[ $t == fsbuffer && $n != 1 ]] && continue
		r=$(awk -v t="$t" -v n="$n" '$2 == t && $3 == n && $4 == "ref" { print $5 }' "$work/results" | median)
		o=$(awk -v t="$t" -v n="$n" '$2 == t && $3 == n && $4 == "ours" { print $5 }' "$work/results" | median)
		ns=$(awk -v t="$t" -v n="$n" '$2 == t && $3 == n && $4 == "ours" && NF >= 6 { print $6 }' "$work/results" | median)
		pc=$(awk -v t="$t" -v n="$n" '$2 == t && $3 == n && $4 == "ours" && NF >= 7 { print $7 }' "$work/results" | median)
		rc=$(awk -v t="$t" -v n="$n" '$2 == t && $3 == n && $4 == "ref" && NF >= 8 { print $8 }' "$work/results" | median)
		oc=$(awk -v t="$t" -v n="$n" '$2 == t && $3 == n && $4 == "ours" && NF >= 8 { print $8 }' "$work/results" | median)
		printf "| %-9s | %-2s | %14s | %14s | %6s | %10s | %12s | %12s | %12s | %6.3f |\n" "$t" "$n" "$r" "$o" \
			"$([[ $rates_ok == yes ]] && awk -v a="$o" -v b="$r" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }' || echo n/c)" \
			"$ns" "$pc" "$rc" "$oc" "$(awk -v a="$oc" -v b="$rc" 'BEGIN { if (a == "nan" || b == "nan" || a + 0 <= 0) print 0; else print b / a }')"
	done
done
echo
# The pairs: each rep ran both tools back to back, so a rep's ratio cancels
# what the host did to both. Geometric mean of the ratios with a 95 % t
# interval over reps (ops/s: ours/ref; CPU: ref/ours, above 1 = ours cheaper).
echo "| test | N | reps | paired ops/s ratio [95 %] | paired CPU ratio [95 %] |"
echo "|---|---|---|---|---|"
awk -v rates_ok="$rates_ok" '
function t975(df) { split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228", q, " "); return df <= 10 ? q[df] : (df <= 30 ? 2.1 : 1.96) }
function interval(s, ss, k,   m, h) { if (k < 2) return "-"; m = s / k; h = t975(k - 1) * sqrt((ss - k * m * m) / (k - 1)) / sqrt(k); return sprintf("%.3f [%.3f, %.3f]", exp(m), exp(m - h), exp(m + h)) }
$8 != "" && $8 != "-" { cpu[$2 SUBSEP $3 SUBSEP $1 SUBSEP $4] = $8 }
{ ops[$2 SUBSEP $3 SUBSEP $1 SUBSEP $4] = $5; if (!(($2, $3) in seen)) { seen[$2, $3] = 1; order[++n] = $2 SUBSEP $3 }; if ($1 > reps) reps = $1 }
END {
	for (i = 1; i <= n; i++) {
		split(order[i], tn, SUBSEP); k = s = ss = kc = cs = css = 0
		for (r = 1; r <= reps; r++) {
			a = ops[tn[1], tn[2], r, "ours"]; b = ops[tn[1], tn[2], r, "ref"]
			if (a > 0 && b > 0) { x = log(a / b); k++; s += x; ss += x * x }
			a = cpu[tn[1], tn[2], r, "ours"]; b = cpu[tn[1], tn[2], r, "ref"]
			if (a > 0 && b > 0) { x = log(b / a); kc++; cs += x; css += x * x }
		}
		printf "| %s | %s | %d | %s | %s |\n", tn[1], tn[2], k, rates_ok == "yes" ? interval(s, ss, k) : "n/c", interval(cs, css, kc)
	}
}' "$work/results"
