#!/bin/bash
# make-seeds.sh DIR [GOLDENS] - one seed directory per fuzz target under DIR:
# the golden logs of GOLDENS (tests/goldens, when there) and, built here rather than
# committed, the hostile inputs of issue 14 (a line without "cpu", 40k-300k
# character lines, names that climb out of the tree, invalid UTF-8, corrupt
# and bomb-like gzip/xz, a zstd header claiming 1.5 GB).
set -euo pipefail
dir=$1 goldens=${2:-}
rm -rf "$dir"
mkdir -p "$dir"/{fuzz_parse_redis,fuzz_parse_perfpipe,fuzz_parse_stressng,fuzz_parse_fio,fuzz_parse_fiolike_cpu} \
	"$dir"/{fuzz_parse_seccomp_attach,fuzz_parse_ibpb_pulse,fuzz_monitor_duration,fuzz_run_discovery} \
	"$dir"/{fuzz_json_import,fuzz_read_log,fuzz_perl_scalar,fuzz_parse_pipepingpong_rfc} \
	"$dir"/{fuzz_parse_wis,fuzz_parse_syscall_scale_nsop,fuzz_parse_fstime} \
	"$dir"/{fuzz_monitors,fuzz_svg_charts,fuzz_terminal_text}
long() { head -c "$1" /dev/zero | tr '\0' "$2"; }

if [[ -n $goldens && -d $goldens/cases ]]; then
	cases=$goldens/cases
	find "$cases" -path '*redis/logs/*.log' -exec cp --backup=numbered {} "$dir/fuzz_parse_redis/" \;
	find "$cases" -path '*perfpipe/logs/benchlog*' -exec cp --backup=numbered {} "$dir/fuzz_parse_perfpipe/" \;
	find "$cases" -path '*stressng/logs/*.log' -exec cp --backup=numbered {} "$dir/fuzz_parse_stressng/" \;
	find "$cases" -path '*fio/logs/fio.log' -exec cp --backup=numbered {} "$dir/fuzz_parse_fio/" \;
	find "$cases" -path '*fio/logs/fio.log' -exec cp --backup=numbered {} "$dir/fuzz_parse_fiolike_cpu/" \;
	find "$cases" -name tests-timestamp -exec cp --backup=numbered {} "$dir/fuzz_monitor_duration/" \;
	find "$cases" -name tests-activity -exec cp --backup=numbered {} "$dir/fuzz_run_discovery/" \;
fi

# monitors: each golden monitor log (its first 64 KiB) behind two bytes, the
# monitor's index in fuzz_monitors.cpp's table and a --sub-heading choice.
monitors=(duration vmstat proc-vmstat top perf-time-stat iostat proc-interrupts read-latency write-latency inboxopen
	mmap-access-latency sync-latency syscalls mpstat mmtests-vmstat mmtests-schedstat proc-schedstat proc-net-dev
	numanodeusage numaconvergence turbostat kcacheslabs kcache iotop latency ftrace)
if [[ -n $goldens && -d $goldens/monitors ]]; then
	n=0
	for i in "${!monitors[@]}"; do
		m=${monitors[$i]} file=${monitors[$i]}
		case $m in numaconvergence) file=proc-vmstat ;; numanodeusage) file=numa-meminfo ;; esac
		sub=0; case $m in mpstat) sub=1 ;; top) sub=2 ;; numanodeusage) sub=3 ;; esac
		while IFS= read -r log; do
			n=$((n + 1))
			{ printf "\\x$(printf %02x "$i")\\x$(printf %02x "$sub")"; { zcat -f "$log" || true; } | head -c 65536; } \
				> "$dir/fuzz_monitors/$m-$n"
		done < <(find "$goldens/monitors" -name "$file-monitor*" ! -name '*.start' | head -2)
	done
fi
# numaconvergence (index 19): a counter step of 10^17 faults.
{ printf '\x13\x00'; printf 'time: 1\nnuma_hint_faults 100\ntime: 2\nnuma_hint_faults 100000000000000100\ntime: 3\n'; } \
	> "$dir/fuzz_monitors/numa-huge-step"
# mpstat (index 13, node-0): a CPU field of 30 digits.
{ printf '\x0d\x01'; printf 'time: 1\nLinux\n\ntime: 2\n10:00:00 999999999999999999999999999999 1 90\n\ntime: 3\n'; } \
	> "$dir/fuzz_monitors/mpstat-huge-cpu"
