#!/bin/bash
# Issue 19: compare-mmtests --explain names the statistic of each row kind on
# stderr (Amean, Hmean, BHmean-95, a Singleops value, ...) and leaves stdout
# byte for byte as without it.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
for bench in redis perfpipe stressng fio; do
	dir=$GOLDENS/cases/$bench-basic/log
	names=$(ls "$dir" | paste -sd,)
	"$BIN/compare-mmtests" -d "$dir" -b "$bench" -n "$names" > plain.txt 2> /dev/null || fail "$bench: compare-mmtests failed"
	"$BIN/compare-mmtests" -d "$dir" -b "$bench" -n "$names" --explain > explained.txt 2> explain.err ||
		fail "$bench: compare-mmtests --explain failed"
	cmp -s plain.txt explained.txt || fail "$bench: --explain changed stdout"
	# Every row kind the table prints (its first word) is explained.
	for kind in $(awk 'NR > 2 && NF > 1 { print $1 }' plain.txt | sort -u); do
		grep -q "^compare-mmtests:   $kind: " explain.err || fail "$bench: row kind $kind not explained: $(cat explain.err)"
	done
	grep -q "(N.NN%) beside a later run" explain.err || fail "$bench: the comparison column is not explained"
	echo "ok: $bench: $(grep -c '^compare-mmtests:   [^(]' explain.err) row kinds explained, stdout unchanged"
done
grep -q "every sample of the operation, of every iteration" explain.err || fail "no sample scope in: $(cat explain.err)"
