#!/bin/bash
# test-serial: a TCG guest beside other tests runs slower and burns about twice the CPU (matrix-smoke: 114 s of CPU in 147 s beside them, 56 s in 51 s alone)
# configs/matrix-smoke under qemu (TCG on a machine without usable KVM):
# pipe-pingpong under the default, mitigations=off and retbleed=ibrs, two
# boots per row, interleaved. Checks that each accepted boot is its own
# iter-N with its own boot_id and the row's state, that the retbleed=ibrs row
# is rejected quoting the kernel's "Ignoring unknown" line before its
# workload runs and is not booted again, that each row's initramfs is built
# once, that the tree, the boot record and compare-kernels' report and mail
# say TCG, that a SIGKILL
# mid-schedule resumes where it stopped (the boot in flight failed and
# redone, no qemu left behind), that each guest sees its scratch disk, and
# that compare-kernels reads the tree.
# The kernel: Debian's linux-image-cloud-amd64, apt-get download'ed into the
# scratch dir and unpacked (never installed); MATRIX_KERNEL reuses one.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
start_guest_test
start=$(date +%s)
w=$work/w
state=$w/matrix/state
settled() {
	local n
	n=$(grep -cE '^boot [0-9]+ [^ ]+ (accepted|rejected|failed) ' "$state" 2>/dev/null)
	echo "${n:-0}"
}

# 1. Start, and SIGKILL it while its third boot is in flight.
"$BIN/mitigation-matrix" "$TOP/configs/matrix-smoke" --work-dir "$w" >"$work/run1.out" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
	[ "$(settled)" -ge 2 ] && grep -q '^boot 2 [^ ]* started ' "$state" 2>/dev/null && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.5
done
grep -q '^boot 2 [^ ]* started ' "$state" || fail "the third boot never started: $(tail -5 "$work/run1.out")"
sleep 2
kill -9 $pid
wait $pid 2>/dev/null
sleep 1
pgrep -f "$work" >/dev/null && fail "a qemu outlived the SIGKILLed mitigation-matrix: $(pgrep -af "$work")"
grep -q 'TCG TIMINGS MEAN NOTHING' "$work/run1.out" || [ -w /dev/kvm ] || fail "no TCG warning: $(head -5 "$work/run1.out")"

# 2. Run again: it resumes, redoing the boot that was in flight.
"$BIN/mitigation-matrix" "$TOP/configs/matrix-smoke" --work-dir "$w" >"$work/run2.out" 2>&1
rc=$?
cat "$work/run1.out" "$work/run2.out" | grep -E 'mitigation-matrix: (boot|resuming|row)|^  '
[ $rc = 1 ] || fail "exit $rc with a rejected row, want 1"
grep -q 'resuming; 1 boot in flight marked failed and redone' "$work/run2.out" || fail "no resume: $(head -5 "$work/run2.out")"
grep -q '^boot 2 retbleed-ibrs failed .*interrupted' "$state" || fail "the boot in flight is not marked failed: $(cat "$state")"
grep -Eq '^boot 1 mitigations-off accepted 0 ' "$state" || fail "the resumed run redid a finished boot: $(cat "$state")"

# The ignored parameter: rejected, quoting dmesg, not in the tree, not
# retried, and judged before its workload ran (the guest ran no run-config).
grep -q 'REJECTED, not counted: the kernel did not take retbleed=ibrs: dmesg ".*RETBleed: Ignoring unknown retbleed option (ibrs)' "$work/run2.out" ||
	fail "retbleed=ibrs not rejected with its dmesg line: $(cat "$work/run2.out")"
[ -e "$w/log/retbleed-ibrs" ] && fail "the rejected row reached the tree"
[ "$(grep -c '^boot [0-9]* retbleed-ibrs rejected ' "$state")" = 1 ] || fail "the rejected row was booted again: $(cat "$state")"
rb=$(grep '^boot [0-9]* retbleed-ibrs rejected ' "$state" | cut -d' ' -f2)
grep -q '^mitigation-matrix guest: not measured: rejected: the kernel did not take retbleed=ibrs' "$w/matrix/boots/boot-$rb/console.log" ||
	fail "the guest did not stop before the workload: $(grep 'mitigation-matrix guest' "$w/matrix/boots/boot-$rb/console.log")"
[ -e "$w/matrix/boots/boot-$rb/run-config.out" ] && fail "the rejected boot ran its workload"

# The initramfs: built once per row in each run (3 rows; the resumed run builds again).
[ "$(grep -c '^mitigation-matrix: built the initramfs of row ' "$work/run2.out")" -le 3 ] ||
	fail "more than one initramfs per row: $(grep -c 'built the initramfs' "$work/run2.out")"
grep -q '^mitigation-matrix: plan: 3 rows x 2 boots = 6 boots' "$work/run2.out" || fail "no plan: $(head -3 "$work/run2.out")"
# Where it was measured: TCG, in the boot record, the tree and compare-kernels' report.
if ! [ -w /dev/kvm ]; then
	grep -q '^measured-on: TCG emulation (qemu)$' "$w/log/default/iter-0/provenance.txt" ||
		fail "provenance.txt: $(cat "$w/log/default/iter-0/provenance.txt")"
	grep -q '^qemu-cpu: EPYC-Rome$' "$w/log/default/iter-0/provenance.txt" || fail "no qemu-cpu in provenance.txt"
	grep -q '^measured-on: TCG emulation (qemu)$' "$w/log/default/iter-0/matrix-boot.txt" || fail "no provenance in matrix-boot.txt"
