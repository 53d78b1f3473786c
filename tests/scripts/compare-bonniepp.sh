#!/bin/bash
# bonniepp (summarise: Subselection) against compare-mmtests.pl's recorded
# output for tests/fixtures/bonniepp: every deterministic row byte for byte;
# the 8 Sub* rows (random in MMTests, seeded here) present, in the Perl's
# order, the same on every run, each SubAmean inside its op's Min..Max and
# the SubAmeanCI positive. Runs through the mmtests-replay stand-in checkout.
set -uo pipefail
: "${TOP:?}" "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
fixture=$TOP/tests/fixtures/bonniepp
export MMTESTS_DIR=$TOP/tests/fixtures/mmtests-replay LC_ALL=C
(cd "$fixture" && "$BIN/compare-mmtests" -d log -b bonniepp -n A,B) > ours.out 2> ours.err ||
	fail "compare-mmtests failed: $(head -2 ours.err)"
(cd "$fixture" && "$BIN/compare-mmtests" -d log -b bonniepp -n A,B) > again.out 2>&1
cmp -s ours.out again.out || fail "two runs print different Sub* rows"

want=$fixture/compare-A-B.perl-stdout
diff <(grep -v '^Sub' "$want") <(grep -v '^Sub' ours.out) > diff.out ||
	{ head -6 diff.out; fail "deterministic rows differ from compare-mmtests.pl"; }
diff <(grep '^Sub' "$want" | awk '{print $1, $2}') <(grep '^Sub' ours.out | awk '{print $1, $2}') > diff.out ||
	{ head -6 diff.out; fail "Sub* row titles differ from compare-mmtests.pl"; }
[[ $(grep -c '^Sub' ours.out) -eq 8 ]] || fail "expected 8 Sub* rows"

# SubAmean of each op and run lies within that op's Min and Max.
awk '$1 == "Min" { min[$2] = $3; min2[$2] = $6 }
     $1 == "Max" { max[$2] = $3; max2[$2] = $6 }
     $1 == "SubAmean" { if ($3 < min[$2] || $3 > max[$2]) bad = bad " " $2 " A=" $3
                        v = $6
                        if (v < min2[$2] || v > max2[$2]) bad = bad " " $2 " B=" v }
     $1 == "SubAmeanCI" { if (!($3 > 0)) bad = bad " CI " $2 "=" $3 }
     END { if (bad != "") { print bad; exit 1 } }' ours.out || fail "a Sub* value is implausible"
echo "ok: $(grep -vc '^Sub' ours.out) deterministic lines match the Perl, 8 Sub* rows seeded"
