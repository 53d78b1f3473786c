#!/bin/bash
# test-slow: two runs of two configs (about 90 s)
# Seed 002's recipe, short: compare-kernels --verdict lkp prints ONE
# LKP-style table per later run across every benchmark of the tree
# (base ±stddev %change new ±stddev BENCH.metric), as the test robot does.
# Part 1: configs/config-workload-syscall-hardening (the seed's six rows:
# will-it-scale futex4, pread1, pwrite1, poll1, stress-ng null, unixbench
# fsbuffer), run short as "base" and "new"; every cell of the six rows is
# checked against the raw logs. Part 2: configs/config-workload-lkp-mix
# (seccomp-churn, pipe-pingpong and fiolike in one config), the same way,
# run by docs/seed-recipes.md's own commands (doc-examples.sh runs them once
# and checks the shape of what they print).
# Part 3 (with an MMTests checkout): a tree holding an MMTests-only
# benchmark (tbench, read through the checkout's parse-results) beside
# redis, from the goldens.
set -u
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config seccomp-churn pipe-pingpong fiolike syscall-scale syscall-null syscall-fsbuffer compare-kernels; do
	[ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$TOP/tests/scripts/lib/doc-recipe.bash"

# Arithmetic from the raw logs: mean and CoV (sample stddev / mean) of each
# run's samples, %change = new / base - 1.
stats() {  # stats VALUES... -> "mean cov%"
	printf '%s\n' "$@" | awk '{ v[++n] = $1; s += $1 } END { m = s / n; for (i = 1; i <= n; i++) d += (v[i] - m) ^ 2
		printf "%.6f %.6f", m, (n > 1 ? sqrt(d / (n - 1)) / m * 100 : 0) }'
}
check_row() {  # check_row TABLE METRIC BASE_VALUES NEW_VALUES
	local table=$1; shift
	read -r bm bc <<< "$(stats $2)"; read -r nm nc <<< "$(stats $3)"
	read -r gb gbc gch gn gnc _ <<< "$(grep -E " $1\$" "$table" | tr -d '±%')"
	[ -n "$gb" ] || fail "$1: no row in the table"
	# means and %change to the table's 2 decimals, CoV to 0.05 points
	awk -v gb="$gb" -v bm="$bm" -v gbc="$gbc" -v bc="$bc" -v gch="$gch" -v gn="$gn" -v nm="$nm" -v gnc="$gnc" -v nc="$nc" '
		function near(a, b, tol) { return a - b <= tol && b - a <= tol }
		BEGIN { exit !(near(gb, bm, 0.0051) && near(gn, nm, 0.0051) && near(gbc, bc, 0.051) && near(gnc, nc, 0.051) &&
			near(gch, (nm / bm - 1) * 100, 0.0051)) }' ||
		fail "$1: table says base $gb ±$gbc% change $gch% new $gn ±$gnc%; raw logs give $bm ±$bc%, $nm ±$nc%"
	echo "ok: $1 = base $gb ±$gbc% $gch% new $gn ±$gnc% (raw: $bm, $nm)"
}

# Part 1: the seed's six rows.
for r in base new; do
	(cd "$work" && "$BIN/run-config" "$TOP/configs/config-workload-syscall-hardening" $r --work-dir "$work/s" \
		--set SYSCALL_SCALE_WARMUP=1 --set SYSCALL_SCALE_ITERATIONS=2 \
		--set SYSCALL_NULL_RUNTIME=1 --set SYSCALL_NULL_ITERATIONS=2 \
		--set SYSCALL_FSBUFFER_RUNTIME=1 --set SYSCALL_FSBUFFER_ITERATIONS=2 --set SYSCALL_FSBUFFER_SETTLE=no \
		--set SYSCALL_SCALE_TESTDIR="$work" --set SYSCALL_FSBUFFER_TESTDIR="$work") \
		> "$work/s-$r.out" 2>&1 || fail "run-config syscall-hardening $r: $(tail -5 "$work/s-$r.out")"
done
# --all: every row, called or not (LKP lists only calls by default).
"$BIN/compare-kernels" -C "$work/s/log" --verdict lkp --all > "$work/sk.txt" 2> "$work/sk.err" || fail "compare-kernels: $(cat "$work/sk.err")"
sed -n '/^LKP comparison across benchmarks$/,/^=== MMTests compare-kernels.sh report ===$/p' "$work/sk.txt" | tee "$work/slkp"
[ "$(grep -c '±stddev' "$work/slkp")" = 1 ] || fail "want one LKP table (one later run)"
grep -Eq '^ +base +±stddev +%change +new +±stddev +call +metric$' "$work/slkp" || fail "LKP header columns"
[ "$(grep -Ec ' (syscall-scale|syscall-null|syscall-fsbuffer)\.' "$work/slkp")" = 6 ] || fail "want the seed's six rows"
[ "$(grep -Ec ' (regression|improvement|no change|inconclusive) +(syscall-scale|syscall-null|syscall-fsbuffer)\.' "$work/slkp")" = 6 ] ||
	fail "want the verdict engine's call on each of the six rows"
wis() { awk '/total:/ { sub(/.*total:/, ""); print $1 }' "$work/s/log/$1"/iter-*/syscall-scale/logs/benchlog-$2_processes-1; }
for c in futex4 pread1 pwrite1 poll1; do
	check_row "$work/slkp" "syscall-scale.ops-${c}_processes-1" "$(wis base $c)" "$(wis new $c)"
