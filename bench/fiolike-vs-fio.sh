#!/bin/bash
# fiolike-vs-fio.sh - fiolike against Debian's fio on the same job and the
# same file, runs alternating (fio, fiolike, fio, fiolike, ...).
# Jobs: {psync QD1, io_uring QD32} x {randread, randrw 70/30, randwrite},
# 4k, direct=1, time_based. Both tools get the same, pre-made file, so
# neither lays out anything during the comparison.
#
# Per job it prints the mean IOPS (read+write) and the CPU microseconds per
# IO of each tool and the ratios fiolike/fio. CPU per IO is computed the
# same way for both, from the terse line: (usr% + sys%) / 100 * runtime /
# IOs, i.e. fio's own accounting (the job thread's getrusage); fiolike's
# JSON additionally gives whole-process CPU per IO (incl. io_uring workers),
# shown as "ours(proc)".
# Targets (issue 6): IOPS ratio >= 0.98 and CPU/IO ratio <= 1.00.
#
# It runs the jobs on two files: one on /tmp (ext4 on virtio-blk here: device
# bound, shared disk, noisy) and one on /dev/shm (tmpfs, which accepts
# O_DIRECT on 6.18 but is a page-cache memcpy: CPU bound, so the tools' own
# overhead and the syscall path - where mitigations cost - dominate).
#
# Knobs: BENCH_DIRS (where the files go, default "/tmp /dev/shm"), BENCH_SIZE (1G),
# BENCH_RUNTIME (5 s), BENCH_RAMP (1 s), BENCH_REPS (3), BENCH_DIRECT (1),
# BENCH_ONLY ("psync-randread ..." to pick jobs). The binary is found via
# $MMTESTS_PLUGINS_BIN, then build/bin next to this script, then PATH.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
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
DIRECT=${BENCH_DIRECT:-1}
JOBS=${BENCH_ONLY:-"psync-randread psync-randrw psync-randwrite io_uring-randread io_uring-randrw io_uring-randwrite"}

work=$(mktemp -d /tmp/fiolike-bench.XXXXXX)
files=()
cleanup() { rm -rf "$work" "${files[@]}"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
echo "fiolike: $FIOLIKE; $(fio --version); direct=$DIRECT runtime=${RUNTIME}s ramp=${RAMP}s reps=$REPS; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"

# terse line -> "iops cpu_us_per_io"
metrics() {
	awk -F';' '{ usr = $88; sub(/%/, "", usr); sys = $89; sub(/%/, "", sys)
		rt = $9 > $50 ? $9 : $50; iops = $8 + $49; ios = iops * rt / 1000
		printf "%d %.4f\n", iops, (ios > 0 ? (usr + sys) / 100 * rt * 1000 / ios : 0) }'
}

for dir in $DIRS; do
file=$(mktemp "$dir/fiolike-bench-file.XXXXXX")
files+=("$file")
echo "== $dir ($(findmnt -n -o FSTYPE --target "$dir" | head -1)): laying out $SIZE at $file"
fio --name=layout --filename="$file" --rw=write --bs=1m --size="$SIZE" --ioengine=psync --minimal >/dev/null \
	|| { echo "cannot lay out $file" >&2; exit 1; }
printf "%-20s %10s %10s %7s   %9s %9s %10s %7s\n" job "fio IOPS" "ours IOPS" ratio "fio us/IO" "ours us/IO" "ours(proc)" ratio
for job in $JOBS; do
	eng=${job%%-*} rw=${job#*-}
	qd=1; [[ $eng == io_uring ]] && qd=32
	args=(--filename="$file" --rw="$rw" --rwmixread=70 --bs=4k --size="$SIZE" --runtime="$RUNTIME" --time_based
	      --ramp_time="$RAMP" --ioengine="$eng" --iodepth="$qd" --direct="$DIRECT")
	: > "$work/fio.res"; : > "$work/ours.res"; : > "$work/proc.res"
	for ((r = 1; r <= REPS; r++)); do
		fio --name="$job" "${args[@]}" --minimal 2>/dev/null | tail -1 | metrics >> "$work/fio.res"
		rm -rf "$work/log"
		"$FIOLIKE" --name="$job" "${args[@]}" --logdir="$work/log" --quiet || { echo "fiolike failed on $job" >&2; exit 1; }
		metrics < "$work/log/fio.log" >> "$work/ours.res"
		grep '"us_per_io_process"' "$work/log/fiolike-$job.json" | sed 's/.*: *//; s/,//' >> "$work/proc.res"
	done
	read -r fi fc < <(awk '{ a += $1; b += $2 } END { printf "%.0f %.4f\n", a / NR, b / NR }' "$work/fio.res")
	read -r oi oc < <(awk '{ a += $1; b += $2 } END { printf "%.0f %.4f\n", a / NR, b / NR }' "$work/ours.res")
	op=$(awk '{ a += $1 } END { printf "%.3f", a / NR }' "$work/proc.res")
	printf "%-20s %10d %10d %7.3f   %9.3f %9.3f %10s %7.3f\n" "$job" "$fi" "$oi" \
		"$(awk -v a="$oi" -v b="$fi" 'BEGIN { print b ? a / b : 0 }')" "$fc" "$oc" "$op" \
		"$(awk -v a="$oc" -v b="$fc" 'BEGIN { print b ? a / b : 0 }')"
	# per-run values, for judging the noise
	echo "    runs fio: $(awk '{ printf "%s/%s ", $1, $2 }' "$work/fio.res")  ours: $(awk '{ printf "%s/%s ", $1, $2 }' "$work/ours.res")"
done
rm -f "$file"
done
echo "targets: IOPS ratio >= 0.98, CPU/IO ratio <= 1.00 (fio's accounting for both)"
