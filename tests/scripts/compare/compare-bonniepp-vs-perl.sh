#!/bin/bash
# bonniepp (summarise: Subselection) against MMTests' own compare-mmtests.pl,
# run live on tests/fixtures/bonniepp/log with the real bonniepp parser:
# every row but the Sub*-derived ones (random in MMTests: SubAmean,
# SubAmeanCI, Significant) must match byte for byte, in text and HTML. Also
# checks that the fixture's recorded parse-results output (replayed by
# compare-bonniepp.sh) is what the checkout's parser prints today. Needs an
# MMTests checkout (MMTESTS_SRC, default /work/mmtests-src) and the Perl
# modules it uses; skipped (77) without them.
set -uo pipefail
: "${TOP:?}" "${BIN:?}"
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }
perl_cmp=$MMTESTS_SRC/bin/compare-mmtests.pl
[[ -f $perl_cmp ]] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
perl -MYAML::PP -MFile::Which -e 1 2>/dev/null || { echo "Perl modules YAML::PP/File::Which missing"; exit 77; }
export LC_ALL=C
fixture=$TOP/tests/fixtures/bonniepp
cp -a "$fixture/log" log

for run in A B; do
	for iter in 0 1; do
		for alt in "" tput; do
			"$MMTESTS_SRC/shellpack_src/src/bonniepp/parse-results${alt:+-$alt}" "log/$run/iter-$iter/bonniepp/logs" $alt > parsed.tsv
			tsv=$fixture/$run-iter-$iter${alt:+-$alt}.tsv
			cmp -s parsed.tsv "$tsv" || fail "$(basename "$tsv") is not what the checkout's bonniepp parse-results prints"
		done
	done
done

random='^(<tr><td >)?(Sub|Significant)'
for opts in "" "--no-compare" "--print-significance" "--format html" "-a tput"; do
	# shellcheck disable=SC2086
	perl "$perl_cmp" -d log -b bonniepp -n A,B $opts > perl.out 2> perl.err || fail "the Perl failed ($opts)"
	# shellcheck disable=SC2086
	"$BIN/compare-mmtests" --mmtests-dir "$MMTESTS_SRC" -d log -b bonniepp -n A,B $opts > ours.out 2> ours.err ||
		fail "ours failed ($opts): $(head -2 ours.err)"
	diff <(grep -Ev "$random" perl.out) <(grep -Ev "$random" ours.out) > diff.out ||
		{ head -6 diff.out; fail "bonniepp $opts differs from compare-mmtests.pl"; }
	[[ $(grep -Ec "$random" ours.out) -eq $(grep -Ec "$random" perl.out) ]] || fail "$opts: Sub* row count differs"
	echo "ok: bonniepp $opts ($(grep -Evc "$random" ours.out) deterministic lines identical)"
done
