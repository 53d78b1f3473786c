#!/bin/bash
# fiolike on a block device (a loop device over a file; needs root):
#   * unmounted: psync and io_uring jobs run on it with O_DIRECT, report the
#     disk-util tail for it, and leave the device's backing file in place;
#   * mounted: refused before any IO, naming the mount point.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v losetup >/dev/null || { echo "losetup not installed"; exit 77; }
work=$(mktemp -d /tmp/fiolike-blockdev.XXXXXX)
loop=
cleanup() {
	mountpoint -q "$work/mnt" 2>/dev/null && umount "$work/mnt"
	[[ -n $loop ]] && losetup -d "$loop"
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
head -c $((32 << 20)) /dev/zero > "$work/backing"
loop=$(losetup -f --show "$work/backing" 2>/dev/null) || { echo "cannot set up a loop device here (not root?)"; exit 77; }
name=$(basename "$loop")

for eng in psync io_uring; do
	"$BIN/fiolike" --name "bd-$eng" --filename "$loop" --rw randrw --size 8m --direct 1 --ioengine $eng --iodepth 8 \
		--logdir "$work/log" --quiet 2> "$work/err" || fail "$eng on $loop: $(cat "$work/err")"
	line=$(grep ";bd-$eng;" "$work/log/fio.log")
	awk -F';' '{ exit !($6 + $47 == 8192) }' <<< "$line" || fail "$eng: moved $(cut -d';' -f6,47 <<< "$line") KiB, want 8192 total"
	[[ $(cut -d';' -f122 <<< "$line") == "$name" ]] || fail "$eng: disk util tail is '$(cut -d';' -f122-130 <<< "$line")', want $name"
	echo "ok: $eng on $loop: $(cut -d';' -f122-130 <<< "$line")"
done
[[ $(stat -c %s "$work/backing") -eq $((32 << 20)) ]] || fail "backing file changed size"

if command -v mkfs.ext4 >/dev/null; then
	mkfs.ext4 -q "$loop" && mkdir "$work/mnt" && mount "$loop" "$work/mnt" || { echo "note: could not mount $loop; mounted check skipped"; exit 0; }
	"$BIN/fiolike" --filename "$loop" --size 1m --logdir "$work/log2" --quiet 2> "$work/err"
	rc=$?
	[[ $rc -ne 0 ]] || fail "mounted $loop: exit 0"
	grep -q "$loop is mounted .*on $work/mnt, ext4" "$work/err" || fail "mounted $loop: $(cat "$work/err")"
	[[ -e $work/log2/fio.log ]] && fail "mounted: wrote fio.log"
	echo "ok: $(cat "$work/err")"
fi
