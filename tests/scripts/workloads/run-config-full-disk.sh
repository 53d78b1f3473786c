#!/bin/bash
# A full disk stops run-config with one last line that says so and names the
# file (issue 23): it used to end with "run-config: gzip -f FILE exited with
# status 1", blaming gzip. Here the work dir is a small tmpfs, at sizes from
# one that fills before the first snapshot to one where the run may finish:
# each run either succeeds or ends with a line naming the lack of space.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || fail "$BIN/run-config not built"
[ "$(id -u)" -eq 0 ] || { echo "needs root (to mount a small tmpfs as the full disk)"; exit 77; }
T=$(mktemp -d)
disk=$T/disk
mkdir "$disk"
mount -t tmpfs -o size=32k tmpfs "$disk" 2>/dev/null || { rmdir "$disk"; rm -rf "$T"; echo "cannot mount a tmpfs here"; exit 77; }
umount "$disk"
trap 'umount "$disk" 2>/dev/null; rm -rf "$T"' EXIT
printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=1000\nexport PIPE_PINGPONG_ITERATIONS=1\n' > "$T/cfg"

full=0
for size in 32 64 96 128 160 192 256; do
	mount -t tmpfs -o size=${size}k tmpfs "$disk" || fail "mount ${size}k"
	"$BIN/run-config" "$T/cfg" F --work-dir "$disk/w" > "$T/out" 2>&1
	rc=$?
	umount "$disk"
	[ $rc -lt 128 ] || fail "${size}k: killed by a signal (exit $rc): $(tail -3 "$T/out")"
	[ -n "$(head -1 "$T/out")" ] || fail "${size}k: a blank first line: $(head -3 "$T/out")"
	if [ $rc -ne 0 ]; then
		full=$((full + 1))
		tail -1 "$T/out" | grep -Eq '^run-config: .*(: No space left on device|: no space left on the file system of )' ||
			fail "${size}k: exit $rc, and the last line does not say the disk is full: $(tail -2 "$T/out")"
		echo "ok: ${size}k: exit $rc: $(tail -1 "$T/out" | sed "s|$disk|DISK|g")"
	else
		echo "ok: ${size}k: the run fit"
	fi
done
[ $full -gt 0 ] || fail "the disk never filled up: no size reached the case"
