#!/bin/bash
# --json-export against the exports compare-mmtests.pl wrote for the golden
# cases redis-basic (Singleops) and stressng-basic (Multiops, with
# intervals), recorded in tests/goldens/cases/*/json/BENCH.export.raw.json:
# every field the Perl writes (top level: _ModuleName CompareShellpackBENCH,
# _ResultsTable, _CompareTable, _ResultsSignificanceTable, _RenderTable,
# _HeaderTable, ...; and the extract modules) must be in ours with the same
# value (tests/lib/json-export-diff.py). No MMTests checkout needed.
set -uo pipefail
: "${TOP:?}" "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v zstd > /dev/null || { echo "no zstd to read the export"; exit 77; }
command -v python3 > /dev/null || { echo "no python3"; exit 77; }
export LC_ALL=C
for bench in redis stressng; do
	case=$GOLDENS/cases/$bench-basic
	read -r -a argv < "$case/json-export.cmd"
	rm -rf case && cp -a "$case" case && chmod -R u+w case
	(cd case && "$BIN/compare-mmtests" "${argv[@]:1}") > ours.out 2> ours.err ||
		fail "$bench: compare-mmtests failed: $(head -2 ours.err)"
	cmp -s ours.out "$case/json-export.expected" || fail "$bench: the table printed with --json-export changed"
	zstd -dqf "case/log/$bench.json.zst" -o ours.json || fail "$bench: no export written"
	python3 "$TOP/tests/lib/json-export-diff.py" "$case/json/$bench.export.raw.json" ours.json > diff.out ||
		{ head -8 diff.out; fail "$bench: --json-export differs from compare-mmtests.pl's"; }
	echo "ok: $bench export holds every field compare-mmtests.pl's holds"
done
