#!/bin/bash
# fiolike on filesystems that refuse what a job needs (needs root to mount):
#   * O_DIRECT on ramfs (tmpfs accepts O_DIRECT on 6.18; ramfs still refuses
#     it with EINVAL, so this is a real refusal, not a simulated one)
#   * a file larger than a 2 MiB tmpfs: refused before any layout (statvfs);
#     ramfs, which keeps no size, is not refused
# Each must name the filesystem, suggest the fix, exit non-zero, write no
# result and leave no job file.
set -u
BIN=${BIN:-$TOP/build/bin}
work=$(mktemp -d /tmp/fiolike-mounts.XXXXXX)
cleanup() {
	mountpoint -q "$work/ramfs" && umount "$work/ramfs"
	mountpoint -q "$work/small" && umount "$work/small"
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$work/ramfs" "$work/small"
mount -t ramfs fiolike-test "$work/ramfs" 2>/dev/null || { echo "cannot mount ramfs here (not root?)"; exit 77; }
mount -t tmpfs -o size=2m fiolike-test "$work/small" 2>/dev/null || { echo "cannot mount tmpfs here"; exit 77; }

"$BIN/fiolike" --directory "$work/ramfs" --direct=1 --size 1m --logdir "$work/log" --quiet 2> "$work/err"
rc=$?
[[ $rc -eq 3 ]] || fail "O_DIRECT on ramfs: exit $rc, want 3 (unsupported): $(cat "$work/err")"
grep -q "ramfs filesystem at $work/ramfs refuses O_DIRECT" "$work/err" || fail "O_DIRECT: $(cat "$work/err")"
grep -q -- "--direct=0" "$work/err" || fail "O_DIRECT: no direct=0 hint: $(cat "$work/err")"
[[ -z $(ls -A "$work/ramfs") ]] || fail "O_DIRECT: left $(ls -A "$work/ramfs")"
[[ -e $work/log/fio.log ]] && fail "O_DIRECT: wrote fio.log"
echo "ok: $(cat "$work/err")"
# and the same job without O_DIRECT runs there
"$BIN/fiolike" --directory "$work/ramfs" --direct=0 --size 1m --logdir "$work/log" --quiet || fail "direct=0 on ramfs failed"
[[ -z $(ls -A "$work/ramfs") ]] || fail "direct=0: left $(ls -A "$work/ramfs")"

"$BIN/fiolike" --directory "$work/small" --rw write --size 4m --logdir "$work/log3" --quiet 2> "$work/err"
rc=$?
[[ $rc -eq 1 ]] || fail "ENOSPC: exit $rc, want 1"
grep -q -- "--size: laying out the job files needs 4 MiB more on the tmpfs filesystem at $work/small, which has 2 MiB free" "$work/err" \
	|| fail "ENOSPC: $(cat "$work/err")"
[[ -z $(ls -A "$work/small") ]] || fail "ENOSPC: left $(ls -A "$work/small")"
[[ -e $work/log3/fio.log ]] && fail "ENOSPC: wrote fio.log"
echo "ok: $(cat "$work/err")"
