#!/bin/bash
# compare-kernels --format html, the chart defects of issue 29 as Chromium
# draws the page: a perfpipe tree whose latencies spread wider than their
# mean (mean - stddev below 0), a third run with no perfpipe sample, two
# iterations per run with vmstat and iostat logs in each, the iostat logs
# recorded under a pty (sysstat's SGR colour codes around every device name
# and value) and never "busy" by MMTests' test (a queue over 1). In the
# browser: no negative tick on a latency axis, no legend naming a run
# without data (the chart names it instead), whole iteration ticks, monitor
# charts for iter-1 as well as iter-0 (iter-1's one click away), iostat drawn
# per device with its name clean, and no control character in the page.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[[ -n $CHROMIUM ]] || { echo "SKIP: chromium is not installed"; exit 77; }

# perfpipe's log of one sample (usecs/op).
benchlog() { printf "# Running 'sched/pipe' benchmark:\n\n     Total time: 0.152 [sec]\n\n       %s usecs/op\n         130783 ops/sec\n" "$1"; }
# A stamped, coloured iostat -x report (sysstat 12.6 under a terminal) of
# vda: ELAPSED RKB. Its wkB/s (MMTests' queue field) stays under 1.
iostat_report() {
	local st
	st=$(printf ' %.4f %9.4f %10.4f -- ' "$((1796113991 + $1))" "$1" 2)
	printf '%s\n%sDevice            r/s     rkB/s   rrqm/s  %%rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %%wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %%drqm d_await dareq-sz     f/s f_await  aqu-sz  %%util\n' "$st" "$st"
	printf '%s\033[32;22mvda          \033[0m' "$st"
	for v in 25.00 "$2" 0.00 0.00 0.82 16.56 1.00 0.50 0.00 0.00 0.42 4.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.19 0.40; do
		if [[ $v == 0.00 ]]; then printf '\033[34;22m    %s\033[0m' "$v"; else printf '\033[34;1m    %s\033[0m' "$v"; fi
	done
	printf '\n%s\n' "$st"
}

mon=$GOLDENS/monitors/monitors-basic/log/base-first/iter-0
for run in base new empty; do
	for i in 0 1; do
		iter=tree/$run/iter-$i
		mkdir -p "$iter/perfpipe/logs"
		for n in 1 2 3 4 5 6 7; do
			case $run in
			# Six fast samples and one slow one: stddev ~2.6 x the mean.
			base | new) if [[ $n -eq 7 ]]; then benchlog 1000.0; else benchlog "$((n + i)).5"; fi ;;
			empty) echo "# Running 'sched/pipe' benchmark: no result" ;;
			esac > "$iter/perfpipe/logs/benchlog-_-_-$n"
		done
		printf 'start :: 1764460100\ntest begin :: perfpipe 1764460101\ntest end :: perfpipe 1764460102 0\ntime :: perfpipe 0.11 user 0.81 system 1.75 elapsed\nfinish :: 1764460103\n' > "$iter/tests-timestamp"
		cp "$mon/tests-sysstate.gz" "$iter/"
		[[ $run == empty ]] && continue
		cp "$mon/vmstat-monitor.gz" "$iter/vmstat-perfpipe.gz"
		for r in 0 2 4 6 8 10; do iostat_report "$r" "$((100 * (r + 1) * (i + 1))).00"; done | gzip > "$iter/iostat-perfpipe.gz"
	done
done
grep -q $'\e\[32;22mvda' <(zcat tree/base/iter-0/iostat-perfpipe.gz) || fail "the iostat log is not coloured"

"$BIN/compare-kernels" -C tree --baseline base --compare new --compare empty --format html --output-dir html \
	2> err.txt || { cat err.txt; fail "compare-kernels failed"; }
page=html/index.html
grep -q '<h2 id="perfpipe">' "$page" || fail "no perfpipe section"
if LC_ALL=C grep -q $'[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' "$page"; then fail "a control character from the iostat log reached the page"; fi

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
	--disable-component-update --disable-sync --user-data-dir="$PWD/chromium-profile")
