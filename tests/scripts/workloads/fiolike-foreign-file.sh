#!/bin/bash
# fiolike never destroys a file it did not create (issue 23): --filename
# naming a log in --logdir (fio.log of an earlier run) is refused outright,
# and any other existing regular file may be read, never written or laid
# out, exit 2 with one line naming it and the file unchanged. A name that
# does not exist is created and removed, as before (an unmounted block device
# is the way to write to existing storage: fiolike-blockdev.sh).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/fiolike" ] || fail "$BIN/fiolike not built"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/log

"$BIN/fiolike" --rw read --size 1m --logdir "$log" --quiet || fail "first run failed"
sum=$(md5sum < "$log/fio.log")

refused() {	# WHY -- args...: exit 2, one line naming the file, fio.log unchanged
	local why=$1; shift 2
	"$BIN/fiolike" --logdir "$log" --quiet "$@" > "$work/out" 2>&1
	local rc=$?
	[ $rc -eq 2 ] || fail "$why: exit $rc, want 2: $(cat "$work/out")"
	[ "$(wc -l < "$work/out")" -eq 1 ] || fail "$why: not one line: $(cat "$work/out")"
	grep -q "^fiolike: --filename: " "$work/out" || fail "$why: message: $(cat "$work/out")"
	[ "$(md5sum < "$log/fio.log")" = "$sum" ] || fail "$why: fio.log changed"
	echo "ok: $why: $(cat "$work/out")"
}

refused "fio.log as a write job's file" -- --filename "$log/fio.log" --rw write --size 1m
refused "fio.log as a read job's file (laid out to --size)" -- --filename "$log/fio.log" --rw read --size 1m
small=$(stat -c %s "$log/fio.log")
refused "fio.log read within its size" -- --filename "$log/fio.log" --rw read --size ${small} --bs 1
grep -q "in the log directory" "$work/out" || fail "log-dir refusal does not say why: $(cat "$work/out")"

# Someone's data elsewhere: never written, never extended.
head -c $((4 << 20)) /dev/urandom > "$work/data"
dsum=$(md5sum < "$work/data")
refused "an existing file, write job" -- --filename "$work/data" --rw randwrite --size 4m
refused "an existing file, read job larger than it" -- --filename "$work/data" --rw read --size 8m
[ "$(md5sum < "$work/data")" = "$dsum" ] || fail "the data file changed"
[ "$(stat -c %s "$work/data")" -eq $((4 << 20)) ] || fail "the data file changed size"
# ... but may be read, as fio reads an existing file.
"$BIN/fiolike" --filename "$work/data" --rw randread --size 4m --logdir "$work/log2" --quiet || fail "reading an existing file failed"
[ "$(md5sum < "$work/data")" = "$dsum" ] || fail "reading changed the data file"
echo "ok: an existing file is read, unchanged"

# A new name: created, used for writes, removed.
"$BIN/fiolike" --filename "$work/new" --rw randwrite --size 2m --logdir "$work/log3" --quiet || fail "a new file failed"
[ ! -e "$work/new" ] || fail "the job file it created was left"
echo "ok: a new --filename is created and removed"
