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
python3 "$gen" one 1 120 3
python3 "$gen" two 2 120 3
db=$PWD/s.db
python3 "$gen" zero 3 1 3
# created and migrated once (only import creates a store)
"$BIN/results-store" import zero --store "$db" --machine zero > /dev/null || fail "a new store"
"$BIN/results-store" import one --store "$db" --machine one > one.out 2>&1 &
a=$!
"$BIN/results-store" import two --store "$db" --machine two > two.out 2>&1 &
b=$!
wait $a || fail "importer one: $(cat one.out)"
wait $b || fail "importer two: $(cat two.out)"
n1=$("$BIN/results-store" list --store "$db" --machine one | wc -l)
n2=$("$BIN/results-store" list --store "$db" --machine two | wc -l)
[[ $n1 == 120 && $n2 == 120 ]] || fail "runs stored: one $n1, two $n2 (want 120 each)"
echo "ok: two concurrent importers kept all 240 runs"
# Both at once into a store that does not exist yet: one creates it, the other migrates nothing.
"$BIN/results-store" import one --store "$PWD/fresh.db" --machine one > /dev/null 2>&1 &
a=$!
"$BIN/results-store" import two --store "$PWD/fresh.db" --machine two > /dev/null 2> two.err &
b=$!
wait $a || fail "fresh importer one"
wait $b || fail "fresh importer two: $(cat two.err)"
[[ $("$BIN/results-store" list --store "$PWD/fresh.db" | wc -l) == 240 ]] || fail "fresh store lost runs"
echo "ok: two importers creating one store at once keep every run"
