#!/bin/bash
# A published tree often holds `latest -> RUN`. MMTests' run discovery
# (`find -maxdepth 3 -name tests-activity`, shellpacks/common.sh run_results)
# does not follow symlinks, so compare-kernels must not make it a second
# column of RUN; compare-mmtests.pl's glob does follow a run named with -n,
# so `-n latest` must print the Perl's bytes.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

cp -a "$GOLDENS/cases/redis-basic/log" log; chmod -R u+w log
epoch=1000
for run in v7.1.3-first v7.3 v7.1.3-return; do
	printf '%s run-mmtests: Start\n%s run-mmtests: test start :: redis %s\n%s run-mmtests: Iteration 1 end\n' \
		$epoch $epoch $epoch $((epoch + 5)) > "log/$run/iter-0/tests-activity"
	epoch=$((epoch + 100))
done
ln -s v7.3 log/latest

"$BIN/compare-kernels" -C log > report.txt 2> err.txt || { cat err.txt; fail "compare-kernels exit $?"; }
if grep -q latest report.txt; then fail "the latest symlink became a column: $(grep -m1 latest report.txt)"; fi
# The header's first line: the three runs' names cut at their last '-', no fourth column.
grep -Eq '^ +v7\.1\.3 +v7\. +v7\.1\.3$' report.txt || fail "header is not the three runs: $(grep -m1 'v7\.1' report.txt)"
grep -q "log/latest: a symlink, not a run of its own" err.txt || fail "no warning for latest: $(cat err.txt)"
echo "ok: compare-kernels ignores the latest symlink, with a warning"

if "$BIN/compare-kernels" -C log --baseline latest > /dev/null 2> err.txt; then fail "--baseline latest accepted"; fi
grep -q "cannot find results for kernel 'latest'" err.txt || fail "bad message: $(cat err.txt)"
echo "ok: --baseline latest is refused as compare-kernels.sh refuses it"

[[ -d ${MMTESTS_SRC:-/nonexistent}/shellpacks ]] || { echo "skip: the rest needs MMTESTS_SRC"; exit 77; }
# MMTests' own discovery, run from its shellpacks/common.sh.
want=$(cd log && bash -c "source <(sed -n '/^function run_results()/,/^}/p' '$MMTESTS_SRC/shellpacks/common.sh'); run_results" | paste -sd' ')
[[ $want == "v7.1.3-first v7.3 v7.1.3-return" ]] || fail "MMTests' run_results says '$want'"
have=$(cd log && bash -c "source <(sed -n -e '/^function discover_activity_file()/,/^}/p' \
	-e '/^function have_run_results()/,/^}/p' '$MMTESTS_SRC/shellpacks/common.sh'); have_run_results latest && echo yes || echo no")
[[ $have == no ]] || fail "MMTests' have_run_results accepts latest; we refuse it"
echo "ok: MMTests' run_results lists '$want' and refuses latest, as we do"

for names in v7.1.3-first,latest latest,v7.3; do
	(LC_ALL=C perl "$MMTESTS_SRC/bin/compare-mmtests.pl" -d log -b redis -n $names > perl.out 2> perl.err) ||
		fail "compare-mmtests.pl -n $names failed: $(head -3 perl.err)"
	LC_ALL=C MMTESTS_DIR=$MMTESTS_SRC "$BIN/compare-mmtests" -d log -b redis -n $names > ours.out 2> ours.err ||
		fail "compare-mmtests -n $names: $(cat ours.err)"
	cmp -s perl.out ours.out || { diff perl.out ours.out | head; fail "-n $names differs from compare-mmtests.pl"; }
	grep -q latest ours.out || fail "-n $names: no latest column"
done
echo "ok: compare-mmtests -n latest reads through the symlink, byte for byte as compare-mmtests.pl"
