#!/bin/bash
# compare-kernels prints compare-kernels.sh's turbostat table and its
# "Kcache activity" kcacheslabs table when a run recorded them: the real
# monitors-basic tree given our turbostat and kcache-slabs fixture logs (its
# own turbostat logs hold no data), against compare-kernels.sh run now. Needs
# an MMTests checkout (MMTESTS_SRC); skipped (77) without one.
set -uo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }
. "$TOP/tests/scripts/lib/kernels-report.sh"
[[ -x $MMTESTS_SRC/compare-kernels.sh ]] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
command -v Rscript > /dev/null || { echo "no R (MMTests computes confidence intervals with it)"; exit 77; }
fixtures=$TOP/tests/fixtures

cp -a "$GOLDENS/monitors/monitors-basic/log" log && chmod -R u+w log
# run:fixture-run pairs; every log gzipped, as MONITORS_GZIP writes them
for pair in base-first:base patched:patched base-return:third; do
	run=${pair%%:*} from=${pair#*:}
	for m in turbostat kcache-slabs; do
		src=$(ls "$fixtures"/monitors-${m/-/}/log/$from/iter-0/$m-monitor*)
		rm -f "log/$run/iter-0/$m-monitor.gz"
		if [[ $src == *.gz ]]; then cp "$src" "log/$run/iter-0/"; else gzip -c "$src" > "log/$run/iter-0/$m-monitor.gz"; fi
	done
done

(env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$MMTESTS_SRC/compare-kernels.sh" -C log) > sh.txt 2> sh.err ||
	fail "compare-kernels.sh failed: $(tail -3 sh.err)"
grep -q '^Amean Avg_MHz ' sh.txt && grep -q '^Kcache activity$' sh.txt || fail "compare-kernels.sh printed no turbostat or kcache table"
"$BIN/compare-kernels" -C log > ours.txt 2> ours.err || fail "compare-kernels failed: $(head -3 ours.err)"
n=$(wc -l < sh.txt)
sh_part ours.txt > ours.part
head -n "$n" ours.part | diff sh.txt - > diff.out || { head -20 diff.out; fail "compare-kernels differs from compare-kernels.sh"; }
! grep -q -- '--print-monitor \(turbostat\|kcacheslabs\)' ours.err || fail "a turbostat/kcacheslabs table failed: $(cat ours.err)"
echo "ok: $n lines identical to compare-kernels.sh, turbostat and Kcache activity tables included"
