#!/bin/bash
# Our reports rank each metric the way a reader expects: a fall in
# redis-zpopmin's RPS or fiolike's kIOPS, or a rise in a latency or in CPU per
# IO, prints as a negative change (worse). The golden redis and fio trees are
# read as our workloads (same log formats); v7.3 is the first run x 0.8. When
# an MMTests checkout is there, MMTests' own compare-mmtests.pl, given our
# shellpacks, prints the very same tables (so the sign is MMTests' too).
set -u
: "${BIN:?}" "${TOP:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }

as_ours() {	# as_ours CASE REF OURS: the case's log tree with REF renamed OURS
	rm -rf "$3"; cp -a "$GOLDENS/cases/$1/log" "$3"; chmod -R u+w "$3"
	for iter in "$3"/*/iter-*; do mv "$iter/$2" "$iter/$3"; done
}
as_ours redis-basic redis redis-zpopmin
as_ours fio-basic fio fiolike

# change FILE STAT OP: the last run's change in that row, "( -20.00%)" or
# "* -20.00%*" (significant) -> -20.00
change() { grep -E "^$2 +$3 " "$1" | head -1 | sed -E 's/.*[(*]( *-?[0-9.]+)%[)*].*/\1/' | tr -d ' '; }

"$BIN/compare-mmtests" -d redis-zpopmin -b redis-zpopmin -n v7.1.3-first,v7.3 > rps.out || fail "redis-zpopmin report"
"$BIN/compare-mmtests" -d redis-zpopmin -b redis-zpopmin -a latency -n v7.1.3-first,v7.3 > lat.out || fail "latency report"
[[ $(change rps.out Ops GET-RPS-1) == -20.00 ]] || fail "RPS fell 20% but reads $(change rps.out Ops GET-RPS-1): $(head -5 rps.out)"
grep -q -- '-lat' rps.out && fail "latency rows in the RPS report"
grep -q -- '-RPS' lat.out && fail "RPS rows in the latency report"
[[ $(change lat.out Ops GET-lat95-1) == -25.29 ]] || fail "lat95 rose 25% but reads $(change lat.out Ops GET-lat95-1)"
echo "ok: redis-zpopmin: RPS down 20% reads -20.00%, lat95 up 25% reads -25.29%"

# fiolike: a run "slow" that did 20% fewer IOs than the fio case's first run
# at the same CPU use: kIOPS -20% and CPU per IO +25% both read as worse.
base=v7.1.3-first
for iter in fiolike/$base/iter-*; do
	dest=fiolike/slow/${iter##*/}/fiolike/logs; mkdir -p "$dest"
	awk -F';' -v OFS=';' 'NF >= 90 { $8 = $8 * 0.8; $49 = $49 * 0.8 } 1' "$iter/fiolike/logs/fio.log" > "$dest/fio.log"
done
"$BIN/compare-mmtests" -d fiolike -b fiolike -a iops -n $base,slow > iops.out || fail "fiolike -a iops"
"$BIN/compare-mmtests" -d fiolike -b fiolike -a cpu -n $base,slow > cpu.out || fail "fiolike -a cpu"
grep -q 'iops' cpu.out && fail "iops rows in the cpu report"
[[ $(change iops.out Hmean kiops-randread-read) == -20.00 ]] ||
	fail "kIOPS fell 20% but reads $(change iops.out Hmean kiops-randread-read): $(cat iops.out)"
[[ $(change cpu.out Amean cpu-usec-per-io-randread-jobs) == -25.00 ]] ||
	fail "CPU per IO rose 25% but reads $(change cpu.out Amean cpu-usec-per-io-randread-jobs): $(cat cpu.out)"
echo "ok: fiolike: kIOPS down 20% reads -20.00%, CPU per IO up 25% reads -25.00%"

# MMTests' own Perl, given our shellpacks.
# (R too: without Rscript the Perl marks no significance, so its tables differ.)
if [[ -x $MMTESTS_SRC/bin/compare-mmtests.pl ]] && perl -MYAML::PP -MFile::Which -e1 2>/dev/null && command -v Rscript > /dev/null; then
	mkdir -p mm/shellpack_src/src
	cp -a "$MMTESTS_SRC/bin" mm/bin
	cp -a "$TOP/shellpacks/redis-zpopmin" "$TOP/shellpacks/fiolike" mm/shellpack_src/src/
	perl_same() {	# perl_same OUT ARGS...: the Perl prints OUT byte for byte
		local out=$1; shift
		mm/bin/compare-mmtests.pl "$@" > perl.out 2> perl.err || fail "compare-mmtests.pl $*: $(tail -3 perl.err)"
		diff "$out" perl.out > diff.out || { head -6 diff.out; fail "compare-mmtests.pl $* differs from ours"; }
	}
	perl_same rps.out -d redis-zpopmin -b redis-zpopmin -n v7.1.3-first,v7.3
	perl_same lat.out -d redis-zpopmin -b redis-zpopmin -a latency -n v7.1.3-first,v7.3
	perl_same iops.out -d fiolike -b fiolike -a iops -n $base,slow
	perl_same cpu.out -d fiolike -b fiolike -a cpu -n $base,slow
	echo "ok: MMTests' compare-mmtests.pl prints the same four tables"
else
	echo "no MMTests checkout with its Perl modules and R at $MMTESTS_SRC: checked our tables only"
fi
