#!/bin/bash
# matrix-smoke-time.sh - configs/matrix-smoke's wall time under qemu, this
# build against another (BEFORE=DIR, a build/bin of an older tree), in turn:
# A B A B ... so drift and neighbours hit both alike. Prints each run's wall
# and CPU seconds, the load before and after, and the medians' ratio. Under
# TCG the times are the plumbing's (initramfs builds, boots, the rejected
# row's boot), not any mitigation's. Not part of make test: minutes.
#   MATRIX_KERNEL=/path/to/vmlinuz [BEFORE=DIR] [ROUNDS=N] bench/matrix-smoke-time.sh [BIN]
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(realpath "${1:-$TOP/build/bin}")
ROUNDS=${ROUNDS:-3}
: "${MATRIX_KERNEL:?set MATRIX_KERNEL to a kernel image (tests/scripts/lib/cloud-kernel.bash shows how to get one)}"
export MATRIX_KERNEL
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
load() { cut -d' ' -f1 /proc/loadavg; }
once() {  # once LABEL BIN -> "LABEL WALL CPU"
	local start end
	start=$(date +%s.%N)
	/usr/bin/time -f '%U %S' -o "$T/time" "$2/mitigation-matrix" "$TOP/configs/matrix-smoke" --work-dir "$T/w-$1-$RANDOM" >"$T/out" 2>&1
	end=$(date +%s.%N)
	tail -1 "$T/time" | awk -v l="$1" -v s="$start" -v e="$end" '{ printf "%s %.1f %.1f\n", l, e - s, $1 + $2 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "load before: $(load) on $(nproc) CPUs"
for _ in $(seq "$ROUNDS"); do
	once now "$BIN" | tee -a "$T/runs"
	[ -n "${BEFORE:-}" ] && once before "$(realpath "$BEFORE")" | tee -a "$T/runs"
done
echo "load after: $(load) on $(nproc) CPUs"
now=$(awk '$1 == "now" { print $2 }' "$T/runs" | median)
echo "median wall, this build: $now s"
if [ -n "${BEFORE:-}" ]; then
	before=$(awk '$1 == "before" { print $2 }' "$T/runs" | median)
	echo "median wall, before: $before s; ratio now/before: $(awk -v a="$now" -v b="$before" 'BEGIN { printf "%.2f", a / b }')"
fi
