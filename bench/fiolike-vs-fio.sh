#!/bin/bash
# fiolike-vs-fio.sh - fiolike against Debian's fio on the same job and the
# same file, runs alternating (fio first in odd repetitions, fiolike first in
# even ones).
# Jobs: {psync QD1, io_uring QD32} x {randread, randrw 70/30, randwrite},
# 4k, direct=1, time_based. Both tools get the same, pre-made file, so
# neither lays out anything during the comparison.
#
# Per job it prints the mean IOPS (read+write) and the CPU microseconds per
# IO of each tool and the ratios fiolike/fio. CPU per IO is computed the
# same way for both, from the terse line: (usr% + sys%) / 100 * runtime /
# IOs, i.e. fio's own accounting (the job thread's getrusage, microseconds);
# "proc" is the whole process tree's CPU (wait4's rusage, io_uring workers
# and fio's main process included) over the IOs of ramp and runtime.
# Ratios are the median of the per-repetition pairs (each pair ran back to
# back, so drift and a neighbour's load hit both). The IOPS ratio is withheld
# ("rates not comparable") when the 1-minute load went above the CPUs;
# bench/lib/load.bash says why. Targets: IOPS ratio >= 0.98 and CPU/IO ratio
# <= 1.00. io_uring jobs run BENCH_REPS_IO_URING (9) repetitions: with 3, a
# loaded machine's spread (64-94k IOPS a run) hid a fiolike 25 % behind.
#
# It runs the jobs on two files: one on /tmp (ext4 on virtio-blk here: device
# bound, shared disk, noisy) and one on /dev/shm (tmpfs, which accepts
# O_DIRECT on 6.18 but is a page-cache memcpy: CPU bound, so the tools' own
# overhead and the syscall path - where mitigations cost - dominate).
#
# Knobs: BENCH_DIRS (where the files go, default "/tmp /dev/shm"), BENCH_SIZE (1G),
# BENCH_RUNTIME (5 s), BENCH_RAMP (1 s), BENCH_REPS (3), BENCH_REPS_IO_URING (9), BENCH_DIRECT (1),
# BENCH_ONLY ("psync-randread ..." to pick jobs). The binary is found via
# $MMTESTS_PLUGINS_BIN, then build/bin next to this script, then PATH.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/bench/lib/load.bash"
FIOLIKE=
for c in ${MMTESTS_PLUGINS_BIN:+$MMTESTS_PLUGINS_BIN/fiolike} "$here/build/bin/fiolike" "$(command -v fiolike)"; do
	[[ -n $c && -x $c ]] && { FIOLIKE=$c; break; }
done
[[ -n $FIOLIKE ]] || { echo "fiolike binary not found (make, or set MMTESTS_PLUGINS_BIN)" >&2; exit 1; }
command -v fio >/dev/null || { echo "fio not installed (scripts/install-deps.sh --test)" >&2; exit 1; }

DIRS=${BENCH_DIRS:-/tmp /dev/shm}
SIZE=${BENCH_SIZE:-1G}
RUNTIME=${BENCH_RUNTIME:-5}
RAMP=${BENCH_RAMP:-1}
REPS=${BENCH_REPS:-3}
REPS_URING=${BENCH_REPS_IO_URING:-9}
DIRECT=${BENCH_DIRECT:-1}
JOBS=${BENCH_ONLY:-"psync-randread psync-randrw psync-randwrite io_uring-randread io_uring-randrw io_uring-randwrite"}

