#!/bin/bash
# --metric '(.*)*X' used to hang compare-kernels: std::regex backtracked over
# every operation name, 2^N steps for an N-byte name. Now the pattern is run
# by a polynomial matcher (compare/core/metric_regex.hpp) and ends at once
# over a 200-byte name; a pattern past the bounds (a back-reference, more than
# 256 bytes) is one usage line naming the option, exit 2.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

mkdir log
cp -a "$GOLDENS/cases/redis-basic/log"/. log/; chmod -R u+w log
long=$(printf 'a%.0s' $(seq 200))
for f in log/*/iter-*/redis/logs/redis-*.log; do sed -i "s/^\"GET\"/\"$long\"/" "$f"; done

rc=0
timeout 120 "$BIN/compare-kernels" -C log --metric '(.*)*X' > out.txt 2> err.txt || rc=$?
[ "$rc" = 124 ] && fail "--metric '(.*)*X' over a 200-byte name did not end in 120 s"
[ "$rc" = 0 ] || fail "--metric '(.*)*X' exited $rc: $(head -3 err.txt)"
timeout 120 "$BIN/compare-kernels" -C log --metric "(.*)*$long" > match.txt 2> /dev/null || fail "a matching backtracking pattern failed"
grep -q "$long" match.txt || fail "--metric '(.*)*NAME' left NAME out"
echo "ok: --metric '(.*)*X' over a 200-byte operation name ends (exit 0), and a matching one keeps the name"

rc=0
"$BIN/compare-kernels" -C log --metric '(a)\1' > /dev/null 2> err.txt || rc=$?
[ "$rc" = 2 ] || fail "--metric with a back-reference exited $rc"
[ "$(wc -l < err.txt)" = 1 ] && grep -q -- "--metric '(a)\\\\1' holds a back-reference" err.txt ||
	fail "no one-line usage error for a back-reference: $(cat err.txt)"
echo "ok: --metric '(a)\\1' is one usage line, exit 2"
