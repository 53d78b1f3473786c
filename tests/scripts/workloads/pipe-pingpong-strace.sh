#!/bin/bash
# The exchange is exactly `loops` round trips: strace counts one 4-byte write
# and one 4-byte read per loop on each side, and a baseline run only reads
# its speculation state (PR_GET), it never sets it (the only other prctl is
# the forked workers' PR_SET_PDEATHSIG: they die with pipe-pingpong).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
command -v strace >/dev/null || { echo "strace not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for t in no yes; do
	rm -f "$work"/tr.*
	# -ff: one file per task, so no call is split into unfinished/resumed halves
	strace -ff -qq -o "$work/tr" -e trace=read,write,prctl \
		"$BIN/pipe-pingpong" --loops 1000 --iterations 1 --binding pinned --threaded $t \
		--logdir "$work/log" >/dev/null || fail "traced run failed"
	cat "$work"/tr.* > "$work/trace"
	writes=$(grep -cE '^write\([0-9]+, "[^"]*", 4\) += 4$' "$work/trace")
	reads=$(grep -cE '^read\([0-9]+, "[^"]*", 4\) += 4$' "$work/trace")
	! grep -q '= -1 ' "$work/trace" || fail "a traced call failed: $(grep '= -1 ' "$work/trace" | head -2)"
	[ "$writes" = 2000 ] || fail "threaded=$t: $writes 4-byte writes for 1000 loops, want 2000"
	[ "$reads" = 2000 ] || fail "threaded=$t: $reads 4-byte reads for 1000 loops, want 2000"
	other=$(grep 'prctl(' "$work/trace" | grep -v 'PR_GET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH' | grep -vx 'prctl(PR_SET_PDEATHSIG, SIGKILL) *= 0')
	[ -z "$other" ] || fail "baseline made other prctl calls: $(head -3 <<<"$other")"
	echo "threaded=$t: $writes writes, $reads reads, prctl: $(grep -c 'prctl(PR_GET' "$work/trace") PR_GET, $(grep -c 'PR_SET_PDEATHSIG' "$work/trace") PR_SET_PDEATHSIG"
done
