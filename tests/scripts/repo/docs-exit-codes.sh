#!/bin/bash
# docs/exit-codes.md is the one table of exit statuses: for every program,
# the codes its --help names are exactly the codes the table gives it, and
# base/errors.hpp's ExitCode values are each workload's rows 0, 1, 2, 3, 130.
set -u
: "${TOP:?}" "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: no python3 (scripts/install-deps.sh --test)"; exit 77; }
python3 - "$TOP" "$BIN" <<'PY' || exit 1
import re, subprocess, sys
top, bin = sys.argv[1], sys.argv[2]
table = {}
for line in open(f"{top}/docs/exit-codes.md"):
    m = re.match(r"^\| ([a-z-]+) \| (\d+) \| ", line)
    if m:
        table.setdefault(m.group(1), set()).add(int(m.group(2)))
if len(table) < 8:
    sys.exit(f"FAIL: docs/exit-codes.md has rows for only {sorted(table)}")

def help_codes(prog):
    text = subprocess.run([f"{bin}/{prog}", "--help"], capture_output=True, text=True).stdout
    m = re.search(r"(?im)^exit( status)?:", text)
    if not m:
        sys.exit(f"FAIL: {prog} --help states no exit status")
    para = text[m.start():].split("\n\n")[0]
    para = para.split("compare-mmtests.pl")[0]  # the Perl's own codes follow
    # a code is a number starting a clause: "0 ok", ", 1 failure", "; 2 usage"
    return {int(c) for c in re.findall(r"(?:^|[:;,(]|\band)\s*(\d+)\s+[a-zA-Z(]", para)}

bad = 0
for prog, codes in sorted(table.items()):
    got = help_codes(prog)
    if got != codes:
        print(f"FAIL: {prog}: --help names {sorted(got)}, docs/exit-codes.md {sorted(codes)}")
        bad += 1
    else:
        print(f"ok: {prog}: {sorted(codes)}")
enum = {int(v) for v in re.findall(r"kExit\w+ = (\d+)", open(f"{top}/base/errors.hpp").read())}
for prog in ("redis-zpopmin", "pipe-pingpong", "seccomp-churn", "fiolike", "run-config"):
    if table[prog] != enum:
        print(f"FAIL: {prog}'s rows {sorted(table[prog])} are not base/errors.hpp's {sorted(enum)}")
        bad += 1
sys.exit(1 if bad else 0)
PY
echo "ok: every --help agrees with docs/exit-codes.md"