# charts: doubles a denormal apart, the whole range apart, NaN and Inf.
python3 -c '
import struct, sys
d = sys.argv[1]
open(d + "/denormal", "wb").write(struct.pack("<8d", 0, 5e-324, 1, 5e-324, 0, 0, 5e-324, 0))
open(d + "/huge", "wb").write(struct.pack("<8d", -1.7e308, 1.7e308, 2, 1e308, 1e17, 1e17 + 64, float("nan"), float("inf")))
' "$dir/fuzz_svg_charts"
# terminal text: OSC title and clipboard writes, an erase, C1 CSI, a bidi override.
printf 'x\e]0;PWNED\a\e[2K\n\e]52;c;cHduZWQ=\a' > "$dir/fuzz_terminal_text/osc"
printf 'a\xc2\x9b2J \x9b2J run\xe2\x80\xaecba \xe2\x82\xac\xe2\x82' > "$dir/fuzz_terminal_text/c1-bidi"
# redis: a 100k-character test name in parentheses, a byte that is not UTF-8.
{ printf '"'; long 100000 A; printf ' (x)","1.0","2","3","4","5","6","7"\n'; } > "$dir/fuzz_parse_redis/long-name"
printf '"ZPOPMIN \xb5 (x)","90909.09","0.3","0.1","0.3","0.4","0.5","1.2"\n' > "$dir/fuzz_parse_redis/bad-utf8"
# pipe-pingpong's RFC line and mode, well formed, zero and 300k-digit loops.
printf '       7.205920 usecs/op\niters: 100000, t: 720592us, iter/sec: 138774, us/iter: 7\n# pipe-pingpong: mode=d tasks=processes\n' \
	> "$dir/fuzz_parse_pipepingpong_rfc/rfc"
{ printf 'iters: 0, t: 5us\niters: '; long 300000 9; printf ', t: 1us\n# pipe-pingpong: mode=\n'; } > "$dir/fuzz_parse_pipepingpong_rfc/odd"
# ibpb-pulse: lines without "cpu", "cpu" with 300k digits, the normal line.
printf '{"after":3}\n{"cpu":0,"before":3,"after":9}\n' > "$dir/fuzz_parse_ibpb_pulse/no-cpu"
{ printf '{"cpu":'; long 300000 7; printf ',"after":9}\n'; } > "$dir/fuzz_parse_ibpb_pulse/long-cpu"
# seccomp-churn attach latencies, well formed and not.
printf 'attach-p50-usecs 1.5\nattach-p95-usecs 2\nattach-p99-usecs x\nattach-max-usecs\n' > "$dir/fuzz_parse_seccomp_attach/extra"
# syscall-scale, its .extra and fstime: well formed, then a total: with 300k
# digits, an empty total: and a Copy done: line without a score.
{ printf 'measurement\nmin:1 max:2 total:3\nmin:1 max:2 total:'; long 300000 9; printf '\ntotal:\naverage:3\n'; } \
	> "$dir/fuzz_parse_wis/benchlog"
printf 'ns-per-op 12.5\nns-per-op\nns-per-op x y\n' > "$dir/fuzz_parse_syscall_scale_nsop/extra"
printf 'COUNT|20774|0|KBps\nTIME|2.0\nCopy done: 85617 in 2.0095, score 10651\nCopy done:\nCopy done: 1 in 2\n' \
	> "$dir/fuzz_parse_fstime/log"
# tests-timestamp: a 40k-character "time ::" line, and a normal one.
{ printf 'time :: redis '; long 40000 ' '; printf '\ntime :: redis 1.0 u 2.0 s 3.0 e\n'; } > "$dir/fuzz_monitor_duration/long-time"
# tests-activity: a benchmark name climbing out of the tree.
printf '1 run-mmtests: Start\n1 run-mmtests: test start :: ../../work/log/r1/iter-0/pwn 2\n1 run-mmtests: begin redis\n' \
	> "$dir/fuzz_run_discovery/climb"
# --from-json: a module naming a path, and a 16-byte zstd frame header
# declaring 1.5 GB of content.
printf '[{"_ModuleName":"Extract../../x","_TestName":"a","_ResultData":{"op":[{"Values":[1],"SampleNrs":[1]}]}}]' \
	> "$dir/fuzz_json_import/climb"
printf '\x28\xb5\x2f\xfd\xa4\x00\x00\x69\x59\x00\x00\x00\x00\x00\x00\x00' > "$dir/fuzz_json_import/zstd-1.5G"
# read_log: first byte 0 plain, 1 gzip, 2 xz; a gzip header then garbage,
# 8 MiB of zeros in a few kilobytes (past the fuzzer's 4 MiB limit).
{ printf '\x01\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03'; long 64 x; } > "$dir/fuzz_read_log/corrupt-gz"
{ printf '\x01'; head -c 8M /dev/zero | gzip -1; } > "$dir/fuzz_read_log/zeros-gz"
{ printf '\x02'; head -c 8M /dev/zero | xz -0; } > "$dir/fuzz_read_log/zeros-xz"
{ printf '\x00'; long 70000 a; } > "$dir/fuzz_read_log/long-line"
echo "1.5e3 NaN" > "$dir/fuzz_perl_scalar/a"
