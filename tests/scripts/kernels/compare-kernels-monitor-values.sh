#!/bin/bash
# Issue 19: the HTML monitor charts draw the logs' own columns. Each line of
# a chart carries a tooltip (<title>) with its sample count, mean, min and
# max; here awk computes the same figures from the raw vmstat, iostat and
# mpstat logs of goldens/monitors/monitors-basic (columns found by each
# log's header, the since-boot first reports of vmstat and iostat left out,
# mpstat's node-0 busy summed over the topology's CPUs) and every charted
# line must agree. One run's mpstat has its watch-mpstat.sh time: lines
# removed, so that run is read by mpstat's own clock.
set -euo pipefail
shopt -s lastpipe  # `... | want` counts in this shell
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/../lib/monitor-tree.bash"
perfpipe_monitor_tree tree vmstat iostat mpstat
zcat "$MONITOR_LOGS/base-return/iter-0/mpstat-monitor.gz" | grep -v '^time: ' | gzip > tree/v7.1.3-return/iter-0/mpstat-perfpipe.gz

"$BIN/compare-kernels" -C tree --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return --format html \
	--output-dir html 2> err.txt || { cat err.txt; fail "compare-kernels failed"; }

# "CHART TITLE<TAB>LINE LABEL: N samples, mean M, min A, max B" per drawn line.
gawk '
	/<svg[^>]*class="monitor-chart"/ { in_chart = 1; title = "" }
	in_chart {
		line = $0
		while (match(line, /font-weight="bold">([^<]*)<\/text>/, m)) {
			title = title (title == "" ? "" : " ") m[1]
			line = substr(line, RSTART + RLENGTH)
		}
		if (match($0, /<title>([^<]*)<\/title>/, m)) print title "\t" m[1]
	}
	/<\/svg>/ { in_chart = 0 }' html/index.html > drawn.txt
[[ -s drawn.txt ]] || fail "no monitor chart line carries a tooltip"

# summary LABEL < values: the tooltip's figures, as the chart prints them.
summary() {
	awk -v label="$1" 'NF { n++; s += $1; if (n == 1 || $1 < lo) lo = $1; if (n == 1 || $1 > hi) hi = $1 }
		END { if (n) printf "%s: %d samples, mean %.6g, min %.6g, max %.6g\n", label, n, s / n, lo, hi }'
}
unstamp() { sed 's/^ *[0-9.]* *[0-9.]* *[0-9.]* -- //'; }
# vmstat COLUMN RUN: the column by vmstat's header, the first report left out.
vmstat_column() {
	zcat "tree/$2/iter-0/vmstat-perfpipe.gz" | unstamp | awk -v c="$1" '
		$1 == "r" && $2 == "b" { for (i = 1; i <= NF; i++) col[$i] = i; next }
		!(c in col) || $1 == "procs" { next }
		seen++ == 0 { next }
		{ print $col[c] }'
}
# iostat DEVICE COLUMN RUN: by each report's Device header, the first report of the device left out.
iostat_column() {
	zcat "tree/$3/iter-0/iostat-perfpipe.gz" | unstamp | awk -v d="$1" -v c="$2" '
		$1 == "Device" || $1 == "Device:" { delete col; for (i = 1; i <= NF; i++) col[$i] = i; next }
		NF == 0 { delete col; next }
		$1 == d && (c in col) && seen++ > 0 { print $col[c] }'
}
# mpstat_node NODE RUN: per report, the sum of 100 - %idle over the node's CPUs.
mpstat_node() {
	zcat "tree/$2/iter-0/cpu-topology-mmtests.txt.gz" > topology.txt
	zcat "tree/$2/iter-0/mpstat-perfpipe.gz" | awk -v topo=topology.txt -v node="$1" '
		BEGIN { while ((getline l < topo) > 0) { split(l, f, " "); if (f[2] == node) { want[f[10]] = 1; n++ } } }
		/CPU/ && /%idle/ { for (i = 1; i <= NF; i++) { if ($i == "CPU") cpu = i; if ($i == "%idle") idle = i } got = 0; sum = 0; next }
		NF == 0 { if (got == n && n > 0) print sum; got = 0; cpu = 0; next }
		cpu && ($cpu in want) { sum += 100 - $idle; got++ }
		END { if (got == n && n > 0) print sum }'
}

# want CHART-TITLE-PREFIX LABEL: the drawn line of that chart must be the summary on stdin.
checked=0
want() {
	local expected got
	expected=$(summary "$2")
	[[ -n $expected ]] || fail "$2: no raw values for '$1'"
	got=$(awk -F'\t' -v t="$1" -v l="$2: " 'index($1, t) == 1 && index($2, l) == 1 { print $2 }' drawn.txt)
	[[ $got == "$expected" ]] || fail "'$1' line '$2': chart '$got', raw columns '$expected'"
	checked=$((checked + 1))
}
for run in v7.1.3-first v7.3 v7.1.3-return; do
	for c in us sy wa; do vmstat_column "$c" "$run" | want "CPU time: user, system, IO wait" "$run $c"; done
	vmstat_column cs "$run" | want "Context switches (vmstat cs)" "$run"
	vmstat_column in "$run" | want "Interrupts (vmstat in)" "$run"
	mpstat_node 0 "$run" | want "CPU busy on NUMA node-0" "$run"
done
devices=$(grep -o '^IO on [^:]*: read, written' drawn.txt | sed 's/^IO on //; s/: read, written$//' | sort -u)
[[ -n $devices ]] || fail "no iostat rate chart was drawn: $(cut -f1 drawn.txt | sort -u | tr '\n' ';')"
for dev in $devices; do
	for run in v7.1.3-first v7.3 v7.1.3-return; do
		for c in rkB/s wkB/s; do iostat_column "$dev" "$c" "$run" | want "IO on $dev: read, written" "$run $c"; done
		for c in r_await w_await; do iostat_column "$dev" "$c" "$run" | want "IO on $dev: read, write wait" "$run $c"; done
	done
done
echo "ok: $checked chart lines (vmstat us/sy/wa/cs/in, mpstat node-0, iostat on $(echo $devices)) equal the raw columns"

# The run without time: lines is drawn by mpstat's clock, and the chart says so.
grep -q "by mpstat&#39;s own clock" html/index.html || fail "the mpstat chart does not say one run is by mpstat's clock"
# The check can fail: one raw value changed moves its line's figures.
before=$(awk -F'\t' 'index($1, "CPU busy on NUMA node-0") == 1 && index($2, "v7.3: ") == 1 { print $2 }' drawn.txt)
[[ -n $before ]] || fail "no v7.3 line on the node-0 chart"
zcat tree/v7.3/iter-0/mpstat-perfpipe.gz | awk '!done && $1 ~ /^..:..:..$/ && $2 == "1" { $NF = "0.00"; done = 1 } { print }' |
	gzip > mp.gz
mv mp.gz tree/v7.3/iter-0/mpstat-perfpipe.gz
"$BIN/compare-kernels" -C tree --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return --format html \
	--output-dir html2 2> /dev/null || fail "compare-kernels failed on the changed log"
after=$(mpstat_node 0 v7.3 | summary v7.3)
[[ $after != "$before" ]] || fail "the changed value did not change the raw figures: the test changes nothing"
grep -qF "<title>$before</title>" html2/index.html && fail "a changed mpstat value left its line's tooltip as it was"
grep -qF "<title>$after</title>" html2/index.html || fail "the changed log's line is not its new raw figures: $after"
echo "ok: a changed raw value changes the drawn line's figures to the new raw ones"
