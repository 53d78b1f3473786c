#!/bin/bash
# build/bin/run-config CONFIG RUNNAME writes a well-formed MMTests tree:
# tests-timestamp and tests-activity in run-mmtests.sh's format, the
# mitigation snapshot, the bench's logs; refuses to overwrite a run; a
# failing bench makes it exit non-zero with /usr/bin/time's status line.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T/tmp
mkdir -p $TMPDIR
cd $T

"$BIN/run-config" "$TOP/configs/config-memdb-redis-zpopmin-quick" Q1 > q1.out 2>&1 || { cat q1.out; fail "run-config failed"; }
I=work/log/Q1/iter-0
for f in tests-timestamp tests-activity cpu-vulnerabilities.txt cmdline.txt microcode.txt speculation-prctl.txt \
	redis-zpopmin/logs/redis-1-1.log redis-zpopmin/logs/redis-1-2.log redis-zpopmin/logs/replies-1-2.log \
	redis-zpopmin/logs/redis-server.log; do
	[ -s $I/$f ] || fail "$I/$f missing or empty"
done
E='[0-9]+'
awk -v e="$E" '
	NR == 1 && $0 !~ "^start :: " e "$" { bad = 1 }
	NR == 2 && $0 !~ "^test begin :: redis-zpopmin " e "$" { bad = 1 }
	NR == 3 && $0 !~ "^test end :: redis-zpopmin " e " 0$" { bad = 1 }
	NR == 4 && $0 !~ "^time :: redis-zpopmin [0-9]+\\.[0-9][0-9] user [0-9]+\\.[0-9][0-9] system [0-9]+\\.[0-9][0-9] elapsed$" { bad = 1 }
	NR == 5 && $0 !~ "^finish :: " e "$" { bad = 1 }
	END { exit bad || NR != 5 }' $I/tests-timestamp || fail "tests-timestamp: $(cat $I/tests-timestamp)"
awk '{ sub(/^[0-9]+ /, "") } { print }' $I/tests-activity | sed -E 's/ [0-9]{9,}/ T/g' > act
printf '%s\n' "run-mmtests: Start" "run-mmtests: Iteration 1 start" "run-mmtests: test start :: redis-zpopmin T" \
	"run-mmtests: test end :: redis-zpopmin T 0" "run-mmtests: Iteration 1 end" "run-mmtests: End" > want
diff want act || fail "tests-activity"
grep -q '^spectre_v2: ' $I/cpu-vulnerabilities.txt || fail "no spectre_v2 line"
grep -Eq '^indirect_branch: ' $I/speculation-prctl.txt || fail "speculation-prctl.txt"
"$TOP/shellpacks/redis-zpopmin/parse-results" $I/redis-zpopmin/logs | grep -q "^ZPOPMIN-RPS	1	_	2	" || fail "parse-results rows"

# refuses to overwrite
"$BIN/run-config" "$TOP/configs/config-memdb-redis-zpopmin-quick" Q1 > again.out 2>&1 && fail "overwrote Q1"
grep -q "already exists" again.out || fail "overwrite message: $(cat again.out)"

# a failing bench: non-zero exit and MMTests' failure lines
sed 's|^export REDIS_ZPOPMIN_TESTS=.*|&\nexport REDIS_ZPOPMIN_SERVER_BIN=/nonexistent/redis-server|' \
	"$TOP/configs/config-memdb-redis-zpopmin-quick" > config-bad
"$BIN/run-config" config-bad BAD --work-dir w2 > bad.out 2>&1 && fail "failing bench: exit 0"
grep -Eq '^test end :: redis-zpopmin [0-9]+ [1-9][0-9]*$' w2/log/BAD/iter-0/tests-timestamp || fail "BAD test end"
grep -q '^Command exited with non-zero status ' w2/log/BAD/iter-0/tests-timestamp || fail "BAD status line"
grep -q '^finish :: ' w2/log/BAD/iter-0/tests-timestamp || fail "BAD finish"

# SIGINT: the bench is stopped and cleans up, the tree is still closed
sed 's/REDIS_ZPOPMIN_REQUESTS=.*/REDIS_ZPOPMIN_REQUESTS=2000000/; s/ITERATIONS=.*/ITERATIONS=50/' \
	"$TOP/configs/config-memdb-redis-zpopmin-quick" > config-long
"$BIN/run-config" config-long INT --work-dir w3 > int.out 2>&1 &
R=$!
for i in $(seq 100); do grep -q "^iteration 1/" int.out && break; sleep 0.05; done
sleep 0.3
kill -INT $R
wait $R
rc=$?
[ $rc -eq 130 ] || fail "SIGINT: run-config exit $rc: $(cat int.out)"
SP=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' int.out)
[ -n "$SP" ] && kill -0 $SP 2>/dev/null && fail "SIGINT: redis-server $SP left"
# recorded as run-mmtests.sh records a stopped bench (255), plus the interrupted mark
grep -Eq '^test end :: redis-zpopmin [0-9]+ 255$' w3/log/INT/iter-0/tests-timestamp || fail "SIGINT: test end line"
grep -Eq '^interrupted :: redis-zpopmin [0-9]+ 2$' w3/log/INT/iter-0/tests-timestamp || fail "SIGINT: interrupted mark"
grep -q '^finish :: ' w3/log/INT/iter-0/tests-timestamp || fail "SIGINT: finish line"
[ -z "$(ls -A $TMPDIR)" ] || fail "temp files left: $(ls $TMPDIR)"
echo ok
