#!/bin/bash
# redis-zpopmin vs redis-benchmark (Debian's redis-tools): client overhead.
# One redis-server (no persistence); the clients take turns against it, the
# order rotating each rep, FLUSHALL before every run. Each run is
#   -c 1 -r 50000 -n N -P 256 -t get        (GET rps, client CPU per request)
#   -c 1 -r 50000 -n N -P 256 -t zadd,zpopmin  (ZPOPMIN rps; CPU/request over both)
# A third client takes its turn too: the floor, bench/redis_floor_client.cpp
# (built here from this tree into the temp dir), the same sockets and batches
# with keys drawn before its clock, no clock and no parsing beyond counting
# replies: the CPU per request the kernel's loopback TCP leaves any client.
# Client CPU is user+sys of the client process in microseconds (wait4's
# rusage, bench/lib/load.bash); redis-zpopmin runs with --attach so it starts
# no server of its own. Prints per-rep numbers, client CPU microseconds per
# 1000 requests, and the median ratios ours/theirs, ours/floor and
# floor/theirs (rps: >= 1.00 is as fast; CPU: lower is better). The rps
# ratios are withheld ("rates not comparable") when the 1-minute load went
# above the CPUs; the CPU ratios are not.
# Usage: bench/redis-zpopmin-vs-redis-benchmark.sh [REPS] [REQUESTS]
#   env: BIN (default build/bin), PIN=yes to pin server on CPU 0, clients on
#   CPU 1; PIN=same for all on CPU 0. Where the two land matters more than
#   either client: on two idle CPUs every batch pays a cross-CPU wake-up
#   both ways, on one CPU none (in a VM 75-135 us per 1000 requests).
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$TOP/build/bin}
REPS=${1:-6}  # a multiple of 3: each client goes first as often
N=${2:-1000000}
RZ=$BIN/redis-zpopmin
. "$TOP/bench/lib/load.bash"
for t in redis-server redis-benchmark redis-cli python3; do
	command -v $t >/dev/null || { echo "missing $t (apt-get install redis-server redis-tools python3)"; exit 3; }
done
[ -x "$RZ" ] || { echo "missing $RZ (make)"; exit 3; }

W=$(mktemp -d)
SRV=
cleanup() { [ -n "$SRV" ] && { redis-cli -p $PORT shutdown nosave >/dev/null 2>&1; wait $SRV 2>/dev/null; }; rm -rf "$W"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
FLOOR=$W/redis-floor-client
${CXX:-g++} -std=c++17 -O3 -o "$FLOOR" "$TOP/bench/redis_floor_client.cpp" || { echo "cannot build the floor client"; exit 3; }
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
SPIN= ; CPIN=
case ${PIN:-no} in
yes) SPIN="taskset -c 0"; CPIN="taskset -c 1" ;;
same) SPIN="taskset -c 0"; CPIN="taskset -c 0" ;;
no) ;;
*) echo "PIN=$PIN: want yes, same or no"; exit 2 ;;
esac
echo "placement: PIN=${PIN:-no}${SPIN:+ (server: $SPIN, clients: $CPIN)}"
$SPIN redis-server --port $PORT --bind 127.0.0.1 --save "" --appendonly no --dir $W --daemonize no --logfile $W/server.log &
SRV=$!
for i in $(seq 100); do redis-cli -p $PORT ping >/dev/null 2>&1 && break; sleep 0.05; done

# run TOOL TESTS -> prints "rps_of_test1 rps_of_test2 ... cpu_microseconds"
run() {
	local tool=$1 tests=$2 out=$W/out.$$ tm=$W/time.$$
	redis-cli -p $PORT flushall >/dev/null
	if [ $tool = theirs ]; then
		bench_cpu_run $tm $CPIN redis-benchmark -p $PORT --csv -c 1 -r 50000 -n $N -P 256 -t $tests > $out 2>&1
	elif [ $tool = floor ]; then
		bench_cpu_run $tm $CPIN "$FLOOR" $PORT $N 256 50000 $tests > $out 2>&1
	else
		rm -rf $W/logs
		bench_cpu_run $tm $CPIN $RZ --attach 127.0.0.1:$PORT --logdir $W/logs --iterations 1 \
			-c 1 -r 50000 -n $N -P 256 -t $tests > $W/progress 2>&1
		cp $W/logs/redis-1-1.log $out
	fi
	awk -F'","' 'NR > 1 { gsub(/"/, "", $2); printf "%s ", $2 }' $out
	bench_cpu_us $tm
}

