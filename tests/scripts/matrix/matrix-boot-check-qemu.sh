#!/bin/bash
# test-serial: TCG guests beside other tests run slower and burn about twice the CPU
# The boot check on real TCG boots of Debian's 6.1 cloud kernel under
# -cpu EPYC (no IBPB under TCG), one boot per row: spectre_v2=retpoline is
# accepted (6.1 also lists it as an "Unknown kernel command line
# parameter"); mitigations=Off, "-- mitigations=off" and retbleed=ibpb are
# rejected, each quoting the kernel's line, before their workload runs (no
# run-config in those guests), and not booted again.
# The kernel: tests/scripts/lib/cloud-kernel.bash (MATRIX_KERNEL reuses one).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
start_guest_test

cat >"$work/matrix" <<MATRIX
[matrix]
config = $TOP/configs/config-scheduler-pipe-pingpong-matrix-smoke
boots-per-row = 1
budget-boots = 8
budget-minutes = 30
boot-timeout-seconds = 240
guest-cpu-model = EPYC

[row retpoline]
kernel = \${MATRIX_KERNEL}
cmdline = spectre_v2=retpoline

[row Off]
kernel = \${MATRIX_KERNEL}
cmdline = mitigations=Off
expect = spectre_v2: Vulnerable

[row after-dashes]
kernel = \${MATRIX_KERNEL}
cmdline = -- mitigations=off

[row ibpb]
kernel = \${MATRIX_KERNEL}
cmdline = retbleed=ibpb
MATRIX

w=$work/w
"$BIN/mitigation-matrix" "$work/matrix" --work-dir "$w" >"$work/out" 2>&1
rc=$?
grep -E '^mitigation-matrix: boot|^  ' "$work/out"
[ $rc = 1 ] || fail "exit $rc with rejected rows, want 1"
state=$w/matrix/state
grep -q '^boot [0-9]* retpoline accepted ' "$state" || fail "spectre_v2=retpoline not accepted: $(cat "$state")"
grep -q 'Spectre V2 : retpoline selected on command line' "$w/log/retpoline/iter-0/matrix-boot.txt" ||
	fail "no dmesg line of the retpoline row: $(cat "$w/log/retpoline/iter-0/matrix-boot.txt")"

# Each rejection quotes the kernel and happened before the workload.
want() {  # ROW TEXT
	grep -q "^boot [0-9]* $1 rejected .*$2" "$state" || fail "row $1: want rejected with '$2': $(grep " $1 " "$state")"
	[ "$(grep -c "^boot [0-9]* $1 " "$state")" = 1 ] || fail "row $1 was booted again: $(grep " $1 " "$state")"
	local n
	n=$(grep "^boot [0-9]* $1 rejected " "$state" | cut -d' ' -f2)
	grep -q '^mitigation-matrix guest: not measured: rejected: ' "$w/matrix/boots/boot-$n/console.log" ||
		fail "row $1: the guest did not stop before its workload"
	[ -e "$w/matrix/boots/boot-$n/run-config.out" ] && fail "row $1: its boot ran the workload"
	[ -e "$w/log/$1" ] && fail "row $1 reached the tree"
	return 0
}
want Off 'the kernel did not take mitigations=Off: dmesg ".*Unsupported mitigations=Off, system may still be vulnerable"'
want after-dashes '"mitigations=off" follows "--" in /proc/cmdline, so the kernel passed it to init'
want ibpb 'retbleed=ibpb is not in effect: vulnerabilities/retbleed is "Mitigation: untrained return thunk.*", want "Mitigation: IBPB"; dmesg ".*RETBleed: WARNING: CPU does not support IBPB."'
echo "ok: retpoline accepted; Off, after --, ibpb without IBPB rejected before their workload"
