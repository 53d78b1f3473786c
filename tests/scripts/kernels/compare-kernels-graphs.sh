#!/bin/bash
# compare-kernels --format html graphs: a report over three benchmarks (redis,
# perfpipe, stressng) whose runs also recorded monitors (the real monitor logs
# of goldens/monitors/monitors-basic, one run each) is rendered by headless
# Chromium. In the browser, every SVG <text> must lie inside its <svg>, whose
# viewBox must be its size; the same check must flag a page whose charts are
# narrowed so their text is cut. The screenshot is kept in this directory.
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
for bench in redis perfpipe stressng; do grep -q "<h2 id=\"$bench\">" "$page" || fail "no section for $bench"; done
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
	var pre = document.createElement('pre');
	pre.id = 'geometry';
	pre.textContent = 'GEOMETRY svgs=' + svgs.length + ' texts=' + texts + ' outside=' + out.length +
		' height=' + document.documentElement.scrollHeight + '\n' + out.join('\n') + '\nEND\n';
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
grep -q 'v7.1.3-return: mpstat node-0 not drawn' bad/index.html || fail "no note for the bad mpstat log"
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
echo "ok: screenshot $PWD/report.png (1400x$shot_height)"
