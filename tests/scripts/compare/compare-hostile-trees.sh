#!/bin/bash
# compare-hostile-trees.sh - a colleague's log tree is untrusted input (issue
# 14). Hostile trees are built here from the redis golden case; both compare
# tools run on them under timeout and must finish, say what they refused in
# one line each, keep the rest of the report, and never run code from the tree.
set -euo pipefail
: "${BIN:?}" "${TOP:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
limit=60  # seconds any run may take; the tools used to hang forever
run() {  # run OUT ERR CMD...: status in $rc; a hang is a failure
	local out=$1 err=$2; shift 2
	rc=0; timeout "$limit" "$@" > "$out" 2> "$err" || rc=$?
	[[ $rc -ne 124 ]] || fail "hung: $*"
	return 0
}
one_line() {  # one_line FILE PATTERN: exactly one stderr line matches
	local n; n=$(grep -c -- "$2" "$1" || true)
	[[ $n -eq 1 ]] || { cat "$1"; fail "expected one line matching '$2' in $1, got $n"; }
}
json_ok() { python3 -c 'import json,sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$1" || fail "$1 is not valid UTF-8 JSON"; }
golden=$GOLDENS/cases/redis-basic/log
cp -a "$golden" clean; chmod -R u+w clean
runs=(--baseline v7.1.3-first --compare v7.3)

# 1. Code execution: an MMTests checkout with the log tree inside it (as
#    work/log is), whose tests-activity names a benchmark climbing into the
#    tree, where a parse-results is waiting.
mkdir -p mm/shellpack_src/src mm/work
cp -a clean mm/work/log
pwn=mm/work/log/v7.1.3-first/iter-0/pwn
mkdir -p "$pwn"
cp "$TOP/tests/fixtures/mmtests-replay/shellpack_src/src/tbench/shellpack.yaml" "$pwn/shellpack.yaml"
printf '#!/bin/sh\ntouch %s/PWNED\n' "$PWD" > "$pwn/parse-results"; chmod +x "$pwn/parse-results"
printf '1764460100 run-mmtests: Start\n1764460101 run-mmtests: test start :: ../../work/log/v7.1.3-first/iter-0/pwn 1\n1764460102 run-mmtests: test start :: redis 2\n' \
	> mm/work/log/v7.1.3-first/iter-0/tests-activity
run report.txt err.txt "$BIN/compare-kernels" -C mm/work/log --mmtests-dir mm "${runs[@]}" --json-export report.json
[[ ! -e PWNED ]] || fail "compare-kernels ran a parse-results from the log tree"
[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-kernels exit $rc"; }
one_line err.txt "benchmark name '../../work/log/v7.1.3-first/iter-0/pwn' is not a plain name"
grep -q '^redis RPS$' report.txt || fail "the redis section is missing"
json_ok report.json
printf '[{"_ModuleName":"Extract../../work/log/v7.1.3-first/iter-0/pwn","_TestName":"a","_ResultData":{"op":[{"Values":[1],"SampleNrs":[1]}]}}]' > pwn.json
run out.txt err.txt "$BIN/compare-mmtests" --from-json pwn.json --mmtests-dir mm
[[ ! -e PWNED && $rc -eq 1 && $(wc -l < err.txt) -eq 1 ]] || fail "--from-json with a path as _ModuleName: rc $rc, $(cat err.txt)"
echo "ok: names from the tree never reach a parse-results outside shellpack_src"

# 5. Lines that crashed parsers: an ibpb-pulse line without "cpu", a cpu of
#    300k digits, a 40k-character time line, a 100k-character redis test name.
for r in a b; do
	mkdir -p ibpb/$r/iter-0/ibpb-pulse/logs
	{ printf '{"after":3}\n{"cpu":'; head -c 300000 /dev/zero | tr '\0' 7; printf ',"after":9}\n{"cpu":0,"after":9}\n'; } \
		> ibpb/$r/iter-0/ibpb-pulse/logs/ibpb-pulse.json
	{ printf 'start :: 1\ntest begin :: ibpb-pulse 1\ntime :: ibpb-pulse '; head -c 40000 /dev/zero | tr '\0' ' '; printf '\n'; } \
		> ibpb/$r/iter-0/tests-timestamp
done
run out.txt err.txt "$BIN/compare-mmtests" -d ibpb -b ibpb-pulse -n a,b
[[ $rc -eq 0 ]] || { cat err.txt; fail "ibpb-pulse: exit $rc"; }
grep -q 'cpus-pulsed' out.txt || fail "ibpb-pulse table incomplete"
run out.txt err.txt "$BIN/compare-mmtests" -d ibpb -b ibpb-pulse -n a,b --print-monitor duration
[[ $rc -eq 0 ]] || { cat err.txt; fail "duration of a 40k-character time line: exit $rc"; }
run out.txt err.txt "$BIN/compare-kernels" -C ibpb
[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-kernels on the ibpb tree: exit $rc"; }
cp -a clean longname
{ head -c 100000 /dev/zero | tr '\0' A; printf ' (x)","1","1","1","1","1","1","1"\n'; } | sed 's/^/"/' \
	>> longname/v7.3/iter-0/redis/logs/redis-1-1.log
run out.txt err.txt "$BIN/compare-kernels" -C longname "${runs[@]}"
[[ $rc -eq 0 ]] || { cat err.txt; fail "a 100k-character redis test name: exit $rc"; }
echo "ok: long lines and a line without \"cpu\" are parsed, not crashed on"

# 6. Bytes that are not UTF-8: a run named é (the header cuts it in two),
#    0xB5 in cmdline.txt, a corrupt .gz log. The report completes; its JSON
#    is valid, with U+FFFD for the bad bytes.
cp -a clean utf8
mv utf8/v7.3 utf8/$'\xc3\xa9'
printf 'BOOT_IMAGE=/vmlinuz \xb5\n' > utf8/v7.1.3-first/iter-0/cmdline.txt
printf '\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xde\xad\xbe\xef garbage' > utf8/v7.1.3-return/iter-0/redis/logs/redis-1-1.log.gz
run report.txt err.txt "$BIN/compare-kernels" -C utf8 --json-export report.json
[[ $rc -eq 0 ]] || { cat err.txt; fail "a corrupt .gz log costs only its run's cells, and the report goes on: exit $rc"; }
grep -q '^redis RPS$' report.txt || fail "a corrupt .gz in one run dropped the redis tables"
one_line err.txt 'redis-1-1.log.gz: corrupt gzip data'
one_line err.txt 'invalid UTF-8 .*replaced by U+FFFD'
grep -q '^cmdline' report.txt || fail "the machine-state section is missing"
json_ok report.json
grep -q $'\xef\xbf\xbd' report.json || fail "no U+FFFD in the JSON"
cp -a clean utf8mm
mv utf8mm/v7.3 utf8mm/$'v7\xb5'
run out.txt err.txt "$BIN/compare-mmtests" -d utf8mm -b redis -n v7.1.3-first,$'v7\xb5' --json-export
[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-mmtests --json-export with a non-UTF-8 run name: exit $rc"; }
[[ -s utf8mm/redis.json.zst ]] || fail "no redis.json.zst for a non-UTF-8 run name"
echo "ok: bad bytes are replaced in the JSON, a corrupt .gz costs only its run's cells"

# 8. A symlink loop in the tree, an unreadable cpu-vulnerabilities.txt.
cp -a clean loop
ln -s loop loop/loop
mkdir loop/v7.3/iter-0/cpu-vulnerabilities.txt
run report.txt err.txt "$BIN/compare-kernels" -C loop
[[ $rc -eq 0 ]] || { cat err.txt; fail "symlink loop / unreadable snapshot: exit $rc"; }
one_line err.txt 'loop/loop: Too many levels of symbolic links; skipped'
one_line err.txt 'cpu-vulnerabilities.txt: a directory, not a regular file; not read'
grep -q '^redis RPS$' report.txt || fail "the redis section is missing"
echo "ok: a symlink loop and an unreadable snapshot are skipped with a warning"

# 9. A FIFO as tests-activity, as a log and as --from-json; /dev/zero as a
#    log (plain, .gz, .xz); a gzip bomb (20 members of 64 MiB of zeros); a
#    2 MiB line; a zstd header claiming 1.5 GB. No hang, bounded memory.
cp -a clean fifo
mkfifo fifo/v7.3/iter-0/tests-activity fifo/v7.1.3-first/iter-0/redis/logs/redis-1-1.log.xz fifo.json
run report.txt err.txt "$BIN/compare-kernels" -C fifo --baseline v7.3 --compare v7.1.3-first  # v7.3 read twice, warned once
[[ $rc -eq 0 ]] || { cat err.txt; fail "a FIFO as a log fails only the redis tables, and the report goes on: exit $rc"; }
one_line err.txt 'v7.3/iter-0/tests-activity: a FIFO, not a regular file; not read'
one_line err.txt 'redis-1-1.log.xz: a FIFO, not a regular file; not read'
run out.txt err.txt "$BIN/compare-mmtests" --from-json fifo.json
[[ $rc -eq 1 && $(wc -l < err.txt) -eq 1 ]] && grep -q 'a FIFO' err.txt || fail "--from-json FIFO: rc $rc, $(cat err.txt)"
for suffix in "" .gz .xz; do
	cp -a clean zero; rm zero/v7.3/iter-0/redis/logs/redis-2-1.log
	ln -s /dev/zero zero/v7.3/iter-0/redis/logs/redis-2-1.log$suffix
	run out.txt err.txt "$BIN/compare-mmtests" -d zero -b redis -n v7.1.3-first,v7.3
	[[ $rc -eq 0 && $(grep -c 'a character device, not a regular file' err.txt) -eq 1 ]] ||
		fail "/dev/zero as redis-2-1.log$suffix: rc $rc, $(cat err.txt)"
	rm -rf zero
done
cp -a clean bomb; rm bomb/v7.3/iter-0/redis/logs/redis-2-1.log
head -c 64M /dev/zero | gzip -1 > member.gz
for i in $(seq 20); do cat member.gz; done > bomb/v7.3/iter-0/redis/logs/redis-2-1.log.gz
rc=0; timeout "$limit" /usr/bin/time -f '%M' -o rss.txt "$BIN/compare-mmtests" -d bomb -b redis -n v7.1.3-first,v7.3 \
	> out.txt 2> err.txt || rc=$?
[[ $rc -eq 0 ]] && grep -q 'decompresses to more than 256 MiB (the read limit)' err.txt || fail "gzip bomb: rc $rc, $(cat err.txt)"
[[ $(tail -1 rss.txt) -lt 700000 ]] || fail "gzip bomb took $(tail -1 rss.txt) KiB"
cp -a clean long; { head -c 2M /dev/zero | tr '\0' x; echo; } >> long/v7.3/iter-0/redis/logs/redis-2-1.log
run out.txt err.txt "$BIN/compare-mmtests" -d long -b redis -n v7.1.3-first,v7.3
[[ $rc -eq 0 ]] && grep -q 'redis-2-1.log:5: line longer than 1 MiB (the read limit)' err.txt || fail "2 MiB line: rc $rc, $(cat err.txt)"
printf '\x28\xb5\x2f\xfd\xa4\x00\x00\x69\x59\x00\x00\x00\x00\x00\x00\x00' > big.json.zst
rc=0; timeout "$limit" /usr/bin/time -f '%M' -o rss.txt "$BIN/compare-mmtests" --from-json big.json.zst > out.txt 2> err.txt || rc=$?
[[ $rc -eq 1 ]] && grep -q 'zstd frame declares 1500053504 bytes' err.txt || fail "zstd header: rc $rc, $(cat err.txt)"
[[ $(tail -1 rss.txt) -lt 100000 ]] || fail "a 16-byte zstd header took $(tail -1 rss.txt) KiB"
echo "ok: FIFOs, /dev/zero, a gzip bomb, a long line and a lying zstd header are refused in bounded time and memory"
