#!/bin/bash
# fiolike's refusals: each gives a one-line "fiolike: ..." message that says
# what to change, a non-zero exit, no fio.log / JSON (no half result) and no
# job file left behind.
#   * a mounted block device (the device under / or /tmp)
#   * a short read (the file is truncated under a running job)
#   * bad options, missing logdir
#   * sizes fio would not lay out: a fraction or exponent, over 2^64, or
#     more than the target filesystem has free (refused before any write)
set -u
BIN=${BIN:-$TOP/build/bin}
work=$(mktemp -d /tmp/fiolike-errors.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# expect RC PATTERN -- fiolike args...
expect() {
	local rc=$1 pat=$2; shift 3
	rm -rf "$work/log"
	"$BIN/fiolike" --logdir "$work/log" --quiet "$@" > "$work/out" 2> "$work/err"
	local got=$?
	[[ $got -eq $rc ]] || fail "fiolike $*: exit $got, want $rc; stderr: $(cat "$work/err")"
	grep -q -- "$pat" "$work/err" || fail "fiolike $*: stderr lacks '$pat': $(cat "$work/err")"
	[[ $(wc -l < "$work/err") -eq 1 ]] || fail "fiolike $*: want one error line, got: $(cat "$work/err")"
	[[ -e $work/log/fio.log ]] && fail "fiolike $*: wrote fio.log despite failing"
	ls "$work/log"/*.json >/dev/null 2>&1 && fail "fiolike $*: wrote a JSON summary despite failing"
	echo "ok: $(cat "$work/err")"
}

# 1. usage errors name the option
expect 2 "--rw" -- --rw sideways
expect 2 "--ioengine" -- --ioengine libaio
expect 2 "--bs" -- --bs 4q
expect 2 "--size: '1e30' is not a whole number" -- --rw read --size 1e30
expect 2 "--size: '1.5g' is not a whole number" -- --rw read --size 1.5g
expect 2 "--size: '99999999999999t' is too large" -- --rw read --size 99999999999999t
expect 2 "--size: '18446744073709551616' is too large" -- --rw read --size 18446744073709551616
( unset LOGDIR_RESULTS; "$BIN/fiolike" --rw read 2>&1 | grep -q -- "--logdir" ) || fail "missing logdir not reported"

# 2. a mounted block device is refused before any IO
dev=$(findmnt -n -o SOURCE --target /tmp | head -1)
if [[ -b $dev ]]; then
	expect 1 "is mounted" -- --filename "$dev" --size 1m
	grep -q "$(findmnt -n -o TARGET --target /tmp | head -1)" "$work/err" || fail "mount point not named"
else
	echo "note: /tmp is not on a block device ($dev); mounted-device check not exercised"
fi

# 3. short read: truncate the file under a running time-based job
f=$work/shrinking
head -c $((8 << 20)) /dev/zero > "$f"
"$BIN/fiolike" --filename "$f" --size 8m --rw read --runtime 3 --time_based --logdir "$work/log2" --quiet \
	2> "$work/err" &
pid=$!
sleep 0.5
truncate -s 0 "$f"
wait $pid; rc=$?
[[ $rc -ne 0 ]] || fail "short read: exit 0"
grep -q "short read at offset" "$work/err" || fail "short read: $(cat "$work/err")"
[[ -e $work/log2/fio.log ]] && fail "short read: wrote fio.log"
[[ -e $f ]] || fail "short read: removed a file it did not create"
echo "ok: $(cat "$work/err")"

# 3b. a size over the free space is refused before any layout: quickly, no file
mkdir -p "$work/dir"
free_k=$(df -Pk "$work/dir" | awk 'NR==2 {print $4}')
start=$(date +%s)
# (ulimit -f: a fiolike without the check dies after 1 MiB instead of filling the disk)
( ulimit -f 1024
  expect 1 "--size: laying out the job files needs .* free" -- --rw write --directory "$work/dir" --size $((free_k + (1 << 20)))k
) || exit 1
[[ $(($(date +%s) - start)) -le 5 ]] || fail "free-space refusal took over 5 s: it wrote first"
[[ -z $(ls -A "$work/dir") ]] || fail "free-space refusal left $(ls "$work/dir")"
rmdir "$work/dir"

# 4. nothing of ours left in the directory after the failures
left=$(ls "$work" | grep -v -e '^out$' -e '^err$' -e '^shrinking$' -e '^log2\?$' || true)
[[ -z $left ]] || fail "left behind: $left"