work=$(mktemp -d /tmp/fiolike-bench.XXXXXX)
files=()
cleanup() { rm -rf "$work" "${files[@]}"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
echo "fiolike: $FIOLIKE; $(fio --version); direct=$DIRECT runtime=${RUNTIME}s ramp=${RAMP}s reps=$REPS (io_uring: $REPS_URING)"
bench_load_print before

# terse line, wait4 CPU file -> "iops cpu_us_per_io proc_cpu_us_per_io"
metrics() {
	awk -F';' -v proc_us="$(bench_cpu_us "$1")" -v secs=$((RUNTIME + RAMP)) '{ usr = $88; sub(/%/, "", usr); sys = $89; sub(/%/, "", sys)
		rt = $9 > $50 ? $9 : $50; iops = $8 + $49; ios = iops * rt / 1000
		printf "%d %.4f %.4f\n", iops, (ios > 0 ? (usr + sys) / 100 * rt * 1000 / ios : 0), (iops > 0 ? proc_us / (iops * secs) : 0) }'
}
# column N of two files -> median of the line-by-line ratios A/B
pair_median() {
	paste "$2" "$3" | awk -v n="$1" -v w=$(($(head -1 "$2" | wc -w))) '$(w + n) > 0 { print $n / $(w + n) }' |
		sort -g | awk '{ v[NR] = $1 } END { if (!NR) print 0; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
run_fio() {
	bench_cpu_run "$work/cpu" fio --name="$job" "${args[@]}" --minimal 2>/dev/null > "$work/terse" || { echo "fio failed on $job" >&2; exit 1; }
	tail -1 "$work/terse" | metrics "$work/cpu" >> "$work/fio.res"
}
run_ours() {
	rm -rf "$work/log"
	bench_cpu_run "$work/cpu" "$FIOLIKE" --name="$job" "${args[@]}" --logdir="$work/log" --quiet || { echo "fiolike failed on $job" >&2; exit 1; }
	metrics "$work/cpu" < "$work/log/fio.log" >> "$work/ours.res"
}

for dir in $DIRS; do
file=$(mktemp "$dir/fiolike-bench-file.XXXXXX")
files+=("$file")
echo "== $dir ($(findmnt -n -o FSTYPE --target "$dir" | head -1)): laying out $SIZE at $file"
fio --name=layout --filename="$file" --rw=write --bs=1m --size="$SIZE" --ioengine=psync --minimal >/dev/null \
	|| { echo "cannot lay out $file" >&2; exit 1; }
printf "%-20s %10s %10s %7s   %9s %9s %7s   %9s %9s %7s\n" job "fio IOPS" "ours IOPS" ratio "fio us/IO" "ours us/IO" ratio "fio proc" "ours proc" ratio
for job in $JOBS; do
	eng=${job%%-*} rw=${job#*-}
	qd=1; [[ $eng == io_uring ]] && qd=32
	args=(--filename="$file" --rw="$rw" --rwmixread=70 --bs=4k --size="$SIZE" --runtime="$RUNTIME" --time_based
	      --ramp_time="$RAMP" --ioengine="$eng" --iodepth="$qd" --direct="$DIRECT")
	: > "$work/fio.res"; : > "$work/ours.res"
	reps=$REPS; [[ $eng == io_uring ]] && reps=$REPS_URING
	for ((r = 1; r <= reps; r++)); do
		if ((r % 2)); then run_fio; run_ours; else run_ours; run_fio; fi
	done
	read -r fi fc fp < <(awk '{ a += $1; b += $2; c += $3 } END { printf "%.0f %.4f %.4f\n", a / NR, b / NR, c / NR }' "$work/fio.res")
	read -r oi oc op < <(awk '{ a += $1; b += $2; c += $3 } END { printf "%.0f %.4f %.4f\n", a / NR, b / NR, c / NR }' "$work/ours.res")
	iops_ratio=$(bench_rate_ratio "$(pair_median 1 "$work/ours.res" "$work/fio.res")" 1)
	[[ $iops_ratio == rates* ]] && iops_ratio=n/c
	printf "%-20s %10d %10d %7s   %9.3f %9.3f %7.3f   %9.3f %9.3f %7.3f\n" "$job" "$fi" "$oi" "$iops_ratio" "$fc" "$oc" \
		"$(pair_median 2 "$work/ours.res" "$work/fio.res")" "$fp" "$op" "$(pair_median 3 "$work/ours.res" "$work/fio.res")"
	# per-run values (IOPS/us per IO), for judging the noise
	echo "    runs fio: $(awk '{ printf "%s/%s ", $1, $2 }' "$work/fio.res")  ours: $(awk '{ printf "%s/%s ", $1, $2 }' "$work/ours.res")"
done
rm -f "$file"
done
bench_load_end
bench_rates_ok || echo "n/c: $(bench_rate_ratio 1 1)"
echo "ratios: medians of the per-repetition pairs ours/fio; IOPS and means are per run"
echo "targets: IOPS ratio >= 0.98, CPU/IO ratio <= 1.00 (fio's accounting for both, and proc)"
