#!/bin/bash
# syscall-scale, syscall-null and syscall-fsbuffer drop into a real MMTests
# checkout: run-dropin.sh copies the checkout, adds our shellpack and a short
# config, runs run-mmtests.sh (binaries found through PATH, as run-dropin
# scrubs the environment) and compare-mmtests.pl reads the run. For
# syscall-scale, MMTests' own wis parse-results must print the same rows as
# our shellpack's parse-results for the logs the run wrote, and our
# compare-mmtests (native parser) the same table as compare-mmtests.pl.
set -u
BIN=${BIN:-$TOP/build/bin}
SHARED=${SHARED:-$TOP/../shared}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
DROPIN=$SHARED/tools/run-dropin.sh
[[ -x $DROPIN ]] || { echo "no $DROPIN"; exit 77; }
[[ -d $MMTESTS_SRC/shellpack_src/src/wis ]] || { echo "no MMTests checkout (with wis) at $MMTESTS_SRC"; exit 77; }
for b in syscall-scale syscall-null syscall-fsbuffer compare-mmtests; do [[ -x $BIN/$b ]] || { echo "$b not built"; exit 77; }; done
work=$(mktemp -d /tmp/syscall-scale-dropin.XXXXXX)
copies=()
cleanup() {
	# run-dropin keeps its copy of the checkout for inspection; not here.
	for c in "${copies[@]}"; do [[ -n $c && -d $c ]] && rm -rf "$(dirname "$c")"; done
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

dropin() {  # dropin BENCH CONFIG -> $work/BENCH.out, copy in $copy
	PATH=$BIN:$PATH DROPIN_TMPDIR=$work "$DROPIN" "$MMTESTS_SRC" "$TOP/shellpacks/$1" "$2" A > "$work/$1.out" 2> "$work/$1.err"
	local rc=$?
	copy=$(sed -n 's/^MMTESTS_DIR=//p' "$work/$1.out")
	copies+=("$copy")
	[[ $rc -eq 3 ]] && { tail -1 "$work/$1.err"; exit 77; }
	[[ $rc -eq 0 ]] || fail "run-dropin $1 exit $rc: $(tail -5 "$work/$1.err")"
	[[ -d $copy ]] || fail "run-dropin did not print MMTESTS_DIR"
}

cat > "$work/config-workload-syscall-scale-test" <<CONFIG
export MMTESTS="syscall-scale"
export SYSCALL_SCALE_WORKLOADS=futex4,getppid1
export SYSCALL_SCALE_MODELS=processes,threads
export SYSCALL_SCALE_MIN_THREADS=1
export SYSCALL_SCALE_MAX_THREADS=2
export SYSCALL_SCALE_ITERATIONS=2
export SYSCALL_SCALE_WARMUP=1
CONFIG
dropin syscall-scale "$work/config-workload-syscall-scale-test"
for row in ops-futex4_processes-1 ops-futex4_threads-2 ops-getppid1_processes-2; do
	grep -Eq "^Hmean +$row +[0-9.]+ " "$work/syscall-scale.out" || fail "no Hmean $row: $(cat "$work/syscall-scale.out")"
done
echo "ok: $(grep -E '^Hmean +ops-futex4_processes-1' "$work/syscall-scale.out")"
logs=$copy/work/log/A/iter-0/syscall-scale/logs
[[ -s $logs/benchlog-futex4_threads-2 ]] || fail "no benchlog-futex4_threads-2 in $logs"
# MMTests' own wis parser against ours, row for row.
env -i PATH="$PATH" LC_ALL=C bash "$copy/shellpack_src/src/wis/parse-results" "$logs" > "$work/wis.rows" 2> "$work/wis.err" ||
	fail "MMTests' wis parse-results: $(cat "$work/wis.err")"
env -i PATH="$PATH" LC_ALL=C bash "$TOP/shellpacks/syscall-scale/parse-results" "$logs" > "$work/ours.rows"
[[ $(wc -l < "$work/wis.rows") -eq 16 ]] || fail "want 16 rows (2 cases x 2 models x 2 task counts x 2 s), MMTests gives $(wc -l < "$work/wis.rows")"
diff "$work/wis.rows" "$work/ours.rows" > "$work/rows.diff" || fail "wis parse-results and ours differ: $(head -5 "$work/rows.diff")"
echo "ok: MMTests' wis parse-results and ours print the same $(wc -l < "$work/wis.rows") rows"
# compare-mmtests.pl (through our shellpack) against our native parser.
( cd "$copy" && env -i PATH="$PATH" HOME="$HOME" LC_ALL=C bin/compare-mmtests.pl -d work/log -b syscall-scale -n A ) > "$work/pl.txt" 2> "$work/pl.err" ||
	fail "compare-mmtests.pl: $(cat "$work/pl.err")"
if grep -q 'R: not found' "$work/pl.err"; then
	# Without R, compare-mmtests.pl cannot compute its bootstrap (B*) rows.
	echo "note: R is not installed: compare-mmtests.pl's B* rows are not compared"
	grep -Ev '^B' "$work/pl.txt" > "$work/pl.cut" && mv "$work/pl.cut" "$work/pl.txt"
	keepB() { grep -Ev '^B' "$1" > "$1.cut" && mv "$1.cut" "$1"; }
else
	keepB() { :; }
fi
"$BIN/compare-mmtests" -d "$copy/work/log" -b syscall-scale -n A > "$work/native.txt" 2>&1 || fail "compare-mmtests: $(cat "$work/native.txt")"
keepB "$work/native.txt"
diff "$work/pl.txt" "$work/native.txt" > "$work/table.diff" || fail "compare-mmtests.pl and ours differ: $(head -8 "$work/table.diff")"
echo "ok: compare-mmtests.pl and compare-mmtests print the same syscall-scale table ($(wc -l < "$work/native.txt") lines)"

cat > "$work/config-workload-syscall-null-test" <<CONFIG
export MMTESTS="syscall-null"
export SYSCALL_NULL_MIN_THREADS=1
export SYSCALL_NULL_MAX_THREADS=2
export SYSCALL_NULL_RUNTIME=1
export SYSCALL_NULL_ITERATIONS=2
CONFIG
dropin syscall-null "$work/config-workload-syscall-null-test"
for row in bops-null-1 bops-null-2; do
	grep -Eq "^Hmean +$row +[0-9.]+ " "$work/syscall-null.out" || fail "no Hmean $row: $(cat "$work/syscall-null.out")"
done
# MMTests' stressng parser (Perl) reads our logs too.
logs=$copy/work/log/A/iter-0/syscall-null/logs
( cd "$copy" && env -i PATH="$PATH" LC_ALL=C perl shellpack_src/src/stressng/parse-results "$logs" ) > "$work/sng.rows" 2>&1 ||
	fail "MMTests' stressng parse-results: $(cat "$work/sng.rows")"
grep -c "^bops-null" "$work/sng.rows" | grep -qx 4 || fail "MMTests' stressng parser: want 4 bops-null rows: $(cat "$work/sng.rows")"
echo "ok: $(grep -E '^Hmean +bops-null-1' "$work/syscall-null.out"); MMTests' stressng parser reads the logs"

cat > "$work/config-workload-syscall-fsbuffer-test" <<CONFIG
export MMTESTS="syscall-fsbuffer"
export SYSCALL_FSBUFFER_RUNTIME=1
export SYSCALL_FSBUFFER_ITERATIONS=2
export SYSCALL_FSBUFFER_SETTLE=no
CONFIG
dropin syscall-fsbuffer "$work/config-workload-syscall-fsbuffer-test"
grep -Eq "^Hmean +fsbuffer +[0-9.]+ " "$work/syscall-fsbuffer.out" || fail "no Hmean fsbuffer: $(cat "$work/syscall-fsbuffer.out")"
echo "ok: $(grep -E '^Hmean +fsbuffer' "$work/syscall-fsbuffer.out")"
