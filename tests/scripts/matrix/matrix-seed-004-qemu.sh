#!/bin/bash
# test-serial: TCG guests beside other tests run slower and burn about twice the CPU
# test-slow: six TCG boots running fiolike (about 2 minutes idle)
# Seed 004's matrix (configs/matrix-seed-004) under qemu with Debian's 6.1
# cloud kernel, two boots a row and its config cut short (1 s jobs, a 16 MiB
# file, two iterations a boot): the two baselines are accepted and measured;
# the emulated EPYC-Rome has no IBRS, so spectre_v2=ibrs is rejected quoting
# the kernel's "Switching to AUTO select"; 6.1 knows no retbleed=stuff, so
# that column is rejected quoting its "Ignoring unknown" line; each rejected row costs one boot and runs no
# workload. compare-kernels' baselines mail then has the seed's shape: a
# line per column and job against both baselines, in 80 columns, naming the
# rejected columns and saying the timings are TCG's.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
start_guest_test

# The seed's config, shorter (its MMTESTS line as it is).
cp "$TOP/configs/config-io-fiolike-read-rw70-write" "$work/config"
printf 'export %s\n' MMTEST_ITERATIONS=2 FIO_RUNTIME=1 FIO_RAMP_TIME=0 FIO_SIZE=16m >>"$work/config"
# The seed's matrix as it is, but for the kernel, the config and two boots a row.
sed -e 's|^kernel = running$|kernel = ${MATRIX_KERNEL}|' -e "s|^config = .*|config = $work/config|" \
	-e 's|^boots-per-row = .*|boots-per-row = 2|' "$TOP/configs/matrix-seed-004" >"$work/matrix"
grep -q '^kernel = running' "$work/matrix" && fail "the seed matrix kept a running kernel"
w=$work/w
"$BIN/mitigation-matrix" "$work/matrix" --work-dir "$w" >"$work/out" 2>&1
rc=$?
grep -E '^mitigation-matrix: (plan|boot)|^  ' "$work/out"
state=$w/matrix/state
[ $rc = 1 ] || fail "exit $rc with two rejected rows, want 1: $(tail -5 "$work/out")"
for row in mitigations=off retbleed=off; do
	[ "$(grep -c "^boot [0-9]* $row accepted " "$state")" = 2 ] || fail "$row: not two accepted boots: $(cat "$state")"
done
grep -q '^boot [0-9]* spectre_v2=ibrs rejected -1 - spectre_v2=ibrs is not in effect: .*Switching to AUTO select' "$state" ||
	fail "spectre_v2=ibrs not rejected for the switch: $(grep ibrs "$state")"
grep -q '^boot [0-9]* retbleed=stuff rejected -1 - retbleed=stuff is not in effect: .*Ignoring unknown retbleed option (stuff)' "$state" ||
	fail "retbleed=stuff not rejected as not in effect: $(grep stuff "$state")"
[ "$(grep -cE '^boot [0-9]+ [^ ]+ (accepted|rejected|failed) ' "$state")" = 6 ] || fail "not six boots: $(cat "$state")"
for n in $(sed -n 's/^boot \([0-9]*\) [^ ]* rejected .*/\1/p' "$state"); do
	[ -e "$w/matrix/boots/boot-$n/run-config.out" ] && fail "rejected boot $n ran the workload"
done
[ -e "$w/log/mitigations=off/iter-3/fiolike/logs/fio.log" ] || fail "mitigations=off has no iter-3 (two boots of two iterations)"

"$BIN/compare-kernels" -C "$w/log" --verdict baselines --format mail >"$work/mail" 2>"$work/err" ||
	fail "compare-kernels: exit $?: $(cat "$work/err")"
cat "$work/mail"
awk 'length > 80 { bad = 1 } END { exit bad }' "$work/mail" || fail "a mail line is over 80 columns"
for column in 'spectre_v2=ibrs' 'retbleed=stuff'; do
	grep -q "rejected.*$column\|$column.*rejected" "$work/mail" || fail "the mail does not name the rejected $column"
done
grep -q 'emulation (TCG)' "$work/mail" || fail "the mail does not say the timings are TCG's"
echo "ok: seed 004 under TCG: two baselines measured, the two columns this CPU and kernel cannot give rejected for it"