fi

# Each accepted boot: its own iter-N, its own boot_id, the row's state.
ids=()
for row in default mitigations-off; do
	for it in 0 1; do
		d=$w/log/$row/iter-$it
		[ -d "$d/pipe-pingpong/logs" ] || fail "$row/iter-$it has no pipe-pingpong logs: $(ls "$d" 2>&1)"
		for f in tests-timestamp tests-activity cpu-vulnerabilities.txt cmdline.txt; do
			[ -s "$d/$f" ] || fail "$row/iter-$it lacks $f"
		done
		[ "$(wc -l < "$d/boot-id")" = 1 ] || fail "$row/iter-$it/boot-id is not one line"
		grep -Eq '^[0-9a-f-]{36}$' "$d/boot-id" || fail "$row/iter-$it/boot-id: $(cat "$d/boot-id")"
		ids+=("$(cat "$d/boot-id")")
		grep -q '^verdict: accepted$' "$d/matrix-boot.txt" || fail "$row/iter-$it: $(head -3 "$d/matrix-boot.txt")"
	done
	grep -q ' status :: 0$' <(tail -1 "$w/log/$row/mmtests-activity") || fail "$row/mmtests-activity: no status line at the end"
done
[ "$(printf '%s\n' "${ids[@]}" | sort -u | wc -l)" = 4 ] || fail "boot ids repeat: ${ids[*]}"
grep -q '^vulnerabilities/spectre_v2: Vulnerable' "$w/log/mitigations-off/iter-1/matrix-boot.txt" || fail "mitigations=off state"
grep -q 'mitigations=off' "$w/log/mitigations-off/iter-0/cmdline.txt" || fail "mitigations-off cmdline.txt"
grep -q '^vulnerabilities/spectre_v2: Mitigation' "$w/log/default/iter-0/matrix-boot.txt" || fail "default state"

# Every accepted guest saw its scratch disk (Debian's virtio modules insmod'ed).
n=$(grep -l '^mitigation-matrix guest: scratch disk /dev/vda' "$w"/matrix/boots/boot-*/console.log 2>/dev/null | wc -l)
[ "$n" -ge 4 ] || fail "$n guests saw their scratch disk, want 4: $(grep -h 'scratch disk' "$w"/matrix/boots/boot-*/console.log)"

# compare-kernels reads the tree.
"$BIN/compare-kernels" -C "$w/log" >"$work/ck.out" 2>&1 || fail "compare-kernels -C: $(tail -5 "$work/ck.out")"
grep -q 'mitigations-off' "$work/ck.out" || fail "compare-kernels does not name mitigations-off: $(head -20 "$work/ck.out")"
# The columns asked: the rejected row is named in the report, with why.
grep -q '^row retbleed-ibrs rejected the kernel did not take retbleed=ibrs' "$w/log/matrix-rows.txt" ||
	fail "matrix-rows.txt: $(cat "$w/log/matrix-rows.txt")"
grep -q 'the matrix asked for 3 rows (default, mitigations-off, retbleed-ibrs); 1 not in this tree:' "$work/ck.out" ||
	fail "the report does not name the rejected row: $(head -12 "$work/ck.out")"
if ! [ -w /dev/kvm ]; then
	grep -q 'timings under emulation (TCG), not a hardware measurement: default, mitigations-off' "$work/ck.out" ||
		fail "the report does not say TCG first: $(head -20 "$work/ck.out")"
	"$BIN/compare-kernels" -C "$w/log" --format mail >"$work/mail.out" 2>&1
	grep -q '^Measured on: TCG emulation (qemu), ' "$work/mail.out" || fail "the mail has no Measured on line: $(head -12 "$work/mail.out")"
	grep -q 'timings under emulation (TCG)' "$work/mail.out" || fail "the mail does not say TCG"
	grep -q 'retbleed-ibrs rejected: the kernel did not take retbleed=ibrs' "$work/mail.out" || fail "the mail does not name the rejected row"
	# results-store keeps where it was measured.
	"$BIN/results-store" import "$w/log" --store "$work/runs.db" --machine tcg-guest >"$work/store.out" 2>&1 ||
		fail "results-store import: $(tail -3 "$work/store.out")"
	if command -v sqlite3 >/dev/null; then
		[ "$(sqlite3 "$work/runs.db" "SELECT DISTINCT value FROM machine_state WHERE key = 'provenance/measured-on'")" = "TCG emulation (qemu)" ] ||
			fail "the store lost the provenance: $(sqlite3 "$work/runs.db" "SELECT key, value FROM machine_state WHERE key LIKE 'provenance/%'")"
	fi
fi
head -30 "$work/ck.out"
echo "matrix-smoke under qemu: $(( $(date +%s) - start )) s"
