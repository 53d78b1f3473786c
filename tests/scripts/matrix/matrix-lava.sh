#!/bin/bash
# test-serial: TCG guests under lava-run, like the qemu tests (beside other tests a TCG guest burns twice the CPU)
# configs/matrix-smoke through real LAVA jobs: lava-run (lava-dispatcher
# alone, no server) boots each one on a qemu device, TCG here, with Debian's
# cloud kernel and the row's one-archive ramdisk. Checks --emit lava's jobs
# (one per boot, in order, valid for lava-run --validate), that a job
# without the guest's files is a failed boot redone within the budget, then
# --backend lava: a SIGKILL while a job is submitted (the job runs on; the
# next run waits for it and reads it, booting nothing twice), the rows
# accepted with distinct boot ids, the retbleed=ibrs row rejected quoting
# dmesg (the matrix's check on the guest's files, not LAVA's job health),
# compare-kernels reading the tree, and no lava-run or qemu left behind.
# Skips (77) without lava-run (scripts/install-deps.sh --lava) or root.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
source "$TOP/tests/scripts/lib/cloud-kernel.bash"
need_guest_tools
command -v lava-run >/dev/null || skip "no lava-run (scripts/install-deps.sh --lava installs lava-dispatcher)"
[ "$(id -u)" = 0 ] || skip "lava-run runs as root only"
work=$(mktemp -d)
w=$work/w
# The lava-runs of this test's jobs, by the pids its journal names: none
# should be left, but a failed check must not leave one booting.
our_lava_runs() {
	local pid
	for pid in $(awk '/^submitted/ {print $4}' "$w/matrix/lava/jobs" 2>/dev/null); do
		grep -qa 'lava-run' "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
	done
}
cleanup() {
	local pid
	for pid in $(our_lava_runs); do kill -TERM "$pid"; done
	rm -rf "$work"
}
trap cleanup EXIT
export TMPDIR=$work
use_cloud_kernel
start=$(date +%s)
state=$w/matrix/state

# 1. --emit lava: six jobs (three rows, two boots), in order, each valid.
"$BIN/mitigation-matrix" "$TOP/configs/matrix-smoke" --emit lava "$work/emit" >"$work/emit.out" 2>&1 ||
	fail "--emit lava: $(tail -3 "$work/emit.out")"
[ "$(grep -vc '^#' "$work/emit/manifest.tsv")" = 6 ] || fail "manifest: $(cat "$work/emit/manifest.tsv")"
[ "$(sed -n 2p "$work/emit/manifest.tsv" | cut -f4)" = default ] || fail "first job is not the first row"
[ "$(sed -n 3p "$work/emit/manifest.tsv" | cut -f4)" = mitigations-off ] || fail "rows not interleaved"
grep -Eq 'image_arg: -kernel \{kernel\} -append "console=ttyS0 panic=-1( no_timer_check)? retbleed=ibrs"' "$work/emit/jobs/qemu-1/002-retbleed-ibrs.yaml" ||
	fail "retbleed=ibrs not in its job's -append: $(cat "$work/emit/jobs/qemu-1/002-retbleed-ibrs.yaml")"
lava-run --validate --job-id 1 --output-dir "$work/validate" --device "$work/emit/device-qemu.yaml" \
	"$work/emit/jobs/qemu-1/003-default.yaml" >"$work/validate.log" 2>&1 ||
	fail "lava-run --validate refuses an emitted job: $(grep -h error_msg "$work/validate.log" | head -3)"
# One archive: cpio, as LAVA unpacks it, sees the row's files and the tail (the last part).
cpio -it <"$work/emit/ramdisk/default.cpio" >"$work/cpio.list" 2>/dev/null
grep -qx matrix/row "$work/cpio.list" && grep -qx matrix/tail "$work/cpio.list" && grep -qx init "$work/cpio.list" ||
	fail "cpio does not see the whole ramdisk: $(tail -3 "$work/cpio.list")"

# 2. A job whose guest sends nothing (the "kernel" is junk: qemu quits, LAVA
#    fails the job) is a failed boot, redone; the same failure twice ends the row.
head -c 100000 /dev/urandom >"$work/vmlinuz-junk"
printf '[matrix]\nconfig = %s\nboots-per-row = 1\nbudget-boots = 2\n[row junk]\nkernel = %s\n' \
	"$TOP/configs/config-scheduler-pipe-pingpong-matrix-smoke" "$work/vmlinuz-junk" >"$work/junk-matrix"
"$BIN/mitigation-matrix" "$work/junk-matrix" --work-dir "$work/junk" --backend lava >"$work/junk.out" 2>&1
rc=$?
[ $rc = 1 ] || fail "a row whose jobs fail: exit $rc, want 1: $(tail -3 "$work/junk.out")"
[ "$(grep -c '^boot [01] junk failed -1 - the boot sent no archive .*(LAVA: job failed' "$work/junk/matrix/state")" = 2 ] ||
	fail "the failed jobs are not failed boots redone: $(cat "$work/junk/matrix/state")"
[ "$(grep -c '^boot ' "$work/junk/matrix/state")" = 2 ] || fail "a third boot of a row that failed twice alike: $(cat "$work/junk/matrix/state")"

