#!/bin/bash
# results-store history on synthetic perfpipe trees with known shifts (fixed
# seeds): the shift is named at the first run after it, with its size and
# interval; a flat series has none; --bisect says 1 only when the newest run
# regressed against the last stable segment; --sort-version orders by name.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
gen=$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic trees (apt-get install python3)"; exit 77; }
rs=$BIN/results-store
db=$PWD/h.db

# 24 runs, usecs/op (lower is better) 8 % slower from run-012 on.
python3 "$gen" shifted 1 24 5 --shift 12:0.08
"$rs" import shifted --store "$db" --machine box > /dev/null || fail "import"
"$rs" history --store "$db" -b perfpipe --metric usecs-op > out.txt || fail "history exit $?: $(cat out.txt)"
[[ $(grep -c '^Change point' out.txt) == 1 ]] || fail "not one change point: $(cat out.txt)"
grep -Eq '^Change point: first run after the shift run-012: \+[78]\.[0-9]+% \[\+[0-9.]+%, \+[0-9.]+%\] regression' out.txt ||
	fail "wrong change point: $(grep '^Change' out.txt)"
grep -Eq '^run-012 .*<- shift \+' out.txt || fail "the table does not mark run-012: $(cat out.txt)"
echo "ok: an 8% shift is named at run-012 with its interval"

# --bisect: the newest run is in the shifted segment, steady against it: 0.
"$rs" history --store "$db" -b perfpipe --metric usecs-op --bisect > out.txt; rc=$?
[[ $rc == 0 ]] || fail "--bisect on a steady newest run: exit $rc: $(tail -3 out.txt)"
# One more run, 10 % slower again: 1.
python3 "$gen" newer 2 25 5 --shift 12:0.08 --shift 24:0.10
rm -rf newer/run-0{00..23}
"$rs" import newer --store "$db" --machine box > out.txt || fail "import newer: $(cat out.txt)"
grep -q "imported 1 runs" out.txt || fail "import of the newest: $(cat out.txt)"
"$rs" history --store "$db" -b perfpipe --metric 'usecs' --bisect > out.txt; rc=$?
[[ $rc == 1 ]] || fail "--bisect on a regressed newest run: exit $rc: $(tail -3 out.txt)"
grep -q "^Newest run run-024 against the last stable segment: +.* regression" out.txt || fail "$(tail -2 out.txt)"
echo "ok: --bisect exits 0 for a steady newest run and 1 for a regressed one"

# A flat series on another machine: no change point; --machine selects it.
python3 "$gen" flat 3 30 5
"$rs" import flat --store "$db" --machine flatbox > /dev/null || fail "import flat"
"$rs" history --store "$db" -b perfpipe --metric usecs-op --machine flatbox > out.txt || fail "flat history"
grep -q '^No change point' out.txt || fail "a flat series has a change point: $(cat out.txt)"
grep -q 'on flatbox: 30 runs' out.txt || fail "$(head -1 out.txt)"
"$rs" history --store "$db" -b perfpipe --metric usecs-op > out.txt || fail "two machines"
[[ $(grep -c '^History of' out.txt) == 2 ]] || fail "not one series per machine: $(grep '^History' out.txt)"
echo "ok: a flat series has no change point; one series per machine"

# --sort-version: v5.9 before v5.10 (start times say otherwise).
python3 "$gen" versions 4 3 2 1800000000 --name 'v5.%d'
mv versions/v5.0 versions/v5.10
"$rs" import versions --store "$db" --machine ver > /dev/null || fail "import versions"
"$rs" history --store "$db" -b perfpipe --metric usecs-op --machine ver --sort-version > out.txt || fail "sort-version"
[[ $(awk '/^v5/ {print $1}' out.txt | paste -sd' ') == "v5.1 v5.2 v5.10" ]] || fail "version order: $(cat out.txt)"
echo "ok: --sort-version orders runs by the version in their names"

# A run named with a control (ESC): shown escaped, its column as wide as the
# escaped name; the plain names beside it as they are.
python3 "$gen" esc 5 2 2 1900000000 --name $'escaped-\e[2K-run-%d'
mv $'esc/escaped-\e[2K-run-1' esc/plain-1
"$rs" import esc --store "$db" --machine escbox > /dev/null || fail "import esc"
"$rs" history --store "$db" -b perfpipe --metric usecs-op --machine escbox > out.txt || fail "history escbox"
! grep -q $'\e' out.txt || fail "a raw ESC printed: $(od -c out.txt | head -3)"
grep -Eq '^run {18}started' out.txt && grep -Eq '^escaped-\\e\[2K-run-0  [0-9]{4}-' out.txt &&
	grep -Eq '^plain-1 {14}[0-9]{4}-' out.txt || fail "escaped name or its column: $(cat out.txt)"
echo "ok: a run name with a control is printed escaped, its column as wide as the escaped name"

# Bad input: one line naming the option, exit 2; an unknown metric exit 1.
"$rs" history --store "$db" -b perfpipe > /dev/null 2> err.txt; rc=$?
[[ $rc == 2 && $(wc -l < err.txt) == 1 ]] && grep -q -- '--metric' err.txt || fail "no --metric: rc $rc $(cat err.txt)"
"$rs" history --store "$db" -b perfpipe --metric nosuch > /dev/null 2> err.txt; rc=$?
[[ $rc == 1 ]] && grep -q "nosuch" err.txt || fail "unknown metric: rc $rc $(cat err.txt)"
echo "ok: bad history requests fail clearly"
