#!/bin/bash
# A monitor log is untrusted input too: every --print-monitor parser gets a
# line of each hostile shape at the longest length a monitor line may have
# (16 KiB), and one far longer. std::regex recurses once per character, so
# before the limit a 300k-digit "time:" line crashed compare-mmtests
# (SIGSEGV). Now: no crash, no hang; the long line is refused naming the file.
set -u
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
src=$GOLDENS/monitors/monitors-basic/log
[[ -d $src ]] || { echo "no monitor golden tree at $src"; exit 77; }

prepend() {	# prepend FILE LINE: LINE first in FILE (gz or plain)
	if [[ $1 == *.gz ]]; then
		{ printf '%s\n' "$2"; zcat "$1"; } | gzip > "$1.new" && mv "$1.new" "$1"
	else
		{ printf '%s\n' "$2"; cat "$1"; } > "$1.new" && mv "$1.new" "$1"
	fi
}

fixtures=$(cd "$(dirname "$0")/../../fixtures" && pwd)

try_line() {	# try_line TREE RUNS LOG MONITOR [options...]: LOG of TREE starts with $line
	local src=$1 runs=$2 log=$3 monitor=$4 bench=${TRY_BENCH:-monitor}; shift 4
	rm -rf tree; cp -a "$src" tree; chmod -R u+w tree
	prepend "tree/$log" "$line"
	timeout 30 "$BIN/compare-mmtests" -d tree -b "$bench" -n "$runs" --print-monitor "$monitor" "$@" \
		> out.txt 2> err.txt
	rc=$?
	[[ $rc -eq 124 ]] && fail "$monitor hangs on a $size-byte $shape line"
	[[ $rc -ge 128 ]] && fail "$monitor crashed (rc $rc) on a $size-byte $shape line: $(tail -2 err.txt)"
	if [[ $size -gt 16384 ]]; then
		grep -q "line longer than 16384 bytes" err.txt || fail "$monitor: no read-limit message for a $size-byte line (rc $rc): $(head -2 err.txt)"
	fi
	n=$((n + 1))
}

supported=$("$BIN/compare-mmtests" -d . -b x -n a --print-monitor no-such-monitor 2>&1 | sed -n 's/.*(supported: \(.*\))$/\1/p' | tr -d ' ')
[[ -n $supported ]] || fail "cannot list the supported monitors"
n=0
for size in 16000 300000; do
	for shape in time digits blanks; do
		case $shape in
		time) line="time: $(head -c "$size" /dev/zero | tr '\0' 1)";;
		digits) line=$(head -c "$size" /dev/zero | tr '\0' 7);;
		blanks) line="$(head -c "$size" /dev/zero | tr '\0' ' ')x";;
		esac
		for log in "$src"/base-first/iter-0/*-monitor*; do
			case $log in *.start) continue;; esac
			name=$(basename "$log"); monitor=${name%-monitor*}
			# monitors without a module here exit 2 before reading anything
			[[ ,$supported, == *,$monitor,* ]] || continue
			extra=()  # the monitors that read nothing without a sub-heading
			[[ $monitor == mpstat ]] && extra=(--sub-heading node-0)
			[[ $monitor == proc-net-dev ]] && extra=(--sub-heading lo-rbytes)
			try_line "$src" base-first,patched "base-first/iter-0/$name" "$monitor" "${extra[@]}"
		done
		# monitors the golden tree has no logs of: our fixture trees
		try_line "$fixtures/monitors-turbostat/log" base,patched base/iter-1/turbostat-monitor turbostat
		try_line "$fixtures/monitors-kcache/log" base,patched base/iter-0/kcache-monitor.gz kcache
		try_line "$fixtures/monitors-kcacheslabs/log" base,patched base/iter-1/kcache-slabs-monitor kcacheslabs
		TRY_BENCH=bench try_line "$fixtures/monitors-iotop/log" base,patched base/iter-0/iotop-bench.gz iotop --sub-heading Read
		TRY_BENCH=bench try_line "$fixtures/monitors-latency/log" base,patched base/iter-0/-bench.gz latency
		for monitor in ftraceallocstall ftraceshrinkerstall ftracebalancedirtypagesstall; do
			[[ ,$supported, == *,$monitor,* ]] || fail "$monitor is no longer supported"
			TRY_BENCH=bench try_line "$fixtures/monitors-ftrace/log" base,patched base/iter-0/ftrace-bench.gz "$monitor"
		done
	done
done
echo "ok: $n hostile monitor logs, no crash or hang"
