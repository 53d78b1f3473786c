#!/bin/bash
# test-serial: a TCG guest beside other tests runs slower and burns about twice the CPU (matrix-smoke: 114 s of CPU in 147 s beside them, 56 s in 51 s alone)
# One qemu guest runs fiolike and redis-zpopmin: fiolike does its IO on the
# guest's scratch disk (/dev/vda, a sparse file attached as a virtio drive,
# its modules insmod'ed from Debian's kernel), redis-zpopmin starts the
# redis-server copied into the initramfs and talks to it over lo; the
# config's MMTEST_ITERATIONS=2 run inside the one boot (iter-0 and iter-1,
# one boot_id); the scratch file is gone afterwards. The kernel as
# matrix-smoke-qemu.sh gets it.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
need_guest_tools
command -v redis-server >/dev/null || skip "no redis-server (apt-get install redis-server)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp  # the guests' initramfs and scratch disk
mkdir -p "$TMPDIR"

use_cloud_kernel

cat >"$work/config-guest" <<'CONFIG'
export MMTESTS="fiolike redis-zpopmin"
export MMTEST_ITERATIONS=2
export RUN_MONITOR=no
export FIO_IO_PATTERNS=randread
export FIO_SIZE=1G
export FIO_RUNTIME=2
export FIO_TIME_BASED=1
export FIO_IOENGINE=psync
export FIO_DIRECT=1
export REDIS_ZPOPMIN_ITERATIONS=1
export REDIS_ZPOPMIN_PERSISTENCE=memonly
export REDIS_ZPOPMIN_KEYSPACE=500
export REDIS_ZPOPMIN_REQUESTS=1000
export REDIS_ZPOPMIN_MIN_CLIENTS=1
export REDIS_ZPOPMIN_MAX_CLIENTS=1
export REDIS_ZPOPMIN_TESTS=zadd,zpopmin
CONFIG
cat >"$work/matrix" <<'MATRIX'
[matrix]
config = config-guest
boots-per-row = 1
budget-boots = 2
boot-timeout-seconds = 400
guest-scratch-mib = 64
[row guest]
kernel = ${MATRIX_KERNEL}
MATRIX
w=$work/w
"$BIN/mitigation-matrix" "$work/matrix" --work-dir "$w" >"$work/run.out" 2>&1 || fail "exit $?: $(tail -5 "$work/run.out")"
d=$w/log/guest/iter-0
# fiolike's terse line names the device its file lives on: the scratch disk.
grep -q ';vda;' "$d/fiolike/logs/fio.log" || fail "fiolike did not run on vda: $(cat "$d/fiolike/logs/commands.log" 2>&1)"
grep -q 'FIO_TARGET_FILE=/dev/vda' "$d/fiolike/logs/commands.log" || fail "no FIO_TARGET_FILE=/dev/vda"
grep -qi 'zpopmin' "$d/redis-zpopmin/logs/redis-1-1.log" || fail "redis-zpopmin wrote no CSV: $(tail -5 "$w"/matrix/boots/boot-0/run-config.out 2>&1)"
grep -q 'Ready to accept connections' "$d/redis-zpopmin/logs/redis-server.log" || fail "redis-server.log: $(tail -3 "$d/redis-zpopmin/logs/redis-server.log")"
# The boot's samples: both iterations, in that boot; the plan said so first.
grep -q 'each boot runs its config 2 times (its MMTEST_ITERATIONS)' "$work/run.out" || fail "no plan line: $(head -3 "$work/run.out")"
grep -q 'accepted as guest/iter-0..iter-1 ' "$work/run.out" || fail "not two iterations: $(grep accepted "$work/run.out")"
grep -qi 'zpopmin' "$w/log/guest/iter-1/redis-zpopmin/logs/redis-1-1.log" || fail "iter-1 ran no redis-zpopmin"
cmp -s "$d/boot-id" "$w/log/guest/iter-1/boot-id" || fail "iter-0 and iter-1 name different boots"
[ -e "$w/log/guest/iter-2" ] && fail "a third iteration from a boot of two"
grep -q '^iterations guest 2$' "$w/matrix/state" || fail "the state does not own the count: $(cat "$w/matrix/state")"
left=$(find "$TMPDIR" -name scratch.img)
[ -z "$left" ] || fail "the scratch disk outlived the run: $left"
echo "ok: a guest ran fiolike on its scratch disk and redis-zpopmin against its own redis-server, twice in one boot"
