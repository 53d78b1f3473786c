#!/bin/bash
# Two machines importing into one SQLite store at the same time lose
# nothing: each import is one transaction (BEGIN IMMEDIATE), the other waits
# for it (busy timeout), and every run of both trees is stored once.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic trees (apt-get install python3)"; exit 77; }
gen=$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py
source "$TOP/tests/scripts/lib/import-at-once.bash"
python3 "$gen" one 1 120 3
python3 "$gen" two 2 120 3
db=$PWD/s.db
python3 "$gen" zero 3 1 3
# created and migrated once (only import creates a store)
"$BIN/results-store" import zero --store "$db" --machine zero > /dev/null || fail "a new store"
import_at_once "$db" one one two two
n1=$("$BIN/results-store" list --store "$db" --machine one | wc -l)
n2=$("$BIN/results-store" list --store "$db" --machine two | wc -l)
[[ $n1 == 120 && $n2 == 120 ]] || fail "runs stored: one $n1, two $n2 (want 120 each)"
echo "ok: two concurrent importers kept all 240 runs"
# Both at once into a store that does not exist yet: one creates it, the other migrates nothing.
import_at_once "$PWD/fresh.db" one one two two
[[ $("$BIN/results-store" list --store "$PWD/fresh.db" | wc -l) == 240 ]] || fail "fresh store lost runs"
echo "ok: two importers creating one store at once keep every run"