settled() {
	local n
	n=$(grep -cE '^boot [0-9]+ [^ ]+ (accepted|rejected|failed) ' "$state" 2>/dev/null)
	echo "${n:-0}"
}
# 3. --backend lava; SIGKILL it while the third boot's job is submitted.
"$BIN/mitigation-matrix" "$TOP/configs/matrix-smoke" --work-dir "$w" --backend lava >"$work/run1.out" 2>&1 &
pid=$!
for _ in $(seq 1 800); do
	[ "$(settled)" -ge 2 ] && grep -Eq '^submitted 2 [0-9]+ [1-9]' "$w/matrix/lava/jobs" 2>/dev/null && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.5
done
grep -Eq '^submitted 2 [0-9]+ [1-9]' "$w/matrix/lava/jobs" || fail "the third job was never submitted: $(tail -5 "$work/run1.out")"
sleep 3
kill -9 $pid
wait $pid 2>/dev/null
job=$(awk '$1 == "submitted" && $2 == 2 {print $3}' "$w/matrix/lava/jobs")
[ -n "$(our_lava_runs)" ] || fail "job $job's lava-run died with mitigation-matrix (a submitted job runs on)"

# 4. Run again: it waits for job $job and reads it; nothing is booted twice.
"$BIN/mitigation-matrix" "$TOP/configs/matrix-smoke" --work-dir "$w" --backend lava >"$work/run2.out" 2>&1
rc=$?
cat "$work/run1.out" "$work/run2.out" | grep -E 'mitigation-matrix: (boot|resuming|row)|^  '
[ $rc = 1 ] || fail "exit $rc with a rejected row, want 1"
grep -q "resuming; boot 2 is submitted as LAVA job $job" "$work/run2.out" || fail "no resume of job $job: $(head -5 "$work/run2.out")"
# Six boots (three rows, two each; retbleed-ibrs's second skipped), none failed or added.
[ "$(grep -c '^boot ' "$state")" = 6 ] || fail "a boot was redone or added: $(cat "$state")"
grep -q '^boot [0-9]* [^ ]* failed ' "$state" && fail "a boot failed: $(cat "$state")"
[ -z "$(our_lava_runs)" ] || fail "lava-run left running: $(our_lava_runs)"
for id in $(ls "$w/matrix/lava" | sed -n 's/^job-\([0-9]*\)\.yaml$/\1/p'); do
	pgrep -f "dispatcher/tmp/$id/" >/dev/null && fail "job $id's qemu outlived its lava-run: $(pgrep -af "dispatcher/tmp/$id/")"
done

# The ignored parameter: rejected, quoting dmesg, not in the tree.
grep -q 'REJECTED, not counted: the kernel did not take retbleed=ibrs: dmesg ".*RETBleed: Ignoring unknown retbleed option (ibrs)' "$work/run2.out" ||
	fail "retbleed=ibrs not rejected with its dmesg line: $(cat "$work/run2.out")"
grep -q '^boot 2 retbleed-ibrs rejected ' "$state" || fail "the resumed job's boot is not the rejected one: $(cat "$state")"
[ -e "$w/log/retbleed-ibrs" ] && fail "the rejected row reached the tree"
# Judged in the guest before anything ran, under LAVA as under qemu.
grep -q '^mitigation-matrix guest: not measured: rejected: the kernel did not take retbleed=ibrs' "$w/matrix/boots/boot-2/console.log" ||
	fail "the rejected boot ran its workload: $(grep 'mitigation-matrix guest' "$w/matrix/boots/boot-2/console.log")"

# Each accepted boot: its own iter-N, its own boot_id, the row's state.
ids=()
for row in default mitigations-off; do
	for it in 0 1; do
		d=$w/log/$row/iter-$it
		[ -d "$d/pipe-pingpong/logs" ] || fail "$row/iter-$it has no pipe-pingpong logs: $(ls "$d" 2>&1)"
		grep -Eq '^[0-9a-f-]{36}$' "$d/boot-id" || fail "$row/iter-$it/boot-id: $(cat "$d/boot-id")"
		ids+=("$(cat "$d/boot-id")")
		grep -q '^verdict: accepted$' "$d/matrix-boot.txt" || fail "$row/iter-$it: $(head -3 "$d/matrix-boot.txt")"
	done
done
[ "$(printf '%s\n' "${ids[@]}" | sort -u | wc -l)" = 4 ] || fail "boot ids repeat: ${ids[*]}"
grep -q '^vulnerabilities/spectre_v2: Vulnerable' "$w/log/mitigations-off/iter-1/matrix-boot.txt" || fail "mitigations=off state"
grep -q '^vulnerabilities/spectre_v2: Mitigation' "$w/log/default/iter-0/matrix-boot.txt" || fail "default state"
grep -q 'matrix-guest# ' "$w/matrix/boots/boot-0/console.log" || fail "boot 0's console does not end at the prompt"

# compare-kernels reads the tree.
"$BIN/compare-kernels" -C "$w/log" >"$work/ck.out" 2>&1 || fail "compare-kernels -C: $(tail -5 "$work/ck.out")"
grep -q 'mitigations-off' "$work/ck.out" || fail "compare-kernels does not name mitigations-off: $(head -20 "$work/ck.out")"
head -12 "$work/ck.out"
grep -h "LAVA job ended after" "$work/run1.out" "$work/run2.out"
echo "matrix-smoke under lava-run: $(( $(date +%s) - start )) s"
