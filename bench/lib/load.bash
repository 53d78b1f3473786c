# bench/lib/load.bash - what every bench/*-vs-*.sh shares to tell load from
# speed. Sourced, not run:
#   . "$(dirname "$0")/lib/load.bash"
#
# On a shared machine a rate (ops/s, IOPS, rps) mostly shows how much CPU
# the scheduler gave each tool, once other work keeps more tasks runnable
# than there are CPUs. CPU per operation survives that: a run that waits
# for a CPU does not use more of it per operation. So the benches
#   - print the load (1, 5, 15 min) before and after, with the CPU count,
#   - measure each tool's CPU (user + sys of it and every process it waited
#     for, from wait4's rusage: microseconds, not GNU time's 10 ms),
#   - and print a rate ratio only while the highest 1-minute load seen
#     stayed at or below the CPUs; above, "rates not comparable: load N on
#     C CPUs" stands in its place. CPU-per-op ratios are printed either way.
#
# BENCH_LOADAVG (a file in /proc/loadavg's format) and BENCH_CPUS stand in
# for the machine's, for tests of the decision.

bench_load_max=0

bench_cpus() { echo "${BENCH_CPUS:-$(nproc)}"; }

# The 1-, 5- and 15-minute load averages.
bench_load3() { cut -d' ' -f1-3 "${BENCH_LOADAVG:-/proc/loadavg}"; }

# Reads the 1-minute load and keeps the highest seen.
bench_load_sample() {
	local now
	now=$(cut -d' ' -f1 "${BENCH_LOADAVG:-/proc/loadavg}")
	bench_load_max=$(awk -v a="$bench_load_max" -v b="$now" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
}

# bench_load_print LABEL: "load LABEL: 1 5 15 on C CPUs" (and samples it).
bench_load_print() {
	bench_load_sample
	echo "load $1: $(bench_load3) on $(bench_cpus) CPUs"
}

# bench_load_end: the load after, and the highest 1-minute load of the run.
bench_load_end() {
	bench_load_print after
	echo "highest 1-min load seen: $bench_load_max on $(bench_cpus) CPUs$(bench_rates_comparable "$bench_load_max" "$(bench_cpus)" ||
		echo ': rate ratios withheld, read the CPU per op ratios')"
}

# bench_rates_comparable LOAD CPUS: true while LOAD <= CPUS.
bench_rates_comparable() { awk -v l="$1" -v c="$2" 'BEGIN { exit !(l + 0 <= c + 0) }'; }

# bench_rates_ok: true while the highest 1-minute load seen is within the CPUs.
bench_rates_ok() { bench_rates_comparable "$bench_load_max" "$(bench_cpus)"; }

# bench_rate_ratio OURS REF [FORMAT]: OURS/REF in FORMAT (%.3f), or the
# reason there is none.
bench_rate_ratio() {
	local cpus
	cpus=$(bench_cpus)
	if ! bench_rates_comparable "$bench_load_max" "$cpus"; then
		echo "rates not comparable: load $bench_load_max on $cpus CPUs"
		return
	fi
	awk -v a="$1" -v b="$2" -v f="${3:-%.3f}" 'BEGIN { if (b + 0 > 0) printf f "\n", a / b; else print "-" }'
}

# bench_cpu_ratio OURS REF [FORMAT]: a ratio of CPU per op, whatever the load.
bench_cpu_ratio() {
	awk -v a="$1" -v b="$2" -v f="${3:-%.3f}" 'BEGIN { if (b + 0 > 0) printf f "\n", a / b; else print "-" }'
}

# bench_cpu_run OUT CMD ARGS...: runs CMD (stdin, stdout, stderr as given)
# and writes "USER_US SYS_US" of it and its waited-for descendants to OUT;
# returns CMD's exit status (128 + N for signal N). Samples the load after.
bench_cpu_run() {
	local out=$1 rc=0
	shift
	python3 -c '
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    except OSError as e:
        sys.stderr.write("bench_cpu_run: %s: %s\n" % (sys.argv[2], e.strerror))
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write("%d %d\n" % (round(ru.ru_utime * 1e6), round(ru.ru_stime * 1e6)))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
' "$out" "$@" || rc=$?
	bench_load_sample
	return $rc
}

# bench_cpu_us OUT: user + sys microseconds from a bench_cpu_run file.
bench_cpu_us() { awk '{ print $1 + $2 }' "$1"; }
