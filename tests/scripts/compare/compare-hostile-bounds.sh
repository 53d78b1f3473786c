#!/bin/bash
# compare-hostile-bounds.sh - issue 23: a mailed tree cannot crash, exhaust
# or fool compare-mmtests and compare-kernels. Each case is built here from
# the redis golden tree; every run is under `ulimit -v 4000000` and a hang
# limit, and must end in a report with warnings (or, for a refused
# --from-json, one line naming the file), never a crash, an out-of-memory or
# a raw ESC from the tree on stdout, stderr or in the report.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
limit=60  # seconds: a hang, not a speed target
run() {  # run OUT ERR CMD...: status in $rc, peak RSS (KiB) in $rss
	local out=$1 err=$2; shift 2
	rc=0
	(ulimit -v 4000000; timeout "$limit" /usr/bin/time -f '%M' -o rss.txt "$@") > "$out" 2> "$err" || rc=$?
	[[ $rc -ne 124 ]] || fail "hung: $*"
	[[ $rc -lt 128 ]] || { cat "$err"; fail "killed by signal $((rc - 128)): $*"; }
	rss=$(tail -1 rss.txt)
	grep -v '^Command exited with non-zero status' "$err" > err.clean || true
	mv err.clean "$err"
	return 0
}
has() { grep -q -- "$2" "$1" || { cat "$1"; fail "no line matching '$2' in $1"; }; }
no_esc() {  # no raw ESC (nor C1 CSI) in any of the files
	local f
	for f in "$@"; do
		! LC_ALL=C grep -q $'\x1b\|\xc2\x9b' "$f" || { cat -v "$f" | grep -m3 '\^\[' ; fail "a raw ESC from the tree in $f"; }
	done
}
golden=$GOLDENS/cases/redis-basic/log
cp -a "$golden" clean; chmod -R u+w clean
runs=(--baseline v7.1.3-first --compare v7.3)
vm=clean/v7.3/iter-0/vmstat-redis

# 1. Chart values a denormal apart: every vmstat column is 0 and 4.9e-324 in
#    turn in all three runs of the monitor golden tree (the tick code returned
#    no ticks and the chart took the first: compare-kernels --format html
#    segfaulted). The redis tree has no tests-sysstate, so the binaries before
#    issue 23 drew no vmstat chart from it and the case did not reach them.
case_denormal() {
	cp -a "$GOLDENS/monitors/monitors-basic/log" denorm; chmod -R u+w denorm
	local r f
	for r in base-first patched base-return; do
		f=denorm/$r/iter-0/vmstat-monitor.gz
		zcat "$f" | awk '/procs|swpd/ { print; next } { n++; v = n % 2 ? "0" : "4.9e-324"; for (i = 5; i <= NF; i++) $i = v; print }' |
			gzip > "$f.new"
		mv "$f.new" "$f"
	done
	grep -q ' 4.9e-324 4.9e-324 ' <(zcat denorm/patched/iter-0/vmstat-monitor.gz) || fail "the denormal tree was not built"
	run out.html err.txt "$BIN/compare-kernels" -C denorm --format html
	[[ $rc -eq 0 ]] || { cat err.txt; fail "a denormal vmstat range: exit $rc"; }
	grep -q 'class="monitor-chart"' out.html || fail "no monitor charts in the HTML report"
	echo "ok: chart values a denormal apart are drawn"
}

# 2. A 60 kB operation name and a user regex over it (std::regex recursed
#    once per character and overflowed the stack).
case_long_name() {
	cp -a clean longop
	{ printf '"'; head -c 60000 /dev/zero | tr '\0' A; printf '","1","1","1","1","1","1","1"\n'; } \
		>> longop/v7.3/iter-0/redis/logs/redis-1-1.log
	run out.txt err.txt "$BIN/compare-mmtests" -d longop -b redis -n v7.1.3-first,v7.3 --sub-heading '[A-Z]+'
	[[ $rc -eq 0 ]] || { cat err.txt; fail "--sub-heading '[A-Z]+' over a 60 kB name: exit $rc"; }
	has err.txt 'compare-mmtests: warning: run v7.3: 6 rows whose operation name is longer than 1024 bytes (the name limit); left out'
	run out.txt err.txt "$BIN/compare-kernels" -C longop "${runs[@]}" --verdict aba --metric '.*RPS'
	[[ $rc -eq 0 ]] || { cat err.txt; fail "--metric '.*RPS' over a 60 kB name: exit $rc"; }
	has err.txt 'compare-kernels: warning: run v7.3: 6 rows whose operation name is longer than 1024 bytes'
	! grep -q 'compare-mmtests' err.txt || { cat err.txt; fail "compare-kernels warns under compare-mmtests' name"; }
	echo "ok: names over the 1 KiB limit are left out with a warning before a regex sees them"
}

