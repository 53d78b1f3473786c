#!/bin/bash
# test-slow: every workload run short, parsed twice (about 60 s)
# Our shellpacks' parse-results (what MMTests runs) and compare-mmtests'
# native parsers must read our workloads' logs identically. The golden trees
# hold real logs in the same formats our workloads write, so each is read both
# ways: natively as -b WORKLOAD, and through a stand-in MMTests checkout whose
# shellpack_src/src/ext-WORKLOAD is our shellpack. The tables must be equal.
set -euo pipefail
: "${BIN:?}" "${TOP:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

check() {  # check CASE REFERENCE_BENCH OUR_BENCH [compare-mmtests options...]
	local case=$1 ref=$2 ours=$3; shift 3
	local src=$GOLDENS/cases/$case
	rm -rf "$case-$ours"; mkdir "$case-$ours"
	cp -a "$src/log" "$case-$ours/log"; chmod -R u+w "$case-$ours"
	for iter in "$case-$ours"/log/*/iter-*; do
		cp -a "$iter/$ref" "$iter/ext-$ours"
		mv "$iter/$ref" "$iter/$ours"
	done
	mkdir -p fake-mmtests/shellpack_src/src
	rm -rf "fake-mmtests/shellpack_src/src/ext-$ours"
	cp -a "$TOP/shellpacks/$ours" "fake-mmtests/shellpack_src/src/ext-$ours"
	read -r -a argv < "$src/plain.cmd"
	local names=
	for ((i = 1; i < ${#argv[@]}; i++)); do [[ ${argv[i]} == -n ]] && names=${argv[i+1]}; done
	"$BIN/compare-mmtests" -d "$case-$ours/log" -b "$ours" -n "$names" "$@" > native.out
	"$BIN/compare-mmtests" -d "$case-$ours/log" -b "ext-$ours" -n "$names" --mmtests-dir fake-mmtests "$@" > shellpack.out
	[[ -s native.out ]] || fail "$ours: empty table"
	diff native.out shellpack.out > diff.out || { head -5 diff.out; fail "$ours on $case: native parser and shellpack parse-results disagree"; }
	echo "ok: $ours reads $case's $ref logs the same both ways ($(wc -l < native.out) lines${*:+, $*})"
}

check redis-basic redis redis-zpopmin
check redis-basic redis redis-zpopmin -a latency
check perfpipe-basic perfpipe pipe-pingpong
check stressng-basic stressng seccomp-churn
check fio-basic fio fiolike
check fio-basic fio fiolike --print-ratio

# ibpb-pulse has no reference tool: its JSON lines, made up here, for CPUs
# 0..11 (so that cpu2 must sort before cpu10).
for run in sham protect; do
	logs=ibpb/log/$run/iter-0/ibpb-pulse/logs
	mkdir -p "$logs" fake-mmtests/shellpack_src/src
	after=3; [[ $run == protect ]] && after=9
	for cpu in $(seq 0 11); do
		echo "{\"cpu\":$cpu,\"pid\":$((100 + cpu)),\"uid\":65534,\"mode\":\"$run\",\"before\":3,\"after\":$after}"
	done > "$logs/ibpb-pulse.json"
	cp -a ibpb/log/$run/iter-0/ibpb-pulse "ibpb/log/$run/iter-0/ext-ibpb-pulse"
done
rm -rf fake-mmtests/shellpack_src/src/ext-ibpb-pulse
cp -a "$TOP/shellpacks/ibpb-pulse" fake-mmtests/shellpack_src/src/ext-ibpb-pulse
"$BIN/compare-mmtests" -d ibpb/log -b ibpb-pulse -n sham,protect > native.out
"$BIN/compare-mmtests" -d ibpb/log -b ext-ibpb-pulse -n sham,protect --mmtests-dir fake-mmtests > shellpack.out
diff native.out shellpack.out || fail "ibpb-pulse: native parser and shellpack parse-results disagree"
grep -q "after-mask-cpu10" native.out || fail "ibpb-pulse: no after-mask-cpu10 row"
echo "ok: ibpb-pulse reads its JSON lines the same both ways"

# fiolike's CPU report, on real fio logs (no fiolike JSON: per-IO CPU derived).
check fio-basic fio fiolike -a cpu
check fio-basic fio fiolike -a iops

# The syscall workloads: no golden trees, so logs our binaries write, two
# short runs each: a with two samples of every case, b with one (the
# runs take their seconds: a second b like a cost 15 s more, and unequal
# counts are read the same way too). syscall-scale is also read by MMTests'
# own wis parse-results when a checkout is there: its rows must be ours.
if [[ -x $BIN/syscall-scale && -x $BIN/syscall-null && -x $BIN/syscall-fsbuffer ]]; then
	for run in a b; do
		d=sys/log/$run/iter-0
		samples=2; [[ $run == b ]] && samples=1
		mkdir -p "$d"
		"$BIN/syscall-scale" -w getppid1,lseek1 --models processes,threads --max-threads 2 --warmup 0 -s $samples \
			--testdir "$PWD" --logdir "$d/syscall-scale/logs" > /dev/null || fail "syscall-scale run $run"
		"$BIN/syscall-null" --max-threads 2 -t 1 --iterations $samples --logdir "$d/syscall-null/logs" > /dev/null ||
			fail "syscall-null run $run"
		"$BIN/syscall-fsbuffer" -t 1 --iterations $samples --settle no --testdir "$PWD" --logdir "$d/syscall-fsbuffer/logs" > /dev/null ||
			fail "syscall-fsbuffer run $run"
		for b in syscall-scale syscall-null syscall-fsbuffer; do cp -a "$d/$b" "$d/ext-$b"; done
	done
	for b in syscall-scale syscall-null syscall-fsbuffer; do
		rm -rf "fake-mmtests/shellpack_src/src/ext-$b"
		cp -a "$TOP/shellpacks/$b" "fake-mmtests/shellpack_src/src/ext-$b"
		alts=(""); [[ $b == syscall-scale ]] && alts=("" nsop)
		for alt in "${alts[@]}"; do
			"$BIN/compare-mmtests" -d sys/log -b "$b" -n a,b ${alt:+-a $alt} > native.out
			"$BIN/compare-mmtests" -d sys/log -b "ext-$b" -n a,b ${alt:+-a $alt} --mmtests-dir fake-mmtests > shellpack.out
			[[ $(wc -l < native.out) -gt 3 ]] || fail "$b${alt:+ -a $alt}: empty table: $(cat native.out)"
			diff native.out shellpack.out > diff.out || { head -5 diff.out; fail "$b${alt:+ -a $alt}: native parser and shellpack parse-results disagree"; }
			echo "ok: $b${alt:+ -a $alt} reads its own logs the same both ways ($(wc -l < native.out) lines)"
		done
	done
	if [[ -n ${MMTESTS_SRC:-} && -f $MMTESTS_SRC/shellpack_src/src/wis/parse-results ]]; then
		logs=sys/log/a/iter-0/syscall-scale/logs
		LC_ALL=C bash "$MMTESTS_SRC/shellpack_src/src/wis/parse-results" "$logs" > wis.rows 2> wis.err || fail "MMTests' wis parse-results: $(cat wis.err)"
		LC_ALL=C bash "$TOP/shellpacks/syscall-scale/parse-results" "$logs" > ours.rows
		[[ $(wc -l < wis.rows) -eq 16 ]] || fail "MMTests' wis parse-results: want 16 rows, got $(wc -l < wis.rows)"
		diff wis.rows ours.rows > diff.out || { head -5 diff.out; fail "MMTests' wis parse-results and ours disagree"; }
		echo "ok: MMTests' wis parse-results prints our $(wc -l < wis.rows) syscall-scale rows"
	else
		echo "note: no MMTests checkout (MMTESTS_SRC): MMTests' wis parse-results not compared"
	fi
else
	echo "note: syscall-scale not built: its logs are not compared"
fi
