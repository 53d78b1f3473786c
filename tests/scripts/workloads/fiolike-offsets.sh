#!/bin/bash
# fiolike does the IO it claims: strace every pread64/pwrite64 of psync jobs
# and check counts, offsets, sequential order, random coverage (each block
# once per pass with fio's random map) and the read/write mix.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v strace >/dev/null || { echo "strace not installed"; exit 77; }
work=$(mktemp -d /tmp/fiolike-offsets.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# run NAME RW [extra args]: strace log in $work/NAME.trace
run() {
	local name=$1 rw=$2; shift 2
	strace -f -qq -e trace=pread64,pwrite64 -o "$work/$name.trace" \
		"$BIN/fiolike" --name "$name" --rw "$rw" --bs 4k --size "${SIZE:-4m}" --directory "$work" \
		--logdir "$work/log" --quiet "$@" || fail "$name: fiolike exited $?"
}
# offsets of the 4 KiB job IOs, in issue order (ld.so's small preads and the
# 1 MiB layout writes are not job IO)
offsets() {	# trace syscall
	awk -v sc="$2" 'index($0, sc"(") && index($0, ", 4096, ") {
		off = $0; sub(/.*, 4096, /, "", off); sub(/\).*/, "", off); print off }' "$work/$1.trace"
}

run seq read
offsets seq pread64 > "$work/seq.off"
[[ $(wc -l < "$work/seq.off") -eq 1024 ]] || fail "read: $(wc -l < "$work/seq.off") preads, want 1024 (4m/4k)"
seq 0 4096 $((4*1024*1024-4096)) | cmp -s - "$work/seq.off" || fail "read: offsets are not 0,4096,... in order"

run rnd randread
offsets rnd pread64 > "$work/rnd.off"
[[ $(wc -l < "$work/rnd.off") -eq 1024 ]] || fail "randread: $(wc -l < "$work/rnd.off") preads, want 1024"
sort -n "$work/rnd.off" | cmp -s - "$work/seq.off" || fail "randread: not every block exactly once"
cmp -s "$work/rnd.off" "$work/seq.off" && fail "randread: offsets came out sequential"
awk '$1 % 4096 { exit 1 }' "$work/rnd.off" || fail "randread: unaligned offset"

run wr randwrite
offsets wr pwrite64 > "$work/wr.off"
sort -n "$work/wr.off" | cmp -s - "$work/seq.off" || fail "randwrite: not every block exactly once"

SIZE=16m run mix randrw --rwmixread 70
r=$(offsets mix pread64 | wc -l); w=$(offsets mix pwrite64 | wc -l)
[[ $((r + w)) -eq 4096 ]] || fail "randrw: $r reads + $w writes, want 4096 IOs"
pct=$((100 * r / (r + w)))
[[ $pct -ge 67 && $pct -le 73 ]] || fail "randrw rwmixread=70: $pct% reads"
grep -q 'fio-3.33;mix;' "$work/log/fio.log" || fail "no terse line for mix"
# the terse line agrees with what strace saw
awk -F';' -v r="$r" -v w="$w" '$3 == "mix" { if ($6 != r * 4 || $47 != w * 4) exit 1 }' "$work/log/fio.log" \
	|| fail "terse read/write KiB disagree with strace ($r reads, $w writes)"
ls "$work" | grep -q '\.0\.0$' && fail "job files left behind: $(ls "$work")"
echo "ok: counts, offsets, coverage and mix as traced"