# 3. --print-monitor numaconvergence on one counter step of 10^17 faults
#    (10^15 window pushes: the Perl never finishes).
case_numa_step() {
	cp -a clean numa
	for r in v7.1.3-first v7.3; do
		printf 'time: 1\nnuma_hint_faults 100\nnuma_hint_faults_local 50\ntime: 2\nnuma_hint_faults 100000000000000100\nnuma_hint_faults_local 60\ntime: 3\n' \
			> numa/$r/iter-0/proc-vmstat-redis
	done
	run out.txt err.txt "$BIN/compare-mmtests" -d numa -b redis -n v7.1.3-first,v7.3 --print-monitor numaconvergence
	[[ $rc -eq 0 ]] || { cat err.txt; fail "numaconvergence on a 10^17 step: exit $rc"; }
	echo "ok: a huge NUMA counter step costs two windows of work"
}

# 4. Work bounded, not only bytes: a 9 KB tests-timestamp.gz of 9 MiB of
#    newlines (over the 8 Mi line limit, far under the 256 MiB byte limit,
#    so only the line limit can stop it: unbounded, its lines cost 300 MB;
#    256 MiB of them, as before, cost 8 s a read here and it is read four
#    times), a 1 MiB redis log of empty lines.
case_newline_logs() {
	cp -a clean nl
	for r in v7.1.3-first v7.3 v7.1.3-return; do  # found by tests-activity, as a real tree's runs are
		printf '1764460100 run-mmtests: Start\n1764460101 run-mmtests: test start :: redis 1\n' > nl/$r/iter-0/tests-activity
	done
	head -c $((9 << 20)) /dev/zero | tr '\0' '\n' | gzip -9 > nl/v7.3/iter-0/tests-timestamp.gz
	rm nl/v7.3/iter-0/tests-timestamp
	run report.txt err.txt "$BIN/compare-kernels" -C nl --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return
	[[ $rc -eq 0 ]] || { cat err.txt; fail "a tests-timestamp.gz of newlines: exit $rc (RSS $rss KiB)"; }
	has err.txt 'tests-timestamp.gz: more than 8388608 lines (the read limit); not read'
	[[ $rss -lt 150000 ]] || fail "a tests-timestamp.gz of 9 MiB of newlines took $rss KiB"
	grep -q '^redis RPS$' report.txt || fail "the redis section is missing"
	cp -a clean blank
	head -c 1048576 /dev/zero | tr '\0' '\n' > blank/v7.3/iter-0/redis/logs/redis-2-1.log
	run out.txt err.txt "$BIN/compare-mmtests" -d blank -b redis -n v7.1.3-first,v7.3
	[[ $rc -eq 0 ]] || { cat err.txt; fail "a redis log of 1 MiB empty lines: exit $rc"; }
	has err.txt 'redis-2-1.log: more than 65536 lines, not a redis-benchmark --csv log (the row limit); not read'
	[[ $rss -lt 300000 ]] || fail "a redis log of 1 MiB empty lines took $rss KiB"
	echo "ok: a log of newlines costs one warning, not gigabytes"
}

