#!/bin/bash
# Stored XSS (issue 14): run names, operation names and the report title
# that carry markup must reach the HTML of compare-mmtests and compare-kernels
# as text only. An HTML parser reads each page back: every
# hostile name must be there as text, in each position it is shown (table
# headers, duration headers, SVG titles and legends, verdict table headers
# and cells, report title), and no element or attribute may come from it.
set -euo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "python3 is needed to parse the pages"; exit 77; }

run1='<img src=x onerror=alert(1)>'
run2='"><b onmouseover=alert(2)>x'
run3="v3'><svg onload=alert(3)>&amp;"
op='<svg onload=alert(4)>'
title='</title><script>alert(5)</script>'

# Three runs of redis whose test is named $op.
for r in "$run1" "$run2" "$run3"; do
	logs="log/$r/iter-0/redis/logs"
	mkdir -p "$logs"
	for it in 1 2 3; do
		{
			echo '"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"'
			echo "\"$op\",\"$((1000 + it * 7 + ${#r}))00.00\",\"0.073\",\"0.064\",\"0.071\",\"0.087\",\"0.127\",\"0.231\""
		} > "$logs/redis-1-$it.log"
	done
	cat > "log/$r/iter-0/tests-timestamp" <<-TS
	start :: 1764460000
	test begin :: redis 1764460001
	test end :: redis 1764460009 0
	time :: redis 5.37 user 1.18 system 8.$((${#r} % 10)) elapsed
	finish :: 1764460012
	TS
done
[[ $(ls log | wc -l) -eq 3 ]] || fail "expected three run directories, got: $(ls log)"
# Runs are listed oldest first; give them distinct start times.
sed -i 's/^start :: .*/start :: 1764460100/' "log/$run2/iter-0/tests-timestamp"
sed -i 's/^start :: .*/start :: 1764460200/' "log/$run3/iter-0/tests-timestamp"

# check.py PAGE NAME:POSITION...: the page holds no element or attribute
# beyond the report's own, and each NAME appears as text in each POSITION.
cat > check.py <<'PY'
import sys
from html.parser import HTMLParser

ALLOWED = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "pre", "table", "tr", "th",
           "td", "svg", "text", "rect", "line", "g", "div", "polyline", "circle"}
VOID = {"meta", "rect", "line"}

class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.bad, self.texts, self.section = [], [], [], ""
    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED:
            self.bad.append("element <%s>" % tag)
        for name, _ in attrs:
            if name.startswith("on") or name in ("src", "href"):
                self.bad.append("attribute %s on <%s>" % (name, tag))
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()
    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack.pop() != tag:
                pass
    def handle_data(self, data):
        if self.stack and self.stack[-1] == "h3":
            self.section = data.strip()
        self.texts.append((position(self.stack, self.section), data))

def position(stack, section):
    if "svg" in stack:
        return "svg-title" if "title" in stack else "svg-text"
    if section == "Verdict" and ("th" in stack or "td" in stack):
        return "verdict-header" if "th" in stack else "verdict-cell"
    if "th" in stack:
        return "duration-header" if section == "Duration" else "table-header"
    return stack[-1] if stack else ""

page = Page()
page.feed(open(sys.argv[1], encoding="utf-8").read())
problems = list(page.bad)
for want in sys.argv[2:]:
    name_file, pos = want.rsplit(":", 1)
    name = open(name_file, encoding="utf-8").read()
    # Table cells pad names and split run names at their first '-'.
    if not any(p == pos and name in d for p, d in page.texts):
        problems.append("%s not shown as text in %s" % (name_file, pos))
for p in problems:
    print(sys.argv[1] + ": " + p)
sys.exit(1 if problems else 0)
PY
printf %s "$run1" > run1; printf %s "$run2" > run2; printf %s "$run3" > run3
printf %s "$op" > op; printf %s "$title" > title

names="$run1,$run2,$run3"
"$BIN/compare-mmtests" -d log -b redis -n "$names" --format html > mm.html || fail "compare-mmtests --format html failed"
python3 check.py mm.html run1:table-header run2:table-header run3:table-header op:td || fail "compare-mmtests table"
"$BIN/compare-mmtests" -d log -b redis -n "$names" --format html --print-monitor duration > mm-duration.html ||
	fail "compare-mmtests --print-monitor duration --format html failed"
python3 check.py mm-duration.html run1:table-header run2:table-header run3:table-header || fail "compare-mmtests duration"
"$BIN/compare-mmtests" -d log -b redis -n "$names" --format html --print-ratio > mm-ratio.html ||
	fail "compare-mmtests --print-ratio --format html failed"
python3 check.py mm-ratio.html run1:table-header op:td || fail "compare-mmtests ratio table"
echo "ok: compare-mmtests --format html shows hostile names as text"

"$BIN/compare-kernels" -C log --format html --output-dir out --report-title "$title" \
	--verdict aba --verdict baselines --verdict lkp 2> kernels.err || fail "compare-kernels failed: $(cat kernels.err)"
python3 check.py out/index.html title:title title:h1 \
	run1:table-header run2:table-header run3:table-header op:td \
	run1:duration-header run2:duration-header run3:duration-header \
	run1:svg-text run2:svg-text run3:svg-text op:svg-title op:svg-text \
	run1:verdict-header run2:verdict-header run3:verdict-cell run1:verdict-cell op:verdict-cell ||
	fail "compare-kernels page"
echo "ok: compare-kernels --format html shows hostile names as text in every position"
