#!/bin/bash
# Our shellpacks' parse-results (what MMTests runs) and compare-mmtests'
# native parsers must read our workloads' logs identically. The golden trees
# hold real logs in the same formats our workloads write, so each is read both
# ways: natively as -b WORKLOAD, and through a stand-in MMTests checkout whose
# shellpack_src/src/ext-WORKLOAD is our shellpack. The tables must be equal.
set -euo pipefail
: "${BIN:?}" "${TOP:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/goldens}
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
