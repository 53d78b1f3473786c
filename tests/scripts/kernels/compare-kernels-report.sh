#!/bin/bash
# compare-kernels over the golden trees: its table sections are exactly what
# compare-mmtests.pl printed for the same runs (plain and --print-monitor
# duration); its HTML page renders in headless Chromium with its SVG graphs;
# its JSON export parses; bad input fails with one line.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

for case in redis-basic perfpipe-basic stressng-basic fio-basic; do
	src=$GOLDENS/cases/$case
	cp -a "$src" "$case"; chmod -R u+w "$case"
	read -r -a argv < "$src/plain.cmd"
	bench= names=
	for ((i = 1; i < ${#argv[@]}; i++)); do
		case ${argv[i]} in -b) bench=${argv[i+1]};; -n) names=${argv[i+1]};; esac
	done
	IFS=, read -r -a runs <<< "$names"
	args=(--baseline "${runs[0]}"); for r in "${runs[@]:1}"; do args+=(--compare "$r"); done
	"$BIN/compare-kernels" -C "$case/log" "${args[@]}" > "$case.report"
	# The benchmark's section, as compare-kernels.sh heads it: its name (fio:
	# "fio Throughput", redis: "redis RPS" with --sub-heading '.*RPS'), its table.
	heading=$bench table=$src/plain.expected
	case $bench in
	fio) heading="fio Throughput";;
	redis) heading="redis RPS" table=rps.expected  # compare-mmtests' --sub-heading is golden-tested
		"$BIN/compare-mmtests" -d "$case/log" -b redis -n "$names" --sub-heading '.*RPS' > "$table";;
	esac
	sed -n "/^$heading\$/,\$p" "$case.report" | sed 1d > "$case.section"
	n=$(wc -l < "$table")
	[[ $n -gt 2 ]] || fail "$case: no table to compare with"
	head -n "$n" "$case.section" | cmp -s - "$table" || fail "$case: compare table differs from compare-mmtests.pl's"
	# Then, after the benchmark's other tables and a blank line, the duration monitor.
	m=$(wc -l < "$src/monitor-duration.expected")
	start=$(grep -nxF -- "$(head -1 "$src/monitor-duration.expected")" "$case.report" | head -1 | cut -d: -f1)
	[[ -n $start ]] || fail "$case: no duration table"
	sed -n "$start,$((start + m - 1))p" "$case.report" | cmp -s - "$src/monitor-duration.expected" ||
		fail "$case: duration table differs from compare-mmtests.pl's"
	[[ $(sed -n "$((start - 1))p" "$case.report") == "" ]] || fail "$case: no blank line before the duration table"
	echo "ok: $case tables identical to compare-mmtests.pl"
done

# Verdicts need three runs: A/B/A over the redis case.
"$BIN/compare-kernels" -C redis-basic/log --verdict aba --verdict lkp --all --verdict baselines > verdicts.txt
grep -q "^Verdict for redis: A/B/A: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return$" verdicts.txt || fail "no A/B/A table"
grep -q "^ZPOPMIN-RPS-1 " verdicts.txt || fail "A/B/A table lacks ZPOPMIN-RPS-1"
grep -q "redis.ZPOPMIN-RPS-1$" verdicts.txt || fail "no LKP rows"

# HTML: one self-contained page with SVG candlesticks, rendered by Chromium.
"$BIN/compare-kernels" -C redis-basic/log --format html --output-dir html --verdict aba --json-export report.json
[[ -s html/index.html ]] || fail "no html/index.html"
grep -q '<svg' html/index.html || fail "no inline SVG in the page"
if grep -Eq '(src|href)="(http|//)' html/index.html; then fail "page is not self-contained"; fi
grep -q '"benchmarks"' report.json || fail "JSON export lacks benchmarks"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[[ -n $CHROMIUM ]] || fail "chromium is not installed (scripts/install-deps.sh --test installs it)"
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
	--disable-component-update --disable-sync --user-data-dir="$PWD/chromium-profile")
timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1400,1800 --screenshot="$PWD/report.png" "file://$PWD/html/index.html" \
	> chromium.log 2>&1 || { cat chromium.log; fail "chromium could not render the page"; }
[[ $(stat -c %s report.png) -gt 20000 ]] || fail "screenshot is suspiciously small ($(stat -c %s report.png) bytes)"
timeout 120 "$CHROMIUM" "${flags[@]}" --dump-dom "file://$PWD/html/index.html" > dom.html 2>/dev/null ||
	fail "chromium could not load the page"
candles=$(grep -o '<rect' dom.html | wc -l)
[[ $candles -ge 9 ]] || fail "rendered DOM has $candles SVG rects, expected candlesticks for 3 runs x 3 RPS ops"
[[ -n ${REPORT_SCREENSHOT:-} ]] && cp report.png "$REPORT_SCREENSHOT"
echo "ok: html rendered ($candles svg rects, screenshot $(stat -c %s report.png) bytes)"

# Bad input: a directory without runs, a run that does not exist.
mkdir empty
if "$BIN/compare-kernels" -C empty 2> err.txt; then fail "empty dir accepted"; fi
[[ $(wc -l < err.txt) -eq 1 ]] && grep -q "does not look like an MMTests results directory" err.txt || fail "bad message: $(cat err.txt)"
if "$BIN/compare-kernels" -C redis-basic/log --baseline nosuchrun 2> err.txt; then fail "missing run accepted"; fi
grep -q "nosuchrun" err.txt || fail "missing run not named: $(cat err.txt)"
echo "ok: bad input rejected"
