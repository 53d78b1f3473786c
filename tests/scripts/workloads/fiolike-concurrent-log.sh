#!/bin/bash
# Six fiolike runs started at once into one log directory each append their
# terse line to the shared fio.log (issue 14, item 12: read-modify-rename
# without a lock kept 2 of 6). Every line is whole and no temp file is left.
set -u
BIN=${BIN:-$TOP/build/bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

pids=()
for i in 1 2 3 4 5 6; do
	"$BIN/fiolike" --quiet --rw read --size 1m --name "job$i" --directory "$work" --logdir "$work/log" \
		> "$work/out$i" 2>&1 &
	pids+=($!)
done
for i in "${!pids[@]}"; do
	wait "${pids[$i]}" || fail "run $((i + 1)) exited $?: $(cat "$work/out$((i + 1))")"
done
n=$(wc -l < "$work/log/fio.log")
[ "$n" -eq 6 ] || fail "fio.log has $n lines, want 6: $(cut -d';' -f1-3 "$work/log/fio.log")"
for i in 1 2 3 4 5 6; do
	[ "$(grep -c "^3;fio-[^;]*;job$i;" "$work/log/fio.log")" -eq 1 ] || fail "job$i: not exactly one line"
done
left=$(ls "$work/log" | grep -v -e '^fio\.log$' -e '^fiolike-job[1-6]\.json$' -e '^fiolike-clock\.json$' || true)
[ -z "$left" ] || fail "left in the logdir: $left"
# The clock record is replaced whole: the last run's, never a mix.
grep -q '"workload": "fiolike"' "$work/log/fiolike-clock.json" || fail "no fiolike clock record"
[ "$(grep -c '"name": "job[1-6] read kIOPS"' "$work/log/fiolike-clock.json")" -eq 1 ] ||
	fail "the clock record is not one run's: $(cat "$work/log/fiolike-clock.json")"
# A 1 MiB job lasts well under 1000 ticks of the 1 ms clock its terse rates use.
grep -q 'ticks of its clock .*raise FIO_RUNTIME (--runtime) or FIO_SIZE (--size)' "$work/out1" ||
	fail "no short-sample warning for a 1 MiB job: $(cat "$work/out1")"
echo "ok: 6 concurrent runs, 6 lines in fio.log"
