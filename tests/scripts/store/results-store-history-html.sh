#!/bin/bash
# results-store history --html FILE: the page's SVG chart read back (Python's
# XML parser, so it must be well-formed): one chart per series, one point per
# iteration of every run, the change point drawn as a dashed line between
# run-011 and run-012 and labelled with its shift, the y axis named by the
# unit from perfpipe's shellpack.yaml, a machine name with <&> escaped.
# Then Chromium draws the page once: the screenshot must not be blank.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic trees (apt-get install python3)"; exit 77; }
rs=$BIN/results-store
python3 "$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py" shifted 1 24 5 --shift 12:0.08
python3 "$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py" flat 3 10 4
"$rs" import shifted --store h.db --machine 'box<&>' > /dev/null || fail "import"
"$rs" import flat --store h.db --machine flat > /dev/null || fail "import flat"
"$rs" history --store h.db -b perfpipe --metric usecs-op --html page.html > out.txt || fail "history --html"
[[ -s page.html ]] || fail "no page written"
compgen -G 'page.html.tmp.*' > /dev/null && fail "a temporary file is left: $(ls -a)"
python3 - page.html > check.txt <<'PY' || fail "the SVG: $(cat check.txt)"
import re, sys, xml.etree.ElementTree as ET
page = open(sys.argv[1], encoding="utf-8").read()
svgs = re.findall(r'<svg .*?</svg>', page, re.S)
assert len(svgs) == 2, f"{len(svgs)} charts for 2 series"
ns = "{http://www.w3.org/2000/svg}"
for svg, runs, iters, changes in ((svgs[0], 24, 5, 1), (svgs[1], 10, 4, 0)):
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
    circles = [c for c in root.iter(ns + "circle") if c.get("class") == "iteration"]
    assert len(circles) == runs * iters, f"{len(circles)} points, want {runs * iters}"
    xs = sorted({float(c.get("cx")) for c in circles})
    assert len(xs) == runs, f"{len(xs)} x positions for {runs} runs"
    lines = [l for l in root.iter(ns + "line") if l.get("class") == "change-point"]
    assert len(lines) == changes, f"{len(lines)} change points drawn, want {changes}"
    if changes:
        x = float(lines[0].get("x1"))
        assert xs[11] < x < xs[12], f"change point at x {x}, not between run-011 ({xs[11]}) and run-012 ({xs[12]})"
        assert any(re.fullmatch(r"run-012 \+[78]\.\d\d%", t) for t in texts), f"no change label: {texts}"
        assert "perfpipe usecs-op on box<&>" in texts, f"no title with the machine: {texts}"
    ylabel = [t for t in root.iter(ns + "text") if t.get("class") == "y-label"]
    assert ylabel and "".join(ylabel[0].itertext()) == "Time (microseconds)", "y axis: " + str(texts)
    poly = [p for p in root.iter(ns + "polyline") if p.get("class") == "run-means"]
    assert poly and len(poly[0].get("points").split()) == runs, "the runs' means are not joined"
assert "box&lt;&amp;&gt;" in page and "box<&>" not in page, "the machine name is not escaped"
print("ok")
PY
echo "ok: the history page's SVG: one point per iteration, the change point at run-012, the unit on the axis, names escaped"

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[[ -n $CHROMIUM ]] || { echo "skip: chromium is not installed (the SVG checks above passed)"; exit 77; }
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
	--disable-component-update --disable-sync --user-data-dir="$PWD/chromium-profile" --hide-scrollbars \
	--window-size=1000,900 --screenshot="$PWD/shot.png" "file://$PWD/page.html" > chromium.log 2>&1
[[ -s shot.png ]] || fail "chromium wrote no screenshot: $(tail -3 chromium.log)"
# Decode the PNG (zlib + the five row filters) and count the pixels that are not white.
python3 - shot.png > shot.txt <<'PY' || fail "screenshot: $(cat shot.txt)"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", body[:10])
    if kind == b"IDAT": idat += body
    pos += 12 + n
assert depth == 8 and colour in (2, 6), f"PNG depth {depth} colour type {colour}"
bpp = 3 if colour == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
prev, ink, red = bytearray(stride), 0, 0
for y in range(h):
    f, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = row[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: row[i] = (row[i] + a) & 255
        elif f == 2: row[i] = (row[i] + b) & 255
        elif f == 3: row[i] = (row[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for i in range(0, stride, bpp):
        r, g, bl = row[i], row[i + 1], row[i + 2]
        if r < 200 or g < 200 or bl < 200: ink += 1
        if r > 150 and g < 80 and bl < 80: red += 1
    prev = row
assert ink > 2000, f"only {ink} non-white pixels: blank"
assert red > 50, f"only {red} red pixels: no change point drawn"
print(f"ok {ink} {red}")
PY
echo "ok: Chromium draws the page ($(cut -d' ' -f2 shot.txt) inked pixels, $(cut -d' ' -f3 shot.txt) of the change point's red)"
