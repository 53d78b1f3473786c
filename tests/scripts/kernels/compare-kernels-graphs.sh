#!/bin/bash
# test-slow: Chromium over the report (about 40 s)
# compare-kernels --format html graphs: a report over four benchmarks (redis,
# perfpipe and stressng from the goldens, fiolike run here for a second)
# whose runs also recorded monitors (the real monitor logs
# of goldens/monitors/monitors-basic, one run each) is rendered by headless
# Chromium. In the browser, every SVG <text> must lie inside its <svg>, whose
# viewBox must be its size; the same check must flag a page whose charts are
# narrowed so their text is cut. Each chart the docs promise for these
# benchmarks (fiolike's kIOPS and CPU too) must be in the browser's DOM with
# its title and the unit on its y axis. The screenshot is kept in this
# directory, and must not be blank.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[[ -n $CHROMIUM ]] || { echo "SKIP: chromium is not installed"; exit 77; }

# The tree: the three golden cases share run names; each run's iter-0 gets
# the monitor logs of one monitors-basic run, renamed for perfpipe and redis.
declare -A from=([v7.1.3-first]=base-first [v7.3]=patched [v7.1.3-return]=base-return)
for run in "${!from[@]}"; do
	iter=tree/$run/iter-0
	mkdir -p "$iter"
	for bench in redis perfpipe stressng; do
		cp -a "$GOLDENS/cases/$bench-basic/log/$run/iter-0/$bench" "$iter/"
		cat "$GOLDENS/cases/$bench-basic/log/$run/iter-0/tests-timestamp" >> "$iter/tests-timestamp"
	done
	# fiolike (no golden tree of it): a real one-second read and write job.
	mkdir -p "$iter/fiolike/logs" "fio-data-$run"
	"$BIN/fiolike" --rw read,write --bs 4k --size 4m --runtime 1 --time_based yes --directory "fio-data-$run" \
		--logdir "$iter/fiolike/logs" > "fiolike-$run.out" 2>&1 || { cat "fiolike-$run.out"; fail "fiolike $run"; }
	rm -rf "fio-data-$run"
	printf 'test begin :: fiolike 1764460011\ntest end :: fiolike 1764460014 0\ntime :: fiolike 0.12 user 0.85 system 2.10 elapsed\n' >> "$iter/tests-timestamp"
	mon=$GOLDENS/monitors/monitors-basic/log/${from[$run]}/iter-0
	cp "$mon/tests-sysstate.gz" "$mon/cpu-topology-mmtests.txt.gz" "$iter/"
	for m in vmstat mpstat iostat proc-vmstat proc-interrupts; do
		for bench in perfpipe redis; do cp "$mon/$m-monitor.gz" "$iter/$m-$bench.gz"; done
	done
done
chmod -R u+w tree

"$BIN/compare-kernels" -C tree --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return --format html \
	--output-dir html 2> err.txt || { cat err.txt; fail "compare-kernels failed"; }
page=html/index.html
for bench in redis perfpipe stressng fiolike; do grep -q "<h2 id=\"$bench\">" "$page" || fail "no section for $bench"; done
charts=$(grep -c '<svg[^>]*class="benchmark-chart"' "$page" || true)
monitors=$(grep -c '<svg[^>]*class="monitor-chart"' "$page" || true)
[[ $charts -ge 3 ]] || fail "$charts benchmark charts, expected one each for redis, perfpipe and stressng"
# Per monitored benchmark: CPU, cs, in, faults, interrupt sources, node-0 busy, IO.
[[ $monitors -ge 12 ]] || fail "$monitors monitor charts, expected at least 6 each for perfpipe and redis"
grep -q 'Time (microseconds)' "$page" || fail "perfpipe's axis does not name its unit"
grep -q 'KiloOperations/sec' "$page" || fail "redis RPS axis does not name its unit"
for run in v7.1.3-first v7.3 v7.1.3-return; do
	n=$(grep -o "<svg[^>]*class=\"benchmark-chart\"" "$page" | wc -l)
	[[ $(grep -c ">$run</text>" "$page") -ge $((n + 1)) ]] || fail "$run is missing from some legend"
done
if grep -Eq '<script|(src|href)="(http|//)' "$page"; then fail "page has a script or an external file"; fi
# Issue 19: charts that say what they show.
grep -q '% of CPU time' "$page" || fail "the vmstat CPU chart's axis does not say % of CPU time"
grep -q 'x: operation' "$page" || fail "benchmark charts do not say their x axis holds operations"
if grep -q 'x: CPU' "$page"; then fail "a benchmark chart still says x: CPU (redis' PlotXaxis)"; fi
grep -q "columns read by vmstat&#39;s header" "$page" ||
	fail "the vmstat charts do not say how they were read"
