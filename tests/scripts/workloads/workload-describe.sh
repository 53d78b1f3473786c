#!/bin/bash
# Every workload describes itself, as run-config asks it to:
#   --print-variables  the MMTests config variables its option table reads,
#                      VAR=DEFAULT in table order (each as --help lists it),
#                      none of the harness's LOGDIR_*/SHELLPACK_*;
#   --estimate         the seconds one run takes with the same options and
#                      variables, one line ("unknown" when the machine
#                      decides), with the figures run-config's own model
#                      gave before the binaries owned it (seccomp-churn's
#                      iterations default is 3, not the 5 that model assumed),
#                      scaling with the settings, the command line and the
#                      variable alike; a value the table refuses is exit 2.
#   --print-needs      what it needs in a bare guest, KIND VALUE one a line
#                      (the matrix's initramfs asks it: it names no workload).
# None runs anything, needs LOGDIR_RESULTS or writes a file.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
workloads="pipe-pingpong seccomp-churn redis-zpopmin fiolike ibpb-pulse syscall-scale syscall-null syscall-fsbuffer"
for w in $workloads; do
	[ -x "$BIN/$w" ] || fail "$BIN/$w not built"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || fail "cd $work"
unset LOGDIR_RESULTS

# 1. --print-variables: each line is one of the table's rows as --help shows it.
for w in $workloads; do
	"$BIN/$w" --print-variables >vars 2>err || fail "$w --print-variables: exit $?: $(cat err)"
	[ ! -s err ] || fail "$w --print-variables wrote to stderr: $(cat err)"
	[ -s vars ] || fail "$w --print-variables printed nothing"
	"$BIN/$w" --help >help || fail "$w --help failed"
	while IFS= read -r line; do
		var=${line%%=*}
		[[ $var =~ ^[A-Z_][A-Z0-9_]*$ ]] || fail "$w --print-variables: '$line' is not VAR=DEFAULT"
		case $var in LOGDIR_* | SHELLPACK_*) fail "$w lists the harness's $var" ;; esac
		if [ "$line" = "$var" ]; then
			grep -qE "\[$var(\]|, [0-9]|, >=)" help || fail "$w: $var has a default in --help but none in --print-variables"
		else
			def=${line#*=}
			[ -n "$def" ] || def="''"
			grep -qF "[$var, default $def" help || fail "$w: '$line' is not what --help says"
		fi
	done <vars
	# and every variable --help names (but the harness's) is listed
	for var in $(grep -oE '\[[A-Z_][A-Z0-9_]+(\]$|, )' help | tr -d '[],' | sort -u); do
		case $var in LOGDIR_* | SHELLPACK_*) continue ;; esac
		grep -qE "^$var(=|$)" vars || fail "$w: --help names $var, --print-variables does not"
	done
	# a bad value in the environment does not stop it: it describes the table
	SECCOMP_CHURN_RUNTIME=-1 PIPE_PINGPONG_LOOPS=1e308 "$BIN/$w" --print-variables >/dev/null ||
		fail "$w --print-variables read the environment"
done
grep -qx 'SECCOMP_CHURN_ITERATIONS=3' <("$BIN/seccomp-churn" --print-variables) || fail "seccomp-churn iterations default"
echo "ok: --print-variables of ${workloads// /, }"

# 2. --estimate: the figures (seconds), as run-config printed them before.
mkdir "$work/cwd" && cd "$work/cwd" || fail "cd $work/cwd"
# near A B: |A - B| < 0.001
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 0.001 && d > -0.001) }'; }
# estimate WANT PROG ARGS...: with the caller's environment
estimate() {
	local want=$1 prog=$2; shift 2
	local got
	got=$("$BIN/$prog" --estimate "$@" 2>"$work/err") || fail "$prog --estimate $*: exit $?: $(cat "$work/err")"
	[ "$(printf '%s\n' "$got" | wc -l)" = 1 ] || fail "$prog --estimate $*: not one line: $got"
	if [ "$want" = unknown ]; then
		[ "$got" = unknown ] || fail "$prog --estimate $*: '$got', want unknown"
	else
		near "$got" "$want" || fail "$prog --estimate $*: $got s, want $want"
	fi
	[ -z "$(ls -A)" ] || fail "$prog --estimate wrote $(ls -A)"
	echo "ok: $prog --estimate $* = $got"
}
estimate 45.3 pipe-pingpong                         # 0.3 + 5 iterations x 1e6 loops x 9 us
estimate 9.3 pipe-pingpong --iterations 1           # 0.3 + 1e6 x 9 us
PIPE_PINGPONG_ITERATIONS=1 estimate 9.3 pipe-pingpong
PIPE_PINGPONG_ITERATIONS=1 estimate 18.3 pipe-pingpong -i 2   # the command line wins, as in a run
estimate 181.2 seccomp-churn                        # 0.3 + 3 iterations x (60 + 0.3) s: 3, not 5
SECCOMP_CHURN_MAX_THREADS=4 SECCOMP_CHURN_RUNTIME=10 estimate 93 seccomp-churn   # 1 2 4 workers x 3 x 10.3
SECCOMP_CHURN_MIN_THREADS=1 SECCOMP_CHURN_MAX_THREADS=6 SECCOMP_CHURN_RUNTIME=10 \
	SECCOMP_CHURN_ITERATIONS=1 estimate 41.5 seccomp-churn                        # 1 2 4 6