# 5. --from-json: 8 KB of zstd holding 256 MiB of '[', wrongly typed values,
#    and 4 MB of many operations beside one long array.
case_from_json() {
	head -c 268435455 /dev/zero | tr '\0' '[' | zstd -q -19 > deep.json.zst
	run out.txt err.txt "$BIN/compare-mmtests" --from-json deep.json.zst
	[[ $rc -eq 1 && $(wc -l < err.txt) -eq 1 ]] || { cat err.txt; fail "--from-json of '[' x 256 MiB: exit $rc"; }
	has err.txt 'deep.json.zst: JSON nested deeper than 64 levels (the import limit); not read'
	[[ $rss -lt 400000 ]] || fail "--from-json of '[' x 256 MiB took $rss KiB"
	printf '[{"_ModuleName":"ExtractRedis","_TestName":"a","_ResultData":{"op":[{"Values":"x","SampleNrs":[1]}]}},{"_ModuleName":{},"_ResultData":[]}]' > typed.json
	run out.txt err.txt "$BIN/compare-mmtests" --from-json typed.json
	[[ $rc -eq 1 && $(wc -l < err.txt) -eq 1 ]] || { cat err.txt; fail "wrongly typed --from-json: exit $rc"; }
	has err.txt '^compare-mmtests: typed.json: '
	! grep -q 'internal error\|json.exception' err.txt || { cat err.txt; fail "a raw library error for wrongly typed JSON"; }
	python3 - <<-'EOF'
	import json
	ops = {"op%06d" % i: [{"Values": [1], "SampleNrs": [1]}] for i in range(20000)}
	ops["long"] = [{"Values": [2], "SampleNrs": [1]}] * 20000
	mods = [{"_ModuleName": "ExtractRedis", "_TestName": t, "_ResultData": ops} for t in ("a", "b")]
	json.dump(mods, open("wide.json", "w"))
	EOF
	run out.txt err.txt "$BIN/compare-mmtests" --from-json wide.json
	[[ $rc -eq 0 ]] || { tail -3 err.txt; fail "--from-json with 20000 operations beside a 20000-long array: exit $rc"; }
	echo "ok: --from-json is bounded in depth and values, typed errors are one line, work follows the values"
}

