#!/bin/bash
# bonniepp (summarise: Subselection) against compare-mmtests.pl's recorded
# output for tests/fixtures/bonniepp: every deterministic row byte for byte;
# the 8 Sub* rows (random in MMTests, seeded here) present, in the Perl's
# order, the same on every run, each SubAmean inside its op's Min..Max and
# the SubAmeanCI positive; the same for -a tput. Runs through the
# mmtests-replay stand-in checkout.
set -uo pipefail
: "${TOP:?}" "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
fixture=$TOP/tests/fixtures/bonniepp
export MMTESTS_DIR=$TOP/tests/fixtures/mmtests-replay LC_ALL=C
(cd "$fixture" && "$BIN/compare-mmtests" -d log -b bonniepp -n A,B) > ours.out 2> ours.err ||
	fail "compare-mmtests failed: $(head -2 ours.err)"
(cd "$fixture" && "$BIN/compare-mmtests" -d log -b bonniepp -n A,B) > again.out 2>&1
cmp -s ours.out again.out || fail "two runs print different Sub* rows"

# same_as_perl OURS PERL: every line but the Sub* ones identical, Sub* titles too.
same_as_perl() {
	diff <(grep -v '^Sub' "$2") <(grep -v '^Sub' "$1") > diff.out ||
		{ head -6 diff.out; fail "$1: deterministic rows differ from compare-mmtests.pl"; }
	diff <(grep '^Sub' "$2" | awk '{print $1, $2}') <(grep '^Sub' "$1" | awk '{print $1, $2}') > diff.out ||
		{ head -6 diff.out; fail "$1: Sub* row titles differ from compare-mmtests.pl"; }
	[[ $(grep -c '^Sub' "$1") -eq 8 ]] || fail "$1: expected 8 Sub* rows"
}
same_as_perl ours.out "$fixture/compare-A-B.perl-stdout"
# The throughput report (preferhigher: SubHmean), one sample per iteration.
(cd "$fixture" && "$BIN/compare-mmtests" -d log -b bonniepp -a tput -n A,B) > tput.out 2> tput.err ||
	fail "compare-mmtests -a tput failed: $(head -2 tput.err)"
same_as_perl tput.out "$fixture/compare-tput-A-B.perl-stdout"

# SubAmean of each op and run lies within that op's Min and Max.
awk '$1 == "Min" { min[$2] = $3; min2[$2] = $6 }
     $1 == "Max" { max[$2] = $3; max2[$2] = $6 }
     $1 == "SubAmean" { if ($3 < min[$2] || $3 > max[$2]) bad = bad " " $2 " A=" $3
                        v = $6
                        if (v < min2[$2] || v > max2[$2]) bad = bad " " $2 " B=" v }
     $1 == "SubAmeanCI" { if (!($3 > 0)) bad = bad " CI " $2 "=" $3 }
     END { if (bad != "") { print bad; exit 1 } }' ours.out || fail "a Sub* value is implausible"
echo "ok: $(grep -vc '^Sub' ours.out) + $(grep -vc '^Sub' tput.out) (-a tput) deterministic lines match the Perl, Sub* rows seeded"