done
nul() { sed -n 's/.*\] null  *//p' "$work/s/log/$1"/iter-*/syscall-null/logs/stressng-1-*.log | awk '{ print $5 }'; }
check_row "$work/slkp" syscall-null.bops-null-1 "$(nul base)" "$(nul new)"
fsb() { awk '/^Copy done:/ { print $NF }' "$work/s/log/$1"/iter-*/syscall-fsbuffer/logs/unixbenchd.log; }
check_row "$work/slkp" syscall-fsbuffer.fsbuffer "$(fsb base)" "$(fsb new)"
echo "ok: seed 002's six rows in one LKP table; means, CoV and %change match the raw logs"

# Part 2: seccomp-churn, pipe-pingpong and fiolike in one config: the doc's recipe.
run_doc_recipe seed-002
w=$work/seed-002/seed-002
"$BIN/compare-kernels" -C "$w/log" --verdict lkp --all > "$work/k.txt" 2> "$work/k.err" || fail "compare-kernels: $(cat "$work/k.err")"
sed -n '/^LKP comparison across benchmarks$/,/^=== MMTests compare-kernels.sh report ===$/p' "$work/k.txt" | tee "$work/lkp"
[ "$(grep -c '±stddev' "$work/k.txt")" = 1 ] || fail "want one LKP table (one later run), got $(grep -c '±stddev' "$work/k.txt") headers"
grep -Eq '^ +base +±stddev +%change +new +±stddev +call +metric$' "$work/lkp" || fail "LKP header columns"
grep -Eq ' (regression|improvement|no change|inconclusive) +pipe-pingpong\.usecs-op$' "$work/lkp" || fail "no call on the pipe-pingpong row"
grep -Eq ' pipe-pingpong\.usecs-op$' "$work/lkp" || fail "no pipe-pingpong row in the table"
grep -Eq ' fiolike\.kb/sec-psync-read-4k-j1-qd1-read$' "$work/lkp" || fail "no fiolike read row in the same table"
grep -Eq ' fiolike\.kb/sec-psync-write-4k-j1-qd1-write$' "$work/lkp" || fail "no fiolike write row in the same table"
grep -Eq ' seccomp-churn\.' "$work/lkp" || fail "no seccomp-churn row in the same table"

usecs() { cat "$w/log/$1"/iter-*/pipe-pingpong/logs/benchlog-* | awk '/usecs\/op/ { print $1 }'; }
check_row "$work/lkp" pipe-pingpong.usecs-op "$(usecs base)" "$(usecs new)"
kbs() { cat "$w/log/$1"/iter-*/fiolike/logs/fio.log | awk -F';' -v job="$2" '$3 == job { print $45 }'; }
check_row "$work/lkp" fiolike.kb/sec-psync-read-4k-j1-qd1-read "$(kbs base psync-read-4k-j1-qd1)" "$(kbs new psync-read-4k-j1-qd1)"
echo "ok: one LKP table across seccomp-churn, pipe-pingpong and fiolike; means, CoV and %change match the raw logs"

# Part 3: an MMTests benchmark read through a checkout, in the same table.
if [ -z "${MMTESTS_SRC:-}" ] || [ ! -d "${MMTESTS_SRC:-}/shellpack_src/src/tbench" ]; then
	echo "note: no MMTests checkout (MMTESTS_SRC): the tbench part is not checked"
	exit 0
fi
cases=$GOLDENS/cases
for run in v7.1.3-first v7.3 v7.1.3-return; do
	mkdir -p "$work/m/$run/iter-0"
	cp -a "$cases/tbench-synth/log/$run/iter-0/tbench" "$cases/redis-basic/log/$run/iter-0/redis" "$work/m/$run/iter-0/"
	t=$cases/tbench-synth/log/$run/iter-0/tests-timestamp r=$cases/redis-basic/log/$run/iter-0/tests-timestamp
	{ grep '^start' "$t"; grep -Ev '^(start|finish)' "$t"; grep -Ev '^(start|finish)' "$r"; grep '^finish' "$t"; } \
		> "$work/m/$run/iter-0/tests-timestamp"
done
chmod -R u+w "$work/m"
"$BIN/compare-kernels" -C "$work/m" --mmtests-dir "$MMTESTS_SRC" --verdict lkp --all > "$work/m.txt" 2> "$work/m.err" ||
	fail "compare-kernels on the tbench+redis tree: $(cat "$work/m.err")"
sed -n '/^LKP comparison across benchmarks$/,/^=== MMTests compare-kernels.sh report ===$/p' "$work/m.txt" > "$work/mlkp"
cat "$work/mlkp"
[ "$(grep -c '±stddev' "$work/mlkp")" = 2 ] || fail "want two LKP tables (v7.3, v7.1.3-return against v7.1.3-first)"
# each table holds both benchmarks' rows
awk '/±stddev/ { t++ } / tbench\./ { tb[t]++ } / redis\./ { rd[t]++ }
	END { exit !(tb[1] && rd[1] && tb[2] && rd[2]) }' "$work/mlkp" || fail "a table lacks tbench or redis rows"
echo "ok: tbench (through the MMTests checkout) and redis share each LKP table"
exit 0