strips=$(grep -c '<svg[^>]*class="sample-strip-chart"' "$page" || true)
[[ $strips -ge 3 ]] || fail "$strips per-iteration sample charts, expected some for each of the three benchmarks"
[[ $(grep -c '<h3>Mitigation costs (vmstat)</h3>' "$page") -eq 2 ]] || fail "no mitigation costs table for perfpipe and redis"
grep -q 'mean over every vmstat sample of every iteration' "$page" || fail "the costs table does not name its statistic"
grep -q 'no run recorded vmstat, proc-vmstat, proc-interrupts, mpstat, iostat for stressng' "$page" ||
	fail "stressng's missing monitors are not named"
grep -q '<h3>redis --sub-heading .\*lat95</h3>' "$page" || fail "redis' lat95 table is not in the page"
grep -q "is one iteration's seconds, the best (lowest)" "$page" || fail "the duration table does not say its statistic"
echo "ok: units, axes, $strips sample strips, costs with their statistic, absent monitors named, every table"

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
	--disable-component-update --disable-sync --user-data-dir="$PWD/chromium-profile")
# The check runs from a file next to a copy of the page (the page itself
# stays script-free): every <text>'s box against its <svg>'s box.
cat > html/check.js <<'JS'
(function () {
	var out = [], texts = 0, svgs = document.querySelectorAll('svg');
	svgs.forEach(function (svg, i) {
		var box = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
		if (!vb || vb.x !== 0 || vb.y !== 0 || Math.abs(vb.width - box.width) > 0.5 || Math.abs(vb.height - box.height) > 0.5)
			out.push('svg ' + i + ': viewBox is not its size');
		svg.querySelectorAll('text').forEach(function (t) {
			texts++;
			var r = t.getBoundingClientRect();
			if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
				out.push('svg ' + i + ' (' + svg.getAttribute('class') + '): "' + t.textContent.slice(0, 50) + '" at ' +
					Math.round(r.left - box.left) + '..' + Math.round(r.right - box.left) + ' x ' +
					Math.round(r.top - box.top) + '..' + Math.round(r.bottom - box.top) + ' outside ' +
					Math.round(box.width) + ' x ' + Math.round(box.height));
		});
	});
	// What each chart says it shows: CHART class | title | y-axis label.
	var charts = [];
	svgs.forEach(function (svg) {
		var title = [], axis = [];
		svg.querySelectorAll('text').forEach(function (t) {
			if (t.getAttribute('font-weight') === 'bold') title.push(t.textContent);
			if (/rotate\(-90\)/.test(t.getAttribute('transform') || '')) axis.push(t.textContent);
		});
		charts.push('CHART ' + svg.getAttribute('class') + ' | ' + title.join(' ') + ' | ' + axis.join(' '));
	});
	var pre = document.createElement('pre');
	pre.id = 'geometry';
	pre.textContent = 'GEOMETRY svgs=' + svgs.length + ' texts=' + texts + ' outside=' + out.length +
		' height=' + document.documentElement.scrollHeight + '\n' + out.join('\n') + '\n' + charts.join('\n') +
		'\nEND\n';
	document.body.appendChild(pre);
})();
JS
# geometry PAGE: the check's report for PAGE, from Chromium's DOM dump.
geometry() {
	sed 's|</body>|<script src="check.js"></script></body>|' "$1" > "html/check-$2.html"
	timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1400,1000 --dump-dom "file://$PWD/html/check-$2.html" \
		2> "chromium-$2.log" | sed -n 's/.*\(GEOMETRY svgs=\)/\1/; /^GEOMETRY svgs=/,/^END$/p' > "geometry-$2.txt"
	grep -q '^GEOMETRY' "geometry-$2.txt" || { cat "chromium-$2.log"; fail "the check did not run in chromium"; }
}
geometry "$page" report
read -r _ svgs texts outside height < <(head -1 geometry-report.txt | tr '=' ' ' | awk '{print $1, $3, $5, $7, $9}')
[[ $svgs -ge $((charts + monitors)) && $texts -gt 100 ]] || fail "chromium saw $svgs svgs, $texts texts"
[[ $outside -eq 0 ]] || { cat geometry-report.txt; fail "$outside SVG texts lie outside their svg"; }
echo "ok: $svgs svgs ($charts benchmark charts, $monitors monitor charts), all $texts texts inside their viewBox"

