#!/bin/bash
# Issue 31 T1: a run directory named with an overlong UTF-8 form of ESC
# (E0 80 9B, F0 80 80 9B), a surrogate (ED A0 80) or a code point past
# U+10FFFF (F4 90 80 80) was compared, its name printed raw: a terminal that
# decodes UTF-8 leniently reads the overlong forms as ESC. Now the escaper
# decodes strictly, so such a name is a control in a name: the run is named
# in one escaped warning and not compared, and no output holds those bytes.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

for bytes in 'e0 80 9b' 'f0 80 80 9b' 'ed a0 80' 'f4 90 80 80'; do
	rm -rf log
	cp -a "$GOLDENS/cases/redis-basic/log" log; chmod -R u+w log
	raw=$(printf "$(printf '\\x%s' $bytes)")
	escaped=$(printf '\\x%s' $bytes)
	cp -a log/v7.3 "log/x${raw}[31m"
	"$BIN/compare-kernels" -C log > out.txt 2> err.txt || fail "$bytes: compare-kernels failed: $(cat err.txt)"
	grep -qF "compare-kernels: warning: run directory 'x${escaped}[31m': a control character in its name; not compared" err.txt ||
		fail "$bytes: no escaped warning naming the run: $(head -5 err.txt)"
	LC_ALL=C grep -qF "$raw" out.txt err.txt && fail "$bytes: the raw bytes reached the output"
	echo "ok: a run named x<$bytes>[31m is named escaped in one warning and not compared"
done
