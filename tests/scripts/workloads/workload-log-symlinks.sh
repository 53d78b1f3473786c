#!/bin/bash
# A workload run as root in a log dir owned by an unprivileged user never
# writes through a link that user planted (issue 23): ibpb-pulse's workload
# mode (ibpb-pulse.json, .err, .status), redis-zpopmin with its
# redis-server (redis-server.log, .stdout) and run-config (its logs, when the
# run directory is swapped for one of links mid-run) leave a root-only 0600
# file untouched; the link itself is replaced by our file or refused by name.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "needs root: the hole is root writing in someone else's log dir"; exit 77; }
command -v setpriv >/dev/null || { echo "setpriv not installed"; exit 77; }
work=$(mktemp -d)
chmod 755 "$work"
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
trap 'rm -rf "$work"' EXIT
secret=$work/secret
printf 'root only\n' > "$secret"
chmod 600 "$secret"
sum=$(md5sum < "$secret")
untouched() { [ "$(md5sum < "$secret")" = "$sum" ] && [ "$(stat -c %a:%U "$secret")" = 600:root ] || fail "$1: wrote through the link into $secret: $(head -c 200 "$secret")"; }

# ibpb-pulse, workload mode, as root: the pulses run as nobody.
d=$work/ip
install -d -o nobody "$d"
for f in ibpb-pulse.err ibpb-pulse.json.partial ibpb-pulse.json ibpb-pulse.status; do setpriv --reuid=65534 --regid=65534 --clear-groups ln -s "$secret" "$d/$f"; done
"$BIN/ibpb-pulse" --mode sham --logdir "$d" > "$work/ip.out" 2>&1
rc=$?
untouched "ibpb-pulse (exit $rc)"
for f in ibpb-pulse.json ibpb-pulse.err ibpb-pulse.status; do
	[ ! -L "$d/$f" ] || fail "ibpb-pulse: $f is still the planted link (exit $rc): $(cat "$work/ip.out")"
done
echo "ok: ibpb-pulse workload mode (exit $rc): the links were replaced, $secret untouched"

if command -v redis-server >/dev/null; then
	printf 'root only\n' > "$secret"  # as it was (each part is judged on its own)
	d=$work/rz
	install -d -o nobody "$d"
	for f in redis-server.log redis-server.log.stdout; do setpriv --reuid=65534 --regid=65534 --clear-groups ln -s "$secret" "$d/$f"; done
	"$BIN/redis-zpopmin" -n 2000 --iterations 1 -t get --persistence memonly --logdir "$d" > "$work/rz.out" 2>&1
	rc=$?
	untouched "redis-zpopmin (exit $rc)"
	grep -q "refusing to write through the symlink $d/redis-server.log" "$work/rz.out" ||
		fail "redis-zpopmin: the refused link is not named: $(cat "$work/rz.out")"
	[ -s "$d/redis-1-1.log" ] || fail "redis-zpopmin: no result (exit $rc): $(tail -3 "$work/rz.out")"
	# Without links, the server's log lands in the log dir as before.
	rm "$d"/redis-server.log*
	"$BIN/redis-zpopmin" -n 2000 --iterations 1 -t get --persistence memonly --logdir "$d" > "$work/rz2.out" 2>&1 ||
		fail "redis-zpopmin: second run: $(tail -3 "$work/rz2.out")"
	grep -q "Ready to accept connections" "$d/redis-server.log" || fail "redis-zpopmin: redis-server.log lacks the server's lines"
	[ -z "$(ls -A "$TMPDIR")" ] || fail "redis-zpopmin: left $(ls "$TMPDIR")"
	echo "ok: redis-zpopmin: the planted links were refused by name, $secret untouched; the log is published without them"
else
	echo "note: redis-server not installed: redis-zpopmin part not exercised"
fi

# run-config, as root, in a work dir whose log/ the unprivileged user owns:
# while the first iteration runs, the user swaps the run directory for one
# holding links where run-config's logs go (std::ofstream appended through
# them). Every later write must refuse the links, never follow them.
d=$work/rc
install -d -o nobody "$d" "$d/log"
printf 'root only\n' > "$secret"  # as it was (each part is judged on its own)
printf 'export MMTESTS="pipe-pingpong"\nexport PIPE_PINGPONG_LOOPS=150000\nexport PIPE_PINGPONG_ITERATIONS=1\nexport MMTEST_ITERATIONS=2\n' > "$work/rc.cfg"
cat > "$work/swap.sh" <<'SWAP'
run=$1 secret=$2
# once the first benchmark runs (its mmtests.log is open)
for _ in $(seq 600); do [ -e "$run/iter-0/pipe-pingpong/logs/mmtests.log" ] && break; sleep 0.05; done
# the user's copy of what is there so far, links where the logs go, then the swap
cp -r "$run" "$run.new" || exit 1
for i in 0 1; do mkdir -p "$run.new/iter-$i/pipe-pingpong/logs"; done
for f in mmtests-activity iter-0/tests-activity iter-0/tests-timestamp iter-0/runtime.opts iter-0/pipe-pingpong/logs/commands.log \
	iter-1/tests-activity iter-1/tests-timestamp iter-1/runtime.opts iter-1/pipe-pingpong/logs/commands.log \
	iter-1/pipe-pingpong/logs/mmtests.log; do
	rm -f "$run.new/$f"
	ln -s "$secret" "$run.new/$f"
done
mv "$run" "$run.orig" && mv "$run.new" "$run" || exit 1
echo swapped
SWAP
setpriv --reuid=65534 --regid=65534 --clear-groups bash "$work/swap.sh" "$d/log/R" "$secret" > "$work/swap.out" 2>&1 &
swapper=$!
"$BIN/run-config" "$work/rc.cfg" R --work-dir "$d" > "$work/rc.out" 2>&1
rc=$?
wait $swapper
grep -q swapped "$work/swap.out" || fail "run-config: the run directory was not swapped (exit $rc): $(cat "$work/swap.out") $(tail -3 "$work/rc.out")"
untouched "run-config (exit $rc)"
[ $rc -lt 128 ] || fail "run-config: killed by a signal (exit $rc): $(tail -3 "$work/rc.out")"
# (a log that must be new is O_EXCL: the link is "File exists"; an appended one names the symlink)
[ $rc -eq 0 ] || grep -Eq "^run-config: .*$d/log/R/[^ ]*(: File exists| .*symlink)" "$work/rc.out" ||
	fail "run-config: exit $rc without naming the link: $(tail -3 "$work/rc.out")"
echo "ok: run-config (exit $rc): the swapped-in links were not written through: $(grep '^run-config: ' "$work/rc.out" | tail -1)"