# Every chart README and docs/ promise for these benchmarks, as Chromium drew
# it: its title and, on the same chart, its unit (docs/numbers-we-print.md).
# drawn CLASS TITLE-ERE UNIT: some CLASS chart has that title and y axis.
drawn() {
	grep -F "CHART $1 | " geometry-report.txt | grep -E "^CHART $1 \| [^|]*$2[^|]* \| " | grep -F "| $3" > /dev/null ||
		fail "no $1 titled /$2/ with the y axis '$3' in Chromium's page"
}
drawn benchmark-chart 'perfpipe' 'Time (microseconds)'
drawn benchmark-chart 'redis' 'KiloOperations/sec'
drawn benchmark-chart 'stressng' 'BogoOperations/sec'
drawn benchmark-chart 'redis.*% of' "% of the baseline's mean"
drawn benchmark-chart 'fiolike tput' 'KiloBytes/second'
drawn benchmark-chart 'fiolike -a iops kiops' 'KiloOperations/sec'
drawn benchmark-chart 'fiolike -a cpu cpu-pct' 'Percentage'
drawn benchmark-chart 'fiolike -a cpu cpu-usec-per-io' 'Time (microseconds)'
drawn sample-strip-chart 'fiolike' 'KiloBytes/second'
drawn sample-strip-chart 'perfpipe' 'Time (microseconds)'
drawn sample-strip-chart 'redis' 'KiloOperations/sec'
drawn sample-strip-chart 'stressng' 'BogoOperations/sec'
drawn monitor-chart 'CPU time: user, system, IO wait' '% of CPU time'
drawn monitor-chart 'Context switches' 'Context switches/second'
drawn monitor-chart 'Interrupts \(vmstat in\)' 'Interrupts/second'
drawn monitor-chart 'Page faults' 'Faults per sample'
drawn monitor-chart 'Interrupts by source' 'Interrupts per sample'
drawn monitor-chart 'CPU busy on NUMA node-0' 'Busy percentage'
drawn monitor-chart 'IO on ' 'Time (milliseconds)'
if grep -E '^CHART [^|]*\|[^|]*\| *(value)?$' geometry-report.txt; then fail "a chart without a unit on its y axis"; fi
echo "ok: $(grep -c '^CHART' geometry-report.txt) charts in Chromium, each promised one with its title and unit"

# The check can fail: the same page with every chart 35% narrower cuts text.
perl -pe 's{<svg (.*?)width="([\d.]+)" height="([\d.]+)" viewBox="0 0 [\d.]+ ([\d.]+)"}{
	my $w = sprintf("%.1f", $2 * 0.65); "<svg ${1}width=\"$w\" height=\"$3\" viewBox=\"0 0 $w $4\"" }ge' "$page" > narrow.html
geometry narrow.html narrow
read -r _ _ _ clipped _ < <(head -1 geometry-narrow.txt | tr '=' ' ' | awk '{print $1, $3, $5, $7, $9}')
[[ $clipped -gt 0 ]] || fail "the geometry check found nothing outside charts narrowed by 35%"
echo "ok: the check flags $clipped texts once the charts are narrowed"

# A bad monitor log is one note on its chart, not a failed page: a FIFO as
# one run's vmstat log, markup and binary bytes as another's mpstat log.
cp -a tree badtree
rm badtree/v7.3/iter-0/vmstat-perfpipe.gz
mkfifo badtree/v7.3/iter-0/vmstat-perfpipe
printf 'garbage\n\377<script>x</script>\n' | gzip > badtree/v7.1.3-return/iter-0/mpstat-perfpipe.gz
timeout 60 "$BIN/compare-kernels" -C badtree --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return \
	--format html --output-dir bad 2> bad-err.txt || { cat bad-err.txt; fail "a bad monitor log failed the page"; }
grep -q 'v7.3: vmstat not drawn: [^<]*vmstat-perfpipe: a FIFO' bad/index.html || fail "no note for the FIFO"
grep -q 'v7.1.3-return: mpstat not drawn: no mpstat header line' bad/index.html || fail "no note for the bad mpstat log"
if grep -q '<script' bad/index.html; then fail "markup from a log reached the page"; fi
[[ $(grep -c 'warning: perfpipe monitor graphs: badtree/v7.3/iter-0/vmstat-perfpipe: a FIFO' bad-err.txt) -eq 1 ]] ||
	{ cat bad-err.txt; fail "the FIFO is not one warning on stderr"; }
grep -q 'warning: perfpipe monitor graphs: badtree/v7.1.3-return/iter-0/mpstat-perfpipe: ' bad-err.txt ||
	{ cat bad-err.txt; fail "the bad mpstat log is no warning naming it"; }
[[ $(wc -l < bad-err.txt) -eq 2 ]] || { cat bad-err.txt; fail "expected two warnings"; }
if grep -q 'monitor graphs' err.txt; then fail "warnings about the good tree's monitors: $(cat err.txt)"; fi
echo "ok: bad monitor logs are notes on their charts and one warning each"