bench_load_print before
printf "%-4s %-7s %10s %10s %10s %10s %10s %10s %8s %8s %8s %8s %8s %8s %9s %9s %9s %9s\n" rep first \
	ours_GET thrs_GET flr_GET ours_ZPOP thrs_ZPOP flr_ZPOP \
	o_us/kG t_us/kG f_us/kG o_us/kZ t_us/kZ f_us/kZ cpu_o/t_G cpu_o/t_Z cpu_o/f_G cpu_o/f_Z
R=$W/ratios
orders=("ours theirs floor" "theirs floor ours" "floor ours theirs")
for rep in $(seq $REPS); do
	order=${orders[$(((rep - 1) % 3))]}
	for tool in $order; do
		read -r g gc < <(run $tool get)
		read -r za zp zc < <(run $tool zadd,zpopmin)
		bench_load_sample  # run's own samples were taken in a subshell
		eval "${tool}_g=$g ${tool}_gc=$gc ${tool}_zp=$zp ${tool}_zc=$zc"
	done
	awk -v og=$ours_g -v tg=$theirs_g -v fg=$floor_g -v oz=$ours_zp -v tz=$theirs_zp -v fz=$floor_zp \
	    -v ogc=$ours_gc -v tgc=$theirs_gc -v fgc=$floor_gc -v ozc=$ours_zc -v tzc=$theirs_zc -v fzc=$floor_zc \
	    -v rep=$rep -v first=${order%% *} -v n=$N '
		function ratio(a, b) { return b > 0 ? a / b : 0 }
		BEGIN {
			printf "%-4s %-7s %10.0f %10.0f %10.0f %10.0f %10.0f %10.0f %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %9.3f %9.3f %9.3f %9.3f\n",
				rep, first, og, tg, fg, oz, tz, fz,
				ogc * 1000 / n, tgc * 1000 / n, fgc * 1000 / n, ozc * 500 / n, tzc * 500 / n, fzc * 500 / n,
				ratio(ogc, tgc), ratio(ozc, tzc), ratio(ogc, fgc), ratio(ozc, fzc)
			printf "%f %f %f %f %f %f %f %f %f %f %f %f %f %f\n", ratio(og, tg), ratio(oz, tz), ratio(ogc, tgc), ratio(ozc, tzc),
				ratio(ogc, fgc), ratio(ozc, fzc), ratio(fgc, tgc), ratio(fzc, tzc),
				ogc * 1000 / n, tgc * 1000 / n, fgc * 1000 / n, ozc * 500 / n, tzc * 500 / n, fzc * 500 / n >> "'$R'"
		}'
done
echo
bench_load_end
echo "client CPU: us per 1000 requests (get: $N requests; zadd,zpopmin: 2 x $N), user+sys from wait4"
rates_ok=yes
bench_rates_ok || rates_ok="$(bench_rate_ratio 1 1)"
awk -v rates_ok="$rates_ok" '{ for (i = 1; i <= NF; i++) v[i, NR] = $i } END {
	split("GET rps ratio (ours/redis-benchmark)|ZPOPMIN rps ratio (ours/redis-benchmark)|" \
	      "client CPU per request, GET run (ours/redis-benchmark)|client CPU per request, ZADD+ZPOPMIN run (ours/redis-benchmark)|" \
	      "client CPU per request, GET run (ours/floor)|client CPU per request, ZADD+ZPOPMIN run (ours/floor)|" \
	      "client CPU per request, GET run (floor/redis-benchmark)|client CPU per request, ZADD+ZPOPMIN run (floor/redis-benchmark)|" \
	      "us per 1000 GETs, ours|us per 1000 GETs, redis-benchmark|us per 1000 GETs, floor|" \
	      "us per 1000 ZADD+ZPOPMIN requests, ours|us per 1000 ZADD+ZPOPMIN requests, redis-benchmark|us per 1000 ZADD+ZPOPMIN requests, floor", name, "|")
	for (i = 1; i <= 14; i++) {
		n = 0; for (r = 1; r <= NR; r++) a[++n] = v[i, r]
		for (x = 1; x <= n; x++) for (y = x + 1; y <= n; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
		med = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		if (i <= 2 && rates_ok != "yes") { printf "median %-62s %s\n", name[i], rates_ok; continue }
		if (i <= 8) printf "median %-62s %.3fx  (min %.3f, max %.3f, n=%d)\n", name[i], med, a[1], a[n], n
		else printf "median %-62s %.1f  (min %.1f, max %.1f, n=%d)\n", name[i], med, a[1], a[n], n
	}
}' $R
