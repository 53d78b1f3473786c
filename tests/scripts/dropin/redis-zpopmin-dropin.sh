#!/bin/bash
# redis-zpopmin drops into MMTests: run-dropin.sh runs our shellpack with the
# quick config twice (A, B) through run-mmtests.sh (ASSUME_PACKAGE_INSTALLED,
# no download), our binary found on PATH; compare-mmtests.pl prints the
# redis table from our parse-results. Then `scripts/install-mmtests.sh`
# installs binaries, shellpacks, drivers and configs into a checkout copy.
set -u
. "$(dirname "$0")/../../lib/dropin-prereqs.bash"
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PATH=$BIN:$PATH DROPIN_TMPDIR=$work DROPIN_TIMEOUT=120 "$SHARED/tools/run-dropin.sh" "$MMTESTS_SRC" \
	"$TOP/shellpacks/redis-zpopmin" "$TOP/configs/config-memdb-redis-zpopmin-quick" A B >"$work/out" 2>&1
rc=$?
[ $rc = 3 ] && { tail -1 "$work/out"; echo "run-dropin prerequisites missing"; exit 77; }
[ $rc = 0 ] || { tail -20 "$work/out"; fail "run-dropin exited $rc"; }
grep -v '^run-dropin: copying' "$work/out"
for m in ZADD-RPS-1 ZPOPMIN-RPS-1 GET-RPS-1; do
	grep -Eq "^Ops $m +[0-9.]+ " "$work/out" || fail "no $m row in the comparison"
done
# the latencies are MMTests' alternative report -a latency (lower is better)
mmdir=$(sed -n 's/^MMTESTS_DIR=//p' "$work/out")
(cd "$mmdir" && ./bin/compare-mmtests.pl -d work/log -b redis-zpopmin -a latency -n A,B) > "$work/lat.out" 2>&1 ||
	{ cat "$work/lat.out"; fail "compare-mmtests.pl -a latency failed"; }
grep -Eq "^Ops ZPOPMIN-latAvg-1 +[0-9.]+ " "$work/lat.out" || fail "no ZPOPMIN-latAvg-1 row in -a latency: $(cat "$work/lat.out")"
logs=$(sed -n 's/^WORK_LOG_DIR=//p' "$work/out")/A/iter-0/redis-zpopmin/logs
[ "$(ls "$logs" | grep -c '^redis-1-[12].log$')" = 2 ] || fail "want redis-1-1.log, redis-1-2.log in $logs: $(ls "$logs")"
ours=$({ "$TOP/shellpacks/redis-zpopmin/parse-results" "$logs"; "$TOP/shellpacks/redis-zpopmin/parse-results-latency" "$logs"; } |
	sort -k1,1 -k2,2n -k4,4n)
[ "$("$MMTESTS_SRC/shellpack_src/src/redis/parse-results" "$logs")" = "$ours" ] ||
	fail "MMTests' redis parse-results and ours (RPS plus -a latency) differ on $logs"

# install-mmtests into a minimal copy of the checkout
mm=$work/mm
mkdir -p "$mm"
tar -C "$MMTESTS_SRC" --exclude=./work -cf - run-mmtests.sh shellpack_src/src/redis drivers configs | tar -C "$mm" -xf -
"$TOP/scripts/install-mmtests.sh" "$mm" "$BIN" > "$work/install.out" 2>&1 || { cat "$work/install.out"; fail "install-mmtests failed"; }
for f in bin-plugins/redis-zpopmin bin-plugins/run-config bin-plugins/BUILD_DIR \
	shellpack_src/src/redis-zpopmin/redis-zpopmin-bench shellpack_src/src/redis-zpopmin/parse-results \
	drivers/driver-redis-zpopmin.sh configs/config-memdb-redis-zpopmin-small configs/config-memdb-redis-zpopmin-quick; do
	[ -e "$mm/$f" ] || fail "install-mmtests did not create $f"
done
[ "$(cat "$mm/bin-plugins/BUILD_DIR")" = "$(cd "$BIN" && pwd)" ] || fail "BUILD_DIR is not $BIN"
[ ! -e "$mm/bin-plugins/unit-tests" ] || fail "unit-tests installed"
# refuses to replace a shellpack MMTests ships
mkdir -p "$work/mm2" && cp -a "$mm/." "$work/mm2/" && rm -f "$work/mm2/shellpack_src/src/redis-zpopmin/.mmtests-plugins"
"$TOP/scripts/install-mmtests.sh" "$work/mm2" "$BIN" > "$work/install2.out" 2>&1 && fail "replaced a foreign shellpack"
grep -q "is not ours" "$work/install2.out" || fail "refusal message: $(cat "$work/install2.out")"
echo "redis-zpopmin drop-in ok"
