#!/bin/bash
# docs-trust-bounds.sh - docs/trust-model.md's "Every bound" table says what
# the code does: each row names a constant (`FILE` `NAME`); the constant must
# be defined in that file, and its value (the initializer, evaluated) must be
# the row's Value (`256 MiB`, `1,024 bytes`, `15 min`, ...). A bound changed
# in the code, or a row whose constant is gone, fails here.
set -euo pipefail
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
python3 - "$TOP" <<'EOF'
import re, sys
top = sys.argv[1]
doc = open(f"{top}/docs/trust-model.md", encoding="utf-8").read()
section = doc.split("\n## Every bound\n", 1)
if len(section) != 2:
    sys.exit("FAIL: docs/trust-model.md has no '## Every bound' section")
# the section's first table: from its header row to the first line that is not a row
lines = section[1].splitlines()
start = next((i for i, l in enumerate(lines) if l.startswith("| Bound |")), None)
if start is None:
    sys.exit("FAIL: the 'Every bound' section has no '| Bound |' table")
rows = []
for l in lines[start + 2:]:
    if not l.startswith("|"):
        break
    rows.append(l)
if len(rows) < 20:
    sys.exit(f"FAIL: the bound table has {len(rows)} rows with a constant, want at least 20")

UNITS = {"bytes": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "min": 60, "s": 1}

def doc_value(text):
    m = re.fullmatch(r"([0-9][0-9,]*)\s+(\S+)", text.strip())
    if not m:
        raise ValueError(f"value '{text}' is not 'NUMBER UNIT'")
    return int(m[1].replace(",", "")) * UNITS.get(m[2], 1)

def code_value(path, name):
    src = open(f"{top}/{path}", encoding="utf-8").read()
    # `NAME = EXPR;` / `NAME = EXPR,` (one of several) or `NAME{EXPR};`
    m = re.search(r"\b" + re.escape(name) + r"\s*(?:=\s*([^;,]+)[;,]|\{(.+?)\};)", src)
    if not m:
        raise ValueError(f"no definition of {name} in {path}")
    expr = (m[1] or m[2]).strip()
    e = re.sub(r"std::(?:size_t|uint64_t)\{([^}]*)\}", r"(\1)", expr)
    e = re.sub(r"std::chrono::minutes\(([^)]*)\)", r"(60*(\1))", e)
    e = re.sub(r"std::chrono::seconds\(([^)]*)\)", r"(\1)", e)
    e = e.replace("'", "")
    if not re.fullmatch(r"[0-9.()*+<> -]+", e):
        raise ValueError(f"{name} = {expr}: not a plain constant expression")
    return eval(e, {"__builtins__": {}}), expr

failed = 0
for row in rows:
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    bound, value, constant = cells[0], cells[1], cells[2]
    ticks = re.findall(r"`([^`]+)`", constant)
    try:
        if len(ticks) != 2:
            raise ValueError(f"constant '{constant}' is not `FILE` `NAME`")
        want = doc_value(value)
        got, expr = code_value(*ticks)
        if got != want:
            raise ValueError(f"{ticks[1]} = {expr} = {got:g}, the table says {value} = {want}")
        print(f"ok: {value}: {ticks[0]} {ticks[1]} = {expr}")
    except (ValueError, OSError) as e:
        print(f"FAIL: row '{bound[:60]}': {e}")
        failed += 1
sys.exit(1 if failed else 0)
EOF
