#!/bin/bash
# fiolike's refusals: each gives a one-line "fiolike: ..." message that says
# what to change, a non-zero exit, no fio.log / JSON (no half result) and no
# job file left behind.
#   * a mounted block device (the device under / or /tmp)
#   * a short read (the file is truncated under a running job)
#   * bad options, missing logdir
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

# 4. nothing of ours left in the directory after the failures
left=$(ls "$work" | grep -v -e '^out$' -e '^err$' -e '^shrinking$' -e '^log2\?$' || true)
[[ -z $left ]] || fail "left behind: $left"
