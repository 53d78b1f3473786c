#!/bin/bash
# bench/lib/load.bash, which every bench/*-vs-*.sh sources: a rate ratio is
# printed only while the highest 1-minute load seen stayed at or below the
# CPUs, otherwise "rates not comparable: load N on C CPUs" stands in its
# place; CPU ratios are printed whatever the load; bench_cpu_run passes the
# command's exit status through and writes its user and sys microseconds.
# The load comes from a stand-in loadavg file; nothing here is timed.
set -u
fail() { echo "FAIL: $*"; exit 1; }
lib=$TOP/bench/lib/load.bash
[[ -r $lib ]] || fail "no $lib"
command -v python3 >/dev/null || { echo "python3 not installed (bench_cpu_run needs it)"; exit 77; }
. "$lib"
work=$PWD
export BENCH_LOADAVG=$work/loadavg BENCH_CPUS=2

load() { echo "$1 0.50 0.40 1/100 4242" > "$BENCH_LOADAVG"; }

load 1.20
bench_load_sample
[[ $(bench_rate_ratio 3 2) == 1.500 ]] || fail "load 1.20 on 2 CPUs: '$(bench_rate_ratio 3 2)', wanted 1.500"
[[ $(bench_rate_ratio 1 4 %.2f) == 0.25 ]] || fail "format not used: '$(bench_rate_ratio 1 4 %.2f)'"
load 2.00
bench_load_sample
[[ $(bench_rate_ratio 3 2) == 1.500 ]] || fail "load equal to the CPUs withheld the ratio"
bench_rates_ok || fail "bench_rates_ok false at load 2.00 on 2 CPUs"

# One sample above the CPUs withholds every later rate ratio, even once the
# load fell again: the runs already compared ran under it.
load 5.37
bench_load_sample
load 0.10
bench_load_sample
got=$(bench_rate_ratio 3 2)
[[ $got == "rates not comparable: load 5.37 on 2 CPUs" ]] || fail "load 5.37 on 2 CPUs: '$got'"
bench_rates_ok && fail "bench_rates_ok true after load 5.37 on 2 CPUs"
[[ $(bench_cpu_ratio 3 2) == 1.500 ]] || fail "CPU ratio withheld under load: '$(bench_cpu_ratio 3 2)'"
[[ $(bench_cpu_ratio 3 0) == - ]] || fail "CPU ratio over 0: '$(bench_cpu_ratio 3 0)'"
bench_load_end > "$work/end"
grep -qx "load after: 0.10 0.50 0.40 on 2 CPUs" "$work/end" || fail "load after: $(cat "$work/end")"
grep -q "^highest 1-min load seen: 5.37 on 2 CPUs: rate ratios withheld" "$work/end" || fail "end: $(cat "$work/end")"

# More CPUs make the same load comparable.
BENCH_CPUS=8
[[ $(bench_rate_ratio 3 2) == 1.500 ]] || fail "load 5.37 on 8 CPUs withheld the ratio"

# bench_cpu_run: the exit status passes through, the CPU file has two
# integer microsecond counts and a busy loop shows in them.
bench_cpu_run "$work/cpu" sh -c 'exit 3'
rc=$?
[[ $rc == 3 ]] || fail "exit status 3 came back as $rc"
bench_cpu_run "$work/cpu" sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done' || fail "busy loop failed"
read -r u s < "$work/cpu"
[[ $u =~ ^[0-9]+$ && $s =~ ^[0-9]+$ ]] || fail "cpu file: $(cat "$work/cpu")"
(( u + s > 0 )) || fail "a 20000-step shell loop used no CPU: $u $s"
[[ $(bench_cpu_us "$work/cpu") == $((u + s)) ]] || fail "bench_cpu_us: $(bench_cpu_us "$work/cpu") != $((u + s))"
bench_cpu_run "$work/cpu" "$work/no-such-command" 2> "$work/err" && fail "a missing command succeeded"
grep -q "no-such-command" "$work/err" || fail "no error naming the missing command: $(cat "$work/err")"
echo "ok: rate ratios withheld above the CPUs and kept at or below, CPU ratios kept, bench_cpu_run passes the status and microseconds"
