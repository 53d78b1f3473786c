#!/bin/bash
# Issue 31 M1/M2: what a monitor log costs compare-kernels is bounded.
# - An mpstat log of 400 reports whose headers each bring 1000 new column
#   names (about 1 MiB as .gz) peaked at 1.9 GiB: every name got a NaN-filled
#   column. Now at most 64 distinct names are read (one warning counts the
#   rest) and only %idle's values are kept: under `ulimit -v 1500000` the
#   node chart is drawn.
# - Every vmstat value of every iteration of every run was kept (about 4 bytes
#   of memory per byte of log). Now the costs are running sums and only the
#   first iteration's charted columns keep samples, at most 16384 a series:
#   three runs of three 21 MiB iterations each stay under 300 MB (main: 410 MB), and the
#   costs are still the awk means of every sample.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v gawk > /dev/null || { echo "gawk not installed"; exit 77; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not installed"; exit 77; }

. "$(dirname "$0")/../lib/monitor-tree.bash"
args=(--baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return)

# M1: 400 reports of CPU "all" and CPU 0, each under a header of 1000 new names, then %idle.
perfpipe_monitor_tree wide mpstat
gawk 'BEGIN {
	for (r = 0; r < 400; r++) {
		h = "12:00:00 CPU"; v = ""
		for (c = 0; c < 1000; c++) { h = h " n" r "_" c; v = v " 1" }
		printf "time: %d\n%s %%idle\n12:00:00 all%s 60\n12:00:00   0%s 40\n\n", r, h, v, v
	}
}' | gzip > wide/v7.3/iter-0/mpstat-perfpipe.gz
rc=0
(ulimit -v 1500000; exec "$BIN/compare-kernels" -C wide "${args[@]}" --format html --output-dir wide-html) 2> wide.err || rc=$?
[ "$rc" = 0 ] || fail "compare-kernels exited $rc on the wide mpstat log: $(head -c 1500 wide.err)"
grep -q "mpstat-perfpipe: 800672 values of columns past the first 64 names (the column limit) not read" wide.err ||
	fail "no column-limit warning: $(head -c 1500 wide.err)"
grep -q "v7.3: mpstat not drawn" wide-html/index.html && fail "the wide log's chart was lost: $(grep -o 'v7.3: mpstat not drawn[^<]*' wide-html/index.html)"
grep -q "CPU busy on NUMA node" wide-html/index.html || fail "no NUMA node chart"
echo "ok: an mpstat log with 400000 column names is read under ulimit -v 1500000, one warning for the names past 64"

# M2: every iteration of every run 21 MiB of vmstat (stamped, so x is seconds).
perfpipe_monitor_tree long vmstat
for run in v7.1.3-first v7.3 v7.1.3-return; do
	zcat "long/$run/iter-0/vmstat-perfpipe.gz" | head -2 > head.txt
	gawk -v seed="${#run}" 'BEGIN {
		srand(seed)
		for (i = 0; i < 200000; i++)
			printf "%d.0 %d.0 1.0 -- %2d  0      0 23453228  64688 863708    0    0     0     0 %5d %5d %2d %2d %2d  0  0\n",
				1764460000 + i, i, int(rand() * 9), 900 + int(rand() * 300), 1000 + int(rand() * 9000),
				int(rand() * 60), int(rand() * 30), int(rand() * 10)
	}' > body.txt
	cat head.txt body.txt | gzip -1 > "long/$run/iter-0/vmstat-perfpipe.gz"
	for it in 1 2; do
		cp -a "long/$run/iter-0" "long/$run/iter-$it"
	done
done
/usr/bin/time -f '%M' -o long.rss "$BIN/compare-kernels" -C long "${args[@]}" > long.txt 2> long.err ||
	fail "compare-kernels failed on the long vmstat logs: $(head -c 1500 long.err)"
rss_kb=$(tail -1 long.rss)
echo "peak RSS over 9 vmstat logs of $(( $(zcat long/v7.3/iter-0/vmstat-perfpipe.gz | wc -c) >> 20 )) MiB each: $((rss_kb >> 10)) MiB"
[ "$rss_kb" -lt 300000 ] || fail "peak RSS ${rss_kb} KB, over 300 MB"
sed -n '/^Mitigation costs/,/^$/p' long.txt > costs.txt
for run in v7.1.3-first v7.3 v7.1.3-return; do
	# the three iterations are copies: their mean is one's, vmstat's since-boot first report left out
	want=$(gawk 'NR > 1 { sy += $18; cs += $16; in_ += $15; n++ } END { printf "%.2f %.0f %.0f", sy / n, cs / n, in_ / n }' \
		< <(zcat "long/$run/iter-0/vmstat-perfpipe.gz" | tail -n +3))
	read -r sy cs in <<< "$want"
	grep -qE "^    $run +$sy +$cs +$in +599997\$" costs.txt ||
		fail "$run: want sy $sy, cs $cs, in $in over 599997 samples: $(cat costs.txt)"
done
echo "ok: 9 vmstat logs of 200000 samples: costs are the means of all 599997 samples of each run, peak RSS $((rss_kb >> 10)) MiB"