# Long, wide run names (capitals count as wide as the estimate allows) on a
# 54-operation benchmark: legends wrap, nothing leaves its chart.
long1='MMMM-WWWW-6.18.0-rc4-with-the-whole-mitigation-set-enabled-and-a-long-suffix'
long2='v7.3 patched build with ibpb=always, and a name far longer than one legend row of any chart here'
mkdir -p longtree
cp -a "$GOLDENS/cases/redis-basic/log/v7.1.3-first" "longtree/$long1"
cp -a "$GOLDENS/cases/redis-basic/log/v7.3" "longtree/$long2"
chmod -R u+w longtree
sed -i 's/^start :: .*/start :: 1764460900/' "longtree/$long2/iter-0/tests-timestamp"
"$BIN/compare-kernels" -C longtree --baseline "$long1" --compare "$long2" --format html --output-dir long \
	2> long-err.txt || { cat long-err.txt; fail "compare-kernels failed on long run names"; }
geometry long/index.html long
read -r _ lsvgs ltexts loutside _ < <(head -1 geometry-long.txt | tr '=' ' ' | awk '{print $1, $3, $5, $7, $9}')
[[ $lsvgs -ge 6 && $loutside -eq 0 ]] || { cat geometry-long.txt; fail "long run names: $loutside texts outside"; }
echo "ok: long run names: $lsvgs svgs, all $ltexts texts inside"

# The screenshot: the whole page, kept here.
shot_height=$((height < 16000 ? height : 16000))
timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1400,"$shot_height" --screenshot="$PWD/report.png" \
	"file://$PWD/$page" > chromium-shot.log 2>&1 || { cat chromium-shot.log; fail "chromium could not take a screenshot"; }
[[ $(stat -c %s report.png) -gt 50000 ]] || fail "screenshot is suspiciously small ($(stat -c %s report.png) bytes)"
# Not blank: Chromium reads the screenshot back and counts its pixels that
# are not white and the colours it holds (charts draw in several).
cat > html/shot.html <<'HTML'
<html><body><img id="shot" src="shot.png" onload="
	var c = document.createElement('canvas'), img = this;
	c.width = img.naturalWidth; c.height = img.naturalHeight;
	var g = c.getContext('2d'); g.drawImage(img, 0, 0);
	var d = g.getImageData(0, 0, c.width, c.height).data, ink = 0, colours = {};
	for (var i = 0; i < d.length; i += 4) {
		if (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240) ink++;
		if (i % 64 === 0) colours[(d[i] >> 4) + ',' + (d[i + 1] >> 4) + ',' + (d[i + 2] >> 4)] = 1;
	}
	var p = document.createElement('pre');
	p.textContent = 'SHOT pixels=' + d.length / 4 + ' ink=' + ink + ' colours=' + Object.keys(colours).length;
	document.body.appendChild(p);"></body></html>
HTML
# ink PNG: "PIXELS INKED COLOURS" of PNG as Chromium decodes it.
ink() {
	cp "$1" html/shot.png
	timeout 120 "$CHROMIUM" "${flags[@]}" --allow-file-access-from-files --window-size=400,300 --dump-dom \
		"file://$PWD/html/shot.html" 2> chromium-read.log | grep -o 'SHOT pixels=[0-9]* ink=[0-9]* colours=[0-9]*' |
		tr '=' ' ' | awk '{print $3, $5, $7}'
}
# looks_blank PIXELS INKED COLOURS: under 2 % inked or under 8 colours.
looks_blank() { [[ ${1:-0} -eq 0 || $(($2 * 100 / $1)) -lt 2 || $3 -lt 8 ]]; }
read -r pixels inked colours < <(ink report.png) || { cat chromium-read.log; fail "chromium could not read the screenshot back"; }
if looks_blank "$pixels" "$inked" "$colours"; then
	fail "the screenshot looks blank: $inked of $pixels pixels not white, $colours colours"
fi
# The check can fail: a screenshot of an empty page is blank.
echo '<html><body></body></html>' > html/empty.html
timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1400,1000 --screenshot="$PWD/empty.png" "file://$PWD/html/empty.html" \
	> chromium-empty.log 2>&1 || { cat chromium-empty.log; fail "chromium could not take the empty page's screenshot"; }
read -r epixels einked ecolours < <(ink empty.png) || fail "chromium could not read the empty screenshot back"
looks_blank "$epixels" "$einked" "$ecolours" || fail "an empty page's screenshot passed as not blank"
echo "ok: screenshot $PWD/report.png (1400x$shot_height): $((inked * 100 / pixels)) % of its pixels inked, $colours colours (an empty page: $((einked * 100 / (epixels > 0 ? epixels : 1))) %, $ecolours)"