# 6. Terminal escapes from the tree: a run directory, benchmark names in
#    tests-activity, a newline in a run name, _TestName from --from-json.
case_escapes() {
	cp -a clean esc
	mv esc/v7.3 esc/$'x\e]0;PWNED\a\e[2K'
	mkdir -p esc/$'nl\nforged row'; cp -a clean/v7.1.3-return/iter-0 esc/$'nl\nforged row'/
	printf '1764460100 run-mmtests: Start\n1764460101 run-mmtests: test start :: \e]52;c;cHduZWQ=\a\e[2K 1\n1764460102 run-mmtests: test start :: redis 2\n' \
		> esc/v7.1.3-first/iter-0/tests-activity
	run report.txt err.txt "$BIN/compare-kernels" -C esc
	[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-kernels on a tree of escapes: exit $rc"; }
	grep -q 'x\\e\]0;PWNED\\x07\\e\[2K' report.txt err.txt || { cat err.txt; fail "the run name is not shown escaped"; }
	run report.html err.txt "$BIN/compare-kernels" -C esc --format html --output-dir html
	[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-kernels --format html on a tree of escapes: exit $rc"; }
	no_esc report.txt err.txt html/index.html
	! grep -q '^forged row' report.txt err.txt || fail "a newline in a run directory's name forged a line"
	run out.txt err.txt "$BIN/compare-mmtests" -d esc -b redis -n v7.1.3-first,$'x\e]0;PWNED\a\e[2K'
	[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-mmtests with an escape in a run name: exit $rc"; }
	no_esc out.txt err.txt
	printf '[{"_ModuleName":"ExtractRedis","_TestName":"a\\u001b]0;PWNED\\u0007\\nforged","_ResultData":{"op":[{"Values":[1,2],"SampleNrs":[1,2]}]}},{"_ModuleName":"ExtractRedis","_TestName":"b","_ResultData":{"op":[{"Values":[1,3],"SampleNrs":[1,2]}]}}]' > esc.json
	run out.txt err.txt "$BIN/compare-mmtests" --from-json esc.json
	[[ $rc -eq 0 ]] || { cat err.txt; fail "--from-json with an escape in _TestName: exit $rc"; }
	no_esc out.txt err.txt
	! grep -q '^forged' out.txt || fail "a newline in _TestName forged a line"
	echo "ok: no raw ESC from the tree reaches stdout, stderr or the report"
}

# 7. Secrets: a link out of the tree (to /etc/passwd, standing in for
#    /etc/shadow) is refused unless --follow-outside-links.
case_outside_links() {
	cp -a clean secret
	ln -s /etc/passwd secret/v7.3/iter-0/cmdline.txt
	ln -s /etc/passwd secret/v7.3/iter-0/redis/logs/redis-4-1.log.xz 2>/dev/null || true
	rm secret/v7.3/iter-0/redis/logs/redis-4-1.log
	run report.html err.txt "$BIN/compare-kernels" -C secret "${runs[@]}" --format html
	[[ $rc -eq 0 ]] || { cat err.txt; fail "a link to /etc/passwd: exit $rc"; }
	has err.txt 'cmdline.txt: a link out of the tree (to /etc/passwd); not read (--follow-outside-links reads it)'
	! grep -q 'root:x:0:0' report.html || fail "/etc/passwd is in the report"
	run report.html err.txt "$BIN/compare-kernels" -C secret "${runs[@]}" --format html --follow-outside-links
	grep -q 'root:x:0:0' report.html || fail "--follow-outside-links did not read the link"
	run out.txt err.txt "$BIN/compare-mmtests" -d secret -b redis -n v7.1.3-first,v7.3
	[[ $rc -eq 0 ]] || { cat err.txt; fail "compare-mmtests with a link out of the tree: exit $rc"; }
	has err.txt 'redis-4-1.log.xz: a link out of the tree'
	echo "ok: links out of the tree are refused with a warning"
}

# 8. --output-dir: a FIFO report.md5 (compare-kernels hung on it), a
#    /dev/zero link there, and --output-file report.md5 (the report was lost).
case_output_dir() {
	mkdir out1 out2
	mkfifo out1/report.md5
	run o.txt err.txt "$BIN/compare-kernels" -C clean "${runs[@]}" --output-dir out1 --output-file report.txt
	[[ $rc -eq 0 && -s out1/report.txt ]] || { cat err.txt; fail "a FIFO report.md5: exit $rc"; }
	has err.txt 'report.md5: a FIFO, not a regular file; not read; the report is rebuilt'
	ln -s /dev/zero out2/report.md5
	run o.txt err.txt "$BIN/compare-kernels" -C clean "${runs[@]}" --output-dir out2 --output-file report.txt
	[[ $rc -eq 0 && -s out2/report.txt ]] || { cat err.txt; fail "/dev/zero as report.md5: exit $rc"; }
	# (a read without bound ends in bad_alloc under the ulimit, and the report
	# was rebuilt anyway: the peak RSS, gigabytes then, is what shows it)
	[[ $rss -lt 300000 ]] || fail "/dev/zero as report.md5 was read without bound: $rss KiB"
	run o.txt err.txt "$BIN/compare-kernels" -C clean "${runs[@]}" --output-dir out2 --output-file report.md5
	[[ $rc -eq 2 && $(wc -l < err.txt) -eq 1 ]] || { cat err.txt; fail "--output-file report.md5: exit $rc"; }
	has err.txt '^compare-kernels: --output-file report.md5: '
	echo "ok: --output-dir is never read through a FIFO or device, and report.md5 is not a report name"
}

# 9. One truncated .gz in one run costs that run's cells, not the benchmark.
case_truncated_gz() {
	cp -a clean trunc
	gzip -c clean/v7.3/iter-0/redis/logs/redis-1-1.log | head -c 40 > trunc/v7.3/iter-0/redis/logs/redis-1-1.log.gz
	rm trunc/v7.3/iter-0/redis/logs/redis-1-1.log
	run out.txt err.txt "$BIN/compare-mmtests" -d trunc -b redis -n v7.1.3-first,v7.3,v7.1.3-return
	[[ $rc -eq 0 ]] || { cat err.txt; fail "a truncated .gz in one run: exit $rc"; }
	has err.txt 'redis-1-1.log.gz: corrupt gzip data'
	grep -q ' return$' out.txt || fail "the other runs are missing from the table"
	run report.txt err.txt "$BIN/compare-kernels" -C trunc "${runs[@]}"
	[[ $rc -eq 0 ]] && grep -q '^redis RPS$' report.txt || { cat err.txt; fail "a truncated .gz dropped the redis section"; }
	echo "ok: a bad file costs its run's cells"
}

# 11. Warnings are capped: a tree of 150 run directories with a control
#     character in their names gives 150 warnings; 100 are shown, then one
#     last line counts the rest (they used to bury the report's stderr).
case_warning_cap() {
	cp -a clean many
	local i
	for i in $(seq 150); do
		mkdir -p many/$'bad\x01'$i/iter-0
		printf '1764460100 run-mmtests: Start\n' > many/$'bad\x01'$i/iter-0/tests-activity
	done
	run report.txt err.txt "$BIN/compare-kernels" -C many "${runs[@]}"
	[[ $rc -eq 0 ]] && grep -q '^redis RPS$' report.txt || { tail -3 err.txt; fail "150 warnings: exit $rc, or no report"; }
	local shown hidden
	shown=$(grep -c '^compare-kernels: warning: ' err.txt || true)
	[[ $shown -eq 101 ]] || fail "$shown warning lines, want 100 and the summary"
	hidden=$(tail -1 err.txt | sed -n 's/^compare-kernels: warning: \([0-9]*\) more warnings not shown (the first 100 are above)$/\1/p')
	[[ -n $hidden && $hidden -ge 50 ]] || fail "the last line does not count the hidden warnings: $(tail -1 err.txt)"
	echo "ok: 100 warnings shown, then '$(tail -1 err.txt)'"
}

# 10. Every tree above through both tools, the same way: under the ulimit,
#     compare-mmtests on all of the tree's runs and compare-kernels -C (text
#     and HTML) end with exit 0 and a report, warn where the tool reads the
#     hostile file, and no output holds a raw ESC from the tree.
case_every_tree() {
	local t d names ck_rc mm_rc
	local -A extra=([denorm]="--print-monitor vmstat" [numa]="--print-monitor numaconvergence")
	local -A bench=([denorm]=monitor)
	local warns_mm=" longop blank secret trunc " warns_ck=" longop nl blank esc secret trunc "
	for t in denorm longop numa nl blank esc secret trunc; do
		[[ -d $t ]] || fail "tree $t was not built (its case did not run)"
		names=
		for d in "$t"/*/; do d=${d%/}; names+=${names:+,}${d#"$t"/}; done
		# shellcheck disable=SC2086
		run mm.out mm.err "$BIN/compare-mmtests" -d "$t" -b "${bench[$t]:-redis}" -n "$names" ${extra[$t]:-}
		mm_rc=$rc
		run ck.out ck.err "$BIN/compare-kernels" -C "$t"
		ck_rc=$rc
		run ck.html ck-html.err "$BIN/compare-kernels" -C "$t" --format html
		[[ $mm_rc -eq 0 && -s mm.out ]] || { cat mm.err; fail "$t: compare-mmtests: exit $mm_rc, $(wc -c < mm.out) bytes"; }
		[[ $ck_rc -eq 0 && -s ck.out ]] || { cat ck.err; fail "$t: compare-kernels: exit $ck_rc, $(wc -c < ck.out) bytes"; }
		[[ $rc -eq 0 ]] && grep -q '</html>' ck.html || { cat ck-html.err; fail "$t: compare-kernels --format html: exit $rc"; }
		no_esc mm.out mm.err ck.out ck.err ck.html ck-html.err
		[[ $warns_mm != *" $t "* ]] || grep -q '^compare-mmtests: warning: ' mm.err || fail "$t: compare-mmtests did not warn"
		[[ $warns_ck != *" $t "* ]] || grep -q '^compare-kernels: warning: ' ck.err || fail "$t: compare-kernels did not warn"
		echo "ok: $t: both tools report, exit 0, $(grep -c 'warning: ' mm.err) and $(grep -c 'warning: ' ck.err) warnings, no raw ESC"
	done
}

# Each case runs on its own (in a subshell, under set -e), so one that fails
# does not hide the others; every failing case is named at the end.
failed=()
set +e
for c in ${CASES:-denormal long_name numa_step newline_logs from_json escapes outside_links output_dir truncated_gz warning_cap every_tree}; do
	( set -e; "case_$c" )
	[[ $? -eq 0 ]] || failed+=("$c")
done
set -e
[[ ${#failed[@]} -eq 0 ]] || { echo "FAIL: cases ${failed[*]}"; exit 1; }
