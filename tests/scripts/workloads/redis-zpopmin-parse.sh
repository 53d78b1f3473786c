#!/bin/bash
# redis-zpopmin logs are read by the same rules as MMTests' redis
# parse-results: run the binary against a real redis-server, then compare our
# shellpack's parse-results with MMTests' own (if /work/mmtests-src or
# $MMTESTS_SRC has it) row for row, on our logs and on real redis-benchmark
# output. Also checks the CSV shape and order, and that reply counts add up.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
OURS=$TOP/shellpacks/redis-zpopmin/parse-results
MM=${MMTESTS_SRC:-/work/mmtests-src}/shellpack_src/src/redis/parse-results

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T/tmp
mkdir -p $TMPDIR

"$BIN/redis-zpopmin" --logdir $T/logs -n 20000 --iterations 2 --min-clients 1 --max-clients 2 \
	-t ping,set,get,zadd,zpopmin,lrange_100,mset --persistence memonly > $T/out 2>&1 ||
	{ cat $T/out; fail "redis-zpopmin exited $?"; }

# CSV: header + 8 rows (ping selects 2), in suite order, every field quoted
for f in redis-1-1 redis-1-2 redis-2-1 redis-2-2; do
	[ -f $T/logs/$f.log ] || fail "$f.log missing"
	head -1 $T/logs/$f.log | grep -qx '"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"' ||
		fail "$f.log header"
	got=$(tail -n +2 $T/logs/$f.log | cut -d'"' -f2 | tr '\n' '|')
	[ "$got" = "PING_INLINE|PING_MBULK|SET|GET|ZADD|ZPOPMIN|LPUSH (needed to benchmark LRANGE)|LRANGE_100 (first 100 elements)|MSET (10 keys)|" ] ||
		fail "$f.log order: $got"
	bad=$(tail -n +2 $T/logs/$f.log | grep -Evc '^"[^"]+","[0-9]+\.[0-9]{2}"(,"[0-9]+\.[0-9]{3}"){6}$')
	[ "$bad" = 0 ] || fail "$f.log has $bad malformed rows"
done

# reply counts: real+empty+errors = replies; ZPOPMIN's real pops = ZCARD before - after
awk -F'\t' 'FNR > 1 {
	if ($3 + $4 + $5 != $2) { print "sum mismatch: " $0; bad = 1 }
	if ($1 == "ZPOPMIN" && $3 != $10 - $11) { print "zpopmin mismatch: " $0; bad = 1 }
	if ($1 == "ZPOPMIN") zp = 1
} END { exit bad || !zp }' $T/logs/replies-*.log || fail "reply counts do not add up"

# our parse-results (RPS, higher is better) plus parse-results-latency (lower
# is better) == MMTests' redis parse-results, which prints both in one report
ours() {	# ours DIR: both reports merged back into MMTests' order
	"$OURS" "$1" > $T/rps.tsv && "$OURS-latency" "$1" > $T/lat.tsv || fail "parse-results failed on $1"
	grep -qv -- '-RPS	' $T/rps.tsv && fail "non-RPS rows in the main report of $1"
	grep -q -- '-RPS	' $T/lat.tsv && fail "RPS rows in the latency report of $1"
	cat $T/rps.tsv $T/lat.tsv | sort -k1,1 -k2,2n -k4,4n	# as parse-results sorts
}
ours $T/logs > $T/ours.tsv
[ $(wc -l < $T/ours.tsv) -eq $((4 * 9 * 6)) ] || fail "expected 216 rows, got $(wc -l < $T/ours.tsv)"
[ $(wc -l < $T/rps.tsv) -eq $((4 * 9)) ] || fail "expected 36 RPS rows, got $(wc -l < $T/rps.tsv)"
if [ -x "$MM" ]; then
	"$MM" $T/logs > $T/mm.tsv || fail "MMTests parse-results failed"
	diff $T/mm.tsv $T/ours.tsv || fail "rows differ from MMTests' redis parse-results"
	echo "identical to $MM ($(wc -l < $T/ours.tsv) rows)"
	# and on real redis-benchmark output
	if command -v redis-benchmark >/dev/null; then
		mkdir $T/rb
		P=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
		redis-server --port $P --bind 127.0.0.1 --save "" --appendonly no --dir $T/rb --daemonize no --logfile $T/rb/log &
		RS=$!
		for i in $(seq 50); do redis-cli -p $P ping >/dev/null 2>&1 && break; sleep 0.1; done
		redis-benchmark -p $P --csv -c 1 -r 1000 -n 2000 -P 16 -t get,zadd,zpopmin,lrange_100 > $T/rb/redis-1-1.log 2>&1
		kill $RS; wait $RS
		"$MM" $T/rb > $T/rbmm.tsv; ours $T/rb > $T/rbours.tsv
		diff $T/rbmm.tsv $T/rbours.tsv || fail "rows differ on redis-benchmark output"
		[ -s $T/rbours.tsv ] || fail "no rows from redis-benchmark output"
	fi
else
	echo "MMTests parse-results not found; checked our rows only"
fi
# --pop-mode filled: every timed ZPOPMIN removes a member, the title says so,
# and MMTests' parser still calls it ZPOPMIN
"$BIN/redis-zpopmin" --logdir $T/filled -n 5000 --iterations 1 -c 2 -t zadd,zpopmin --pop-mode filled \
	--persistence memonly > $T/filled.out 2>&1 || { cat $T/filled.out; fail "filled run failed"; }
grep -q '^"ZPOPMIN (set kept filled)",' $T/filled/redis-2-1.log || fail "filled: title"
awk -F'\t' '$1 ~ /^ZPOPMIN/ { found = 1; if ($4 != 0 || $3 != $10 - $11) bad = 1 } END { exit bad || !found }' \
	$T/filled/replies-2-1.log || fail "filled: empty pops or counts: $(cat $T/filled/replies-2-1.log)"
"$OURS" $T/filled | grep -q '^ZPOPMIN-RPS	2	_	1	' || fail "filled: parse-results row"

for out in $T/out $T/filled.out; do
	SP=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' $out)
	[ -n "$SP" ] || fail "no server pid in $out"
	kill -0 $SP 2>/dev/null && fail "redis-server $SP is left"
done
[ -z "$(ls -A $TMPDIR)" ] || fail "temp files left: $(ls $TMPDIR)"
echo ok
