#!/bin/bash
# A delegated parse-results that fails is reported with what it said, never
# as a silent "nothing to compare": MMTests' schbench parser needs gawk, and
# under Debian's default mawk it prints only awk errors. Under gawk both
# tools print compare-mmtests.pl's table; a parser that exits non-zero (a
# missing logs directory) is named with its status and stderr.
set -euo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
[[ -d ${MMTESTS_SRC:-/nonexistent}/shellpack_src/src/schbench ]] || { echo "skip: needs MMTESTS_SRC"; exit 77; }
command -v gawk > /dev/null || fail "gawk is not installed (scripts/install-deps.sh installs it)"
MAWK=$(command -v mawk || true)

# schbench 1.0 output, the "new" run twice as slow.
for run in base new; do
	f=1; [[ $run == new ]] && f=2
	logs=log/$run/iter-0/schbench/logs; mkdir -p "$logs"
	printf '1 run-mmtests: Start\n1 run-mmtests: test start :: schbench 1\n' > "log/$run/iter-0/tests-activity"
	for w in 2 4; do
		{
			echo "Wakeup Latencies percentiles (usec) runtime 10 (s) (50000 total samples)"
			printf '\t  50.0th: %d          (25000 samples)\n\t  90.0th: %d          (15000 samples)\n' $((6 * f * w)) $((9 * f * w))
			printf '\t* 99.0th: %d         (4500 samples)\n\t  99.9th: %d         (450 samples)\n\t  min=1, max=200\n' $((15 * f * w)) $((30 * f * w))
			echo "Request Latencies percentiles (usec) runtime 10 (s) (50100 total samples)"
			printf '\t  50.0th: %d       (25000 samples)\n\t  90.0th: %d       (15000 samples)\n' $((3100 * f)) $((3200 * f))
			printf '\t* 99.0th: %d       (4500 samples)\n\t  99.9th: %d       (450 samples)\n\t  min=3000, max=9000\n' $((3300 * f)) $((4000 * f))
			echo "RPS percentiles (requests) runtime 10 (s) (11 total samples)"
			printf '\t  20.0th: %d       (3 samples)\n\t* 50.0th: %d       (3 samples)\n' $((5000 / f)) $((5010 / f))
			printf '\t  90.0th: %d       (5 samples)\n\t  min=4900, max=5030\ncurrent rps: %d\n' $((5020 / f)) $((5010 / f))
		} > "$logs/schbench-$w.log"
	done
done
export MMTESTS_DIR=$MMTESTS_SRC LC_ALL=C
perl_cmp() { perl "$MMTESTS_SRC/bin/compare-mmtests.pl" -d log -b schbench -n base,new > perl.out 2> perl.err; }

# gawk as awk: the Perl's table, byte for byte, and nothing said.
mkdir gawkbin mawkbin; ln -s "$(command -v gawk)" gawkbin/awk
PATH=$PWD/gawkbin:$PATH perl_cmp || fail "compare-mmtests.pl failed under gawk: $(head -3 perl.err)"
PATH=$PWD/gawkbin:$PATH "$BIN/compare-mmtests" -d log -b schbench -n base,new > ours.out 2> ours.err ||
	fail "compare-mmtests failed under gawk: $(cat ours.err)"
cmp -s perl.out ours.out || { diff perl.out ours.out | head; fail "schbench table differs from compare-mmtests.pl's"; }
grep -q 'Wakeup-99.0th-4' ours.out || fail "no Wakeup-99.0th-4 row"
[[ ! -s ours.err ]] || fail "warnings under gawk: $(cat ours.err)"
echo "ok: schbench through MMTests' parser under gawk: compare-mmtests.pl's table ($(wc -l < ours.out) lines)"

# mawk as awk: the parser prints awk errors and no rows.
if [[ -n $MAWK ]]; then
	ln -s "$MAWK" mawkbin/awk
	if PATH=$PWD/mawkbin:$PATH perl_cmp; then fail "compare-mmtests.pl succeeded under mawk; the case is gone"; fi
	awk_error=$(grep -m1 'regular expression compile failed' perl.err) || fail "the Perl's stderr lacks mawk's error"
	if PATH=$PWD/mawkbin:$PATH "$BIN/compare-mmtests" -d log -b schbench -n base,new > ours.out 2> ours.err; then
		fail "compare-mmtests succeeded with no rows"
	fi
	grep -qF "schbench/parse-results log/base/iter-0/schbench/logs printed no rows; its stderr: $awk_error" ours.err ||
		fail "mawk's error is not reported: $(cat ours.err)"
	[[ $(wc -l < ours.err) -eq 3 ]] || fail "expected two warnings and one error: $(cat ours.err)"
	if PATH=$PWD/mawkbin:$PATH "$BIN/compare-kernels" -C log > report.txt 2> kerr.txt; then
		fail "compare-kernels succeeded with no rows"
	fi
	grep -qF "printed no rows; its stderr: $awk_error" kerr.txt || fail "compare-kernels hides mawk's error: $(cat kerr.txt)"
	echo "ok: under mawk both tools name the parser and its first stderr lines: $awk_error"
else
	echo "skip: no mawk here for the mawk case"
fi

# A parser that exits non-zero: iter-1 of "new" has no schbench logs (its
# parse-results' `cd $LOGDIR || exit 1`); the table is still the Perl's.
mkdir -p log/new/iter-1
PATH=$PWD/gawkbin:$PATH perl_cmp || fail "compare-mmtests.pl failed with iter-1: $(head -3 perl.err)"
PATH=$PWD/gawkbin:$PATH "$BIN/compare-mmtests" -d log -b schbench -n base,new > ours.out 2> ours.err ||
	fail "compare-mmtests failed with iter-1: $(cat ours.err)"
cmp -s perl.out ours.out || { diff perl.out ours.out | head; fail "table with a failing iteration differs from compare-mmtests.pl's"; }
grep -q "parse-results log/new/iter-1/schbench/logs exited with status 1 (0 rows); its stderr: .*No such file or directory" ours.err ||
	fail "the failing iteration is not reported: $(cat ours.err)"
echo "ok: a parser exiting 1 is named with its status and stderr; the table stays compare-mmtests.pl's"
