#!/bin/bash
# mitigation-matrix's command line without booting anything: every matrix
# file in configs/ parses; the manual backend's first step prints the next
# boot (kernel, cmdline, a grub-reboot line) and saves the schedule, and a
# second step on the same boot says the reboot has not happened; bad input
# is one line naming the file (and line) with exit 2; --until-decided
# refuses a matrix it cannot decide (one row, a budget below two boots a row).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/mitigation-matrix" ] || { echo "mitigation-matrix not built"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$TOP/tests/scripts/lib/fake-kernel.bash"
fake_kernel "$work/vmlinuz-7.1.0-test" 7.1.0-test
export MATRIX_KERNEL=$work/vmlinuz-7.1.0-test
mm() { "$BIN/mitigation-matrix" "$@"; }

for m in "$TOP"/configs/matrix-*; do
	name=${m##*/}
	mm "$m" --work-dir "$work/$name" --backend manual >"$work/$name.out" 2>&1 || fail "$name: exit $?: $(cat "$work/$name.out")"
	grep -q "^mitigation-matrix: next, boot 0: row " "$work/$name.out" || fail "$name: $(cat "$work/$name.out")"
	grep -q "^  grub:    grub-reboot '" "$work/$name.out" || fail "$name: no grub-reboot line"
	grep -q '^boot 0 [^ ]* started ' "$work/$name/matrix/state" || fail "$name: state: $(cat "$work/$name/matrix/state")"
done
cat "$work/matrix-smoke.out"
grep -q "^  cmdline: add ''" "$work/matrix-smoke.out" || fail "matrix-smoke's default row has a cmdline"
grep -q "^  kernel:  $work/vmlinuz-7.1.0-test (7.1.0-test)$" "$work/matrix-smoke.out" || fail "the kernel line names no release"
grep -q "^kernel default [0-9a-f]* 7.1.0-test $work/vmlinuz-7.1.0-test$" "$work/matrix-smoke/matrix/state" ||
	fail "the schedule did not bind the row's kernel: $(cat "$work/matrix-smoke/matrix/state")"

# A kernel image rebuilt at the same path is another kernel: refused on resume.
cp -a "$work/matrix-smoke" "$work/rebuilt"
fake_kernel "$work/vmlinuz-7.1.0-test" 7.1.0-test-rebuilt
mm "$TOP/configs/matrix-smoke" --work-dir "$work/rebuilt" --backend manual >"$work/rebuilt.out" 2>&1
[ $? = 2 ] && grep -q "row default's kernel $work/vmlinuz-7.1.0-test changed since the schedule" "$work/rebuilt.out" ||
	fail "a rebuilt image was not refused: $(cat "$work/rebuilt.out")"
fake_kernel "$work/vmlinuz-7.1.0-test" 7.1.0-test

# The same boot again: not rebooted yet.
mm "$TOP/configs/matrix-smoke" --work-dir "$work/matrix-smoke" --backend manual >"$work/again.out" 2>&1 || fail "again: exit $?"
grep -q 'boot 0 (default) was arranged but this machine has not rebooted since (same boot_id)' "$work/again.out" ||
	fail "second step: $(cat "$work/again.out")"

# Bad input: one line, exit 2, naming what is wrong.
printf '[matrix]\nconfig = %s\n[row a]\nkernel = running\nexpect = retbleed\n' "$TOP/configs/config-scheduler-pipe-pingpong-matrix-smoke" >"$work/bad"
mm "$work/bad" --work-dir "$work/b" >"$work/bad.out" 2>&1
rc=$?
[ $rc = 2 ] || fail "bad matrix: exit $rc"
[ "$(wc -l <"$work/bad.out")" = 1 ] || fail "bad matrix: not one line: $(cat "$work/bad.out")"
grep -q "^mitigation-matrix: $work/bad:5: expect must be 'FILE: TEXT'" "$work/bad.out" || fail "bad matrix: $(cat "$work/bad.out")"
mm "$work/missing" --work-dir "$work/b" >"$work/missing.out" 2>&1
[ $? = 2 ] && grep -q "matrix $work/missing is not a readable file" "$work/missing.out" || fail "missing: $(cat "$work/missing.out")"
# --until-decided: a matrix it cannot decide is refused before any boot; a
# good one starts its schedule as the fixed one does.
printf '[matrix]\nconfig = %s\n[row a]\nkernel = running\n' "$TOP/configs/config-scheduler-pipe-pingpong-matrix-smoke" >"$work/one"
mm "$work/one" --work-dir "$work/u1" --backend manual --until-decided >"$work/ud.out" 2>&1
[ $? = 2 ] && grep -q 'until-decided compares rows with the first: it needs two' "$work/ud.out" || fail "--until-decided, one row: $(cat "$work/ud.out")"
printf '[matrix]\nconfig = %s\nbudget-boots = 3\n[row a]\nkernel = running\n[row b]\nkernel = running\n' "$TOP/configs/config-scheduler-pipe-pingpong-matrix-smoke" >"$work/small"
mm "$work/small" --work-dir "$work/u2" --backend manual --until-decided >"$work/ud.out" 2>&1
[ $? = 2 ] && grep -q 'budget-boots 3 allows fewer than 2 boots per row' "$work/ud.out" || fail "--until-decided, small budget: $(cat "$work/ud.out")"
[ -e "$work/u2/matrix/state" ] && fail "a refused --until-decided wrote a schedule"
mm "$TOP/configs/matrix-seed-004" --work-dir "$work/u3" --backend manual --until-decided >"$work/ud.out" 2>&1 || fail "--until-decided: exit $?: $(cat "$work/ud.out")"
grep -q "^mitigation-matrix: next, boot 0: row mitigations=off" "$work/ud.out" && grep -q "^  then run: .* --backend manual --until-decided$" "$work/ud.out" || fail "--until-decided: $(cat "$work/ud.out")"

# qemu: a row whose kernel is missing is refused before any boot.
if command -v qemu-system-x86_64 >/dev/null; then
	MATRIX_KERNEL=/boot/vmlinuz-not-booted mm "$TOP/configs/matrix-smoke" --work-dir "$work/q" >"$work/q.out" 2>&1
	rc=$?
	[ $rc = 2 ] && grep -q "row default: kernel /boot/vmlinuz-not-booted is not a readable file" "$work/q.out" ||
		fail "missing kernel under qemu: exit $rc: $(cat "$work/q.out")"
	grep -q ' started ' "$work/q/matrix/state" 2>/dev/null && fail "a boot was started with a missing kernel"
fi

# One run per work dir: while another process holds DIR/matrix/lock, a step
# exits 1 at once, in one line naming the holder, and touches nothing.
if command -v python3 > /dev/null; then
	mkdir -p "$work/locked/matrix"
	# The holder: a process that takes the lock and keeps it, as a run does.
	python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "w"); fcntl.flock(f, fcntl.LOCK_EX); print("locked", flush=True); time.sleep(60)' \
		"$work/locked/matrix/lock" > "$work/holder.out" &
	holder=$!
	for _ in $(seq 100); do grep -q locked "$work/holder.out" && break; sleep 0.1; done
	mm "$TOP/configs/matrix-smoke" --work-dir "$work/locked" --backend manual > "$work/locked.out" 2>&1
	rc=$?
	kill "$holder"
	wait "$holder" 2> /dev/null
	[ $rc = 1 ] || fail "a locked work dir: exit $rc, want 1: $(cat "$work/locked.out")"
	[ "$(wc -l < "$work/locked.out")" = 1 ] &&
		grep -qx "mitigation-matrix: work dir $work/locked is in use: pid $holder (python3) holds $work/locked/matrix/lock (one run per work dir; wait for it, or use another --work-dir)" "$work/locked.out" ||
		fail "a locked work dir said: $(cat "$work/locked.out")"
	[ -e "$work/locked/matrix/state" ] && fail "a locked work dir's schedule was written"
	mm "$TOP/configs/matrix-smoke" --work-dir "$work/locked" --backend manual > "$work/locked.out" 2>&1 ||
		fail "once the lock is free: exit $?: $(cat "$work/locked.out")"
else
	echo "note: python3 not installed: the work dir lock not exercised"
fi

# A work dir holding another matrix's schedule is refused, not mixed.
mm "$TOP/configs/matrix-seed-004" --work-dir "$work/matrix-smoke" --backend manual >"$work/other.out" 2>&1
[ $? = 2 ] && grep -q 'holds a schedule of another matrix or config' "$work/other.out" || fail "other matrix: $(cat "$work/other.out")"
echo "ok: every configs/matrix-* parses; manual steps and bad input behave"