estimate 44.7 syscall-scale                         # 4 testcases x (6 + 5 + 0.1) s
SYSCALL_SCALE_WORKLOADS=poll1 SYSCALL_SCALE_MODELS=processes,threads SYSCALL_SCALE_MAX_THREADS=2 \
	estimate 44.7 syscall-scale                     # 1 x 2 models x 2 counts
estimate 30.6 syscall-null                          # 3 x (10 + 0.1)
estimate 75.3 syscall-fsbuffer                      # 3 x (10 + 4 + 11 s of sleeps)
SYSCALL_FSBUFFER_SETTLE=no estimate 42.3 syscall-fsbuffer
estimate 211.05 redis-zpopmin                       # 5 x (0.35 + 1e5 x (15 x 1.2 us + 5 x 80 us))
REDIS_ZPOPMIN_TESTS=get,set REDIS_ZPOPMIN_ITERATIONS=1 estimate 0.89 redis-zpopmin   # 0.35 + 1e5 x 2 x 1.2 us
REDIS_ZPOPMIN_TESTS=lrange REDIS_ZPOPMIN_ITERATIONS=1 estimate 32.77 redis-zpopmin   # + LPUSH, 4 LRANGEs
estimate unknown fiolike                            # bound by --size: the device decides
FIO_RUNTIME=30 FIO_RAMP_TIME=5 estimate 36.3 fiolike
FIO_RUNTIME=30 FIO_RAMP_TIME=5 FIO_IO_PATTERNS=randread,randwrite FIO_IODEPTH="1 32 64" estimate 216.3 fiolike
estimate 1 ibpb-pulse

# 3. a value the table refuses is the usage error a run would give, naming the variable
for v in 1e308 inf -1 nan 1e13; do
	PIPE_PINGPONG_LOOPS=$v "$BIN/pipe-pingpong" --estimate >out 2>err
	rc=$?
	[ $rc = 2 ] || fail "PIPE_PINGPONG_LOOPS=$v --estimate: exit $rc, want 2"
	grep -qF "pipe-pingpong: --loops (from PIPE_PINGPONG_LOOPS)" err || fail "PIPE_PINGPONG_LOOPS=$v: $(cat err)"
	[ ! -s out ] || fail "PIPE_PINGPONG_LOOPS=$v printed an estimate: $(cat out)"
	rm -f out err
done
echo "ok: refused settings are exit 2, naming the variable"
# 4. --print-needs: KIND VALUE lines; what each workload needs beyond itself in a guest.
for w in $workloads; do
	"$BIN/$w" --print-needs >needs 2>err || fail "$w --print-needs: exit $?: $(cat err)"
	[ ! -s err ] || fail "$w --print-needs wrote to stderr: $(cat err)"
	grep -vqE '^(program|sibling|user|scratch-disk) [A-Za-z0-9._+-]+$' needs && fail "$w --print-needs: $(cat needs)"
	case $w in
	redis-zpopmin) want='program redis-server' ;;
	fiolike) want='scratch-disk FIO_TARGET_FILE' ;;
	ibpb-pulse) want='program setpriv' ;;
	*) want='sibling ibpb-pulse' ;;  # the --after-ibpb-pulse step runs it
	esac
	grep -qx "$want" needs || fail "$w --print-needs lacks '$want': $(cat needs)"
	rm -f needs err
done
grep -qx 'user nobody' <("$BIN/ibpb-pulse" --print-needs) || fail "ibpb-pulse does not say it runs its pulses as nobody"
echo "ok: --print-needs of ${workloads// /, }"
echo "workload describe tests passed"
