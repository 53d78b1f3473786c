#!/bin/bash
# compare-mmtests --print-monitor against MMTests' own compare-mmtests.pl on
# monitor trees the goldens do not hold: the golden monitors-basic tree with a
# second iteration in one run (state a module keeps across iterations), a run
# missing its vmstat log (MMTests drops that run) and a run with no iter-*
# directory. Output and success must match the Perl's exactly. Needs an MMTests
# checkout (MMTESTS_SRC, default /work/mmtests-src) and the Perl modules and R
# it uses; skipped (77) without them.
set -uo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }
perl_cmp=$MMTESTS_SRC/bin/compare-mmtests.pl
[[ -f $perl_cmp ]] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
perl -MYAML::PP -MFile::Which -e 1 2>/dev/null || { echo "Perl modules YAML::PP/File::Which missing"; exit 77; }
command -v Rscript > /dev/null || { echo "no R (MMTests computes confidence intervals with it)"; exit 77; }

cp -a "$GOLDENS/monitors/monitors-basic/log" log && chmod -R u+w log
cp -a log/base-return/iter-0 log/base-first/iter-1
rm log/patched/iter-0/vmstat-monitor.gz
mkdir log/empty

checked=0
check() {  # check NAMES MONITOR [options...]
	local names=$1; shift
	local args=(-d log -b monitor -n "$names" --print-monitor "$@")
	LC_ALL=C perl "$perl_cmp" "${args[@]}" > perl.out 2> perl.err
	local perl_rc=$?
	LC_ALL=C "$BIN/compare-mmtests" "${args[@]}" > ours.out 2> ours.err
	local rc=$?
	if [[ $perl_rc -ne 0 ]]; then
		[[ $rc -ne 0 ]] || fail "$*: the Perl fails (rc $perl_rc) but ours succeeded"
	else
		[[ $rc -eq 0 ]] || fail "$*: ours failed (rc $rc): $(head -2 ours.err)"
		diff perl.out ours.out > diff.out || { head -6 diff.out; fail "--print-monitor $* differs from compare-mmtests.pl"; }
	fi
	checked=$((checked + 1))
	echo "ok: $* -n $names (perl rc $perl_rc, $(wc -l < ours.out) lines)"
}

runs=base-first,patched,base-return
check $runs vmstat
check $runs vmstat --sub-heading free
check $runs vmstat --sub-heading ussy --print-ratio
check base-first,empty,base-return vmstat --format html
check $runs proc-vmstat
check $runs proc-vmstat --sub-heading mmtests_kswapd_efficiency
check $runs mpstat --sub-heading node-0
check $runs iostat --sub-heading vda-await
check $runs proc-interrupts --sub-heading Local
check $runs top --sub-heading workload~CPU
check $runs perf-time-stat --sub-heading page-faults
check $runs duration
check $runs mmtests-vmstat --sub-heading Minor
check $runs read-latency --print-ratio
check patched,base-first numaconvergence

# With --from-json the Perl keeps the comparison columns and only skips the
# ratio summary for --print-monitor (it hides them when reading a tree).
if perl -MCpanel::JSON::XS -MJSON -e 1 2>/dev/null; then
	json=$GOLDENS/cases/perfpipe-basic/json/perfpipe-modules-patched.json
	for extra in "" --print-ratio; do
		LC_ALL=C perl "$perl_cmp" --from-json "$json" -b perfpipe --print-monitor vmstat $extra > perl.out 2> perl.err ||
			fail "compare-mmtests.pl --from-json failed: $(head -2 perl.err)"
		LC_ALL=C "$BIN/compare-mmtests" --from-json "$json" -b perfpipe --print-monitor vmstat $extra > ours.out ||
			fail "--from-json with --print-monitor failed"
		diff perl.out ours.out > diff.out || { head -6 diff.out; fail "--from-json --print-monitor $extra differs"; }
		checked=$((checked + 1))
		echo "ok: --from-json with --print-monitor $extra"
	done
else
	echo "note: Cpanel::JSON::XS missing, --from-json with --print-monitor not checked"
fi
echo "$checked monitor comparisons match compare-mmtests.pl"
