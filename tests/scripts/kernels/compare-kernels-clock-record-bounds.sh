#!/bin/bash
# A hostile clock record (NAME-clock.json) is bounded before it is parsed: a
# 32 MiB record of '[' (5 KB as xz) used to cost 2.2 GB, so under
# `ulimit -v 1500000` the whole report was lost. Now a record over 1 MiB is
# refused unread and one nested deeper than 8 levels is refused while it is
# parsed: one warning each, and the report is the report without them.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

mkdir log
cp -a "$GOLDENS/cases/redis-basic/log"/. log/; chmod -R u+w log
"$BIN/compare-kernels" -C log > plain.txt 2> plain.err || fail "compare-kernels failed: $(cat plain.err)"

big=log/v7.3/iter-0/redis/logs/big-clock.json
head -c $((32 << 20)) /dev/zero | tr '\0' '[' > "$big"
deep=log/v7.1.3-first/iter-0/redis/logs/deep-clock.json
head -c $((1 << 20)) /dev/zero | tr '\0' '[' > "$deep"
rc=0
(ulimit -v 1500000; exec "$BIN/compare-kernels" -C log > ours.txt 2> ours.err) || rc=$?
[ "$rc" = 0 ] || fail "compare-kernels exited $rc under ulimit -v 1500000: $(head -c 2000 ours.err)"
cmp -s plain.txt ours.txt || { diff plain.txt ours.txt | head; fail "the records changed the report"; }
grep -qx "compare-kernels: warning: log/v7.3/iter-0/redis/logs/big-clock.json: holds more than 1 MiB (the read limit); not read" ours.err ||
	fail "no warning for the 32 MiB record: $(head -c 2000 ours.err)"
grep -qx "compare-kernels: warning: v7.1.3-first/iter-0/redis/logs/deep-clock.json: JSON nested deeper than 8 levels (the clock record limit); not read" ours.err ||
	fail "no warning for the deep record: $(head -c 2000 ours.err)"
[ "$(grep -c 'clock.json' ours.err)" = 2 ] || fail "want 2 clock warnings: $(head -c 2000 ours.err)"
echo "ok: a 32 MiB and a 1 MiB-deep clock record, one warning each under ulimit -v 1500000; report unchanged"