# Chromium opens every iteration's block (a reader's click), then lists per
# chart: CHART class | title | legend labels | y ticks | x ticks | notes; and
# per iteration block its name and monitor charts.
cat > html/check.js <<'JS'
(function () {
	var lines = [];
	document.querySelectorAll('details.monitor-iteration').forEach(function (d) {
		lines.push('BLOCK ' + d.querySelector('summary').textContent + ' open=' + d.open + ' charts=' +
			d.querySelectorAll('svg.monitor-chart').length);
		d.open = true;
	});
	// By geometry, not by class: a y tick is a number anchored at its end,
	// an x tick one in the middle (neither rotated); a legend label follows
	// its swatch, a 3 px line.
	var number = /^-?[0-9.]+[kMG]?$/;
	function kind(t) {
		var anchor = t.getAttribute('text-anchor') || 'start', prev = t.previousElementSibling;
		if (!t.getAttribute('transform') && number.test(t.textContent) && anchor === 'end') return 'y';
		if (!t.getAttribute('transform') && number.test(t.textContent) && anchor === 'middle') return 'x';
		if (prev && prev.tagName === 'line' && prev.getAttribute('stroke-width') === '3') return 'legend';
		return '';
	}
	function texts(svg, k) {
		return Array.prototype.filter.call(svg.querySelectorAll('text'), function (t) { return kind(t) === k; })
			.map(function (t) { return t.textContent; }).join(';');
	}
	document.querySelectorAll('svg').forEach(function (svg) {
		var title = [], box = svg.getBoundingClientRect();
		svg.querySelectorAll('text').forEach(function (t) {
			if (t.getAttribute('font-weight') === 'bold') title.push(t.textContent);
		});
		if (box.width < 1) lines.push('HIDDEN ' + title.join(' '));
		lines.push('CHART ' + svg.getAttribute('class') + ' | ' + title.join(' ') + ' | ' + texts(svg, 'legend') +
			' | ' + texts(svg, 'y') + ' | ' + texts(svg, 'x') + ' | ' + svg.textContent.replace(/\s+/g, ' '));
	});
	var pre = document.createElement('pre');
	pre.id = 'charts';
	pre.textContent = 'CHARTS\n' + lines.join('\n') + '\nEND\n';
	document.body.appendChild(pre);
})();
JS
sed 's|</body>|<script src="check.js"></script></body>|' "$page" > html/check.html
timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1400,1000 --dump-dom "file://$PWD/html/check.html" \
	2> chromium.log | sed 's/.*<pre id="charts">//' | sed -n '/^CHARTS$/,/^END$/p' > charts.txt
grep -q '^CHART ' charts.txt || { cat chromium.log; fail "the check did not run in chromium"; }
if grep -q '^HIDDEN' charts.txt; then grep '^HIDDEN' charts.txt; fail "a chart has no size once its block is open"; fi
field() { awk -F' [|] ' -v f="$1" '{print $f}'; }

# 1. Latency never below zero: perfpipe's charts have no negative y tick.
grep -E '^CHART benchmark-chart \| perfpipe' charts.txt > perfpipe-charts.txt || fail "no perfpipe benchmark chart"
grep -q '[0-9]' <(field 4 < perfpipe-charts.txt) || fail "no y ticks found on perfpipe's charts"
if grep -q '^-' <(field 4 < perfpipe-charts.txt | tr ';' '\n'); then
	field 4 < perfpipe-charts.txt; fail "a perfpipe latency axis goes below 0"
fi
grep -q 'cut at 0 where mean - stddev is below 0' perfpipe-charts.txt || fail "the cut boxes are not said"
echo "ok: perfpipe's latency axis starts at $(sed -n 1p <(field 4 < perfpipe-charts.txt) | cut -d';' -f1), boxes cut at 0 and said"

# 2. Legends name only runs with data; the chart names the one without.
grep -q 'base;new' <(field 3 < perfpipe-charts.txt) || fail "perfpipe's legend lacks base and new"
if grep -q 'empty' <(field 3 < perfpipe-charts.txt); then fail "a legend names the run without perfpipe data"; fi
grep -q 'no samples here (not in the legend): empty' perfpipe-charts.txt || fail "the run without data is not named"
if grep -q 'empty' <(grep '^CHART ' charts.txt | field 3); then fail "some legend names the run without data"; fi
echo "ok: legends name base and new only; 'empty' is named under the chart"

# 3. Whole iteration ticks on the sample strips (two iterations: 1, 2).
grep -E '^CHART sample-strip-chart' charts.txt > strips.txt || fail "no sample strip chart"
ticks=$(sed -n 1p <(field 5 < strips.txt))
[[ -n $ticks ]] || fail "the sample strips have no x ticks"
if grep -q '[.]' <(field 5 < strips.txt | tr ';' '\n'); then fail "fractional iteration ticks: $ticks"; fi
[[ $ticks == "1;2" ]] || fail "iteration ticks are '$ticks', expected 1;2"
echo "ok: iteration ticks $ticks"

# 4. Monitors for every iteration: iter-0 open, iter-1 one click away.
grep -q '^BLOCK iter-0 open=true charts=[1-9]' charts.txt || { grep BLOCK charts.txt; fail "no open iter-0 block of charts"; }
grep -q '^BLOCK iter-1 open=false charts=[1-9]' charts.txt || { grep BLOCK charts.txt; fail "no iter-1 block of charts"; }
grep -q "in each run's iter-1" charts.txt || fail "no chart says it draws iter-1"
echo "ok: monitor charts for $(grep -c '^BLOCK' charts.txt) iterations"

# 5. iostat (coloured, never busy by MMTests' test) is drawn, its device clean.
for i in 0 1; do
	grep -q 'base rkB/s' <(grep -E "^CHART monitor-chart \| IO on vda: read, written .*iter-$i" charts.txt | field 3) ||
		fail "iostat's vda is not drawn for iter-$i"
done
if grep -q '32;22m' "$page" charts.txt; then fail "an SGR code is left in a device name"; fi
echo "ok: iostat drawn per iteration for vda"
