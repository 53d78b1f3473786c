#!/bin/bash
# test-slow: three runs of three fio jobs (about 40 s)
# Seed 004's recipe, short: one config runs read, 70/30 read/write and write
# (configs/config-io-fiolike-read-rw70-write), three iterations (the seed's
# five, short) of one second each on a small file, under three run names
# with '=' as the seed's kernels are named (mitigations=off, retbleed=off,
# retbleed=ibrs), by docs/seed-recipes.md's own commands (doc-examples.sh
# runs them once and checks the shape of what they print); then
# compare-kernels --verdict baselines prints, per job, kIOPS mean and stdev
# against the first two runs with the job's CPU use. Every number is checked
# against the raw fio.log terse lines; compare-mmtests reads the same runs.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config fiolike compare-kernels compare-mmtests; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$TOP/tests/scripts/lib/doc-recipe.bash"
runs=(mitigations=off retbleed=off retbleed=ibrs)

run_doc_recipe seed-004
w=$work/seed-004/seed-004
for r in "${runs[@]}"; do
	[ -d "$w/log/$r/iter-2/fiolike/logs" ] && [ ! -e "$w/log/$r/iter-3" ] || fail "run-config $r: want three iterations, iter-0..2"
done
"$BIN/compare-kernels" -C "$w/log" --verdict baselines > "$work/k.txt" 2> "$work/k.err" ||
	fail "compare-kernels: $(cat "$work/k.err")"
sed -n '/^Mean and stdev against two baselines/,/^(CPU util/p' "$work/k.txt" | tee "$work/table"
grep -q '^Mean and stdev against two baselines for fiolike -a iops$' "$work/table" || fail "no kIOPS table"
grep -q '^(CPU util' "$work/table" || fail "no CPU util note"

# Expected numbers straight from the terse lines: kIOPS per iteration as the
# -a iops report rounds it (%.3f of field 8 / 49 / 1000, both for "total"),
# CPU % = fields 88 + 89; mean, sample stdev, % against each baseline's mean.
expect() {  # expect JOB DIRECTION -> "run mean stdev pct1 pct2 cpu" per run
	for r in "${runs[@]}"; do
		cat "$w/log/$r"/iter-*/fiolike/logs/fio.log | awk -F';' -v job="$1" -v dir="$2" -v run="$r" '
			$3 == job {
				r = sprintf("%.3f", $8 / 1000) + 0; w = sprintf("%.3f", $49 / 1000) + 0
				v = dir == "read" ? r : dir == "write" ? w : sprintf("%.3f", ($8 + $49) / 1000) + 0
				n++; s += v; ss[n] = v; u = $88; y = $89; sub(/%/, "", u); sub(/%/, "", y); cpu += u + y
			}
			END { m = s / n; for (i = 1; i <= n; i++) d += (ss[i] - m) ^ 2
				printf "%s %.6f %.6f %.6f\n", run, m, sqrt(d / (n - 1)), cpu / n }'
	done | awk 'NR == 1 { b1 = $2 } NR == 2 { b2 = $2 } { l[NR] = $0; m[NR] = $2 }
		END { for (i = 1; i <= NR; i++) { split(l[i], f, " ")
			printf "%s %.6f %.6f %.6f %.6f %.6f\n", f[1], f[2], f[3], (m[i] / b1 - 1) * 100, (m[i] / b2 - 1) * 100, f[4] } }'
}
near() { awk -v g="$1" -v w="$2" 'BEGIN { sub(/%$/, "", g); exit !(g - w <= 0.0051 && w - g <= 0.0051) }'; }
checked=0
for block in io_uring-randread-4k-j1-qd32:read io_uring-randrw70-4k-j1-qd32:read io_uring-randrw70-4k-j1-qd32:write \
	io_uring-randrw70-4k-j1-qd32:total io_uring-randwrite-4k-j1-qd32:write; do
	job=${block%:*} dir=${block#*:}
	op=kiops-$job-$dir
	grep -Eq "^$op +Mean +stdev +mitigations=off +retbleed=off +CPU util +95% interval vs mitigations=off$" "$work/table" || fail "no block $op with the seed's columns"
	while read -r run mean sd p1 p2 cpu; do
		got=$(awk -v op="$op" -v run="$run" '$1 == op { on = 1; next } on && /^$/ { on = 0 } on && $1 == run' "$work/table")
		read -r _ gmean gsd gp1 gp2 gcpu glo ghi <<< "$got"
		for pair in "$gmean:$mean" "$gsd:$sd" "$gp1:$p1" "$gp2:$p2" "$gcpu:$cpu"; do
			near "${pair%%:*}" "${pair#*:}" || fail "$op $run: table '$got', raw logs give $mean $sd $p1 $p2 $cpu"
		done
		# the interval (over iterations) holds the change against the first baseline
		if [[ $glo != - ]]; then
			awk -v lo="${glo//[\[%,]/}" -v hi="${ghi//[\]%]/}" -v c="$p1" 'BEGIN { exit !(lo - 0.0051 <= c && c <= hi + 0.0051) }' ||
				fail "$op $run: interval $glo $ghi does not hold $p1"
		fi
		checked=$((checked + 1))
	done < <(expect "$job" "$dir")
done
[ $checked = 15 ] || fail "checked $checked rows, want 15"
echo "ok: kIOPS mean, stdev, % against both baselines and CPU util match the raw fio.log of 3 iterations, for 5 blocks x 3 runs"

# Run names with '=' through compare-mmtests (-n splits on commas only); the
# Perl truncates each column title to the field width, and so do we.
names=$(IFS=,; echo "${runs[*]}")
for alt in "" iops cpu; do
	"$BIN/compare-mmtests" -d "$w/log" -b fiolike ${alt:+-a $alt} -n "$names" > "$work/cmp$alt" 2>&1 ||
		fail "compare-mmtests ${alt:+-a $alt}: $(cat "$work/cmp$alt")"
	# every row of the table has a value for each of the three runs
	awk '/^(Min|Hmean|Max) / && NF < 5 { bad = 1; print } END { exit bad }' "$work/cmp$alt" ||
		fail "compare-mmtests ${alt:+-a $alt}: a row lacks a run's column"
done
grep -Eq '^Hmean +kiops-io_uring-randrw70-4k-j1-qd32-total ' "$work/cmpiops" || fail "no total kIOPS row for the mixed job"
# MMTests' own compare-mmtests.pl, given our shellpack, prints the same bytes.
if [[ -x ${MMTESTS_SRC:-}/bin/compare-mmtests.pl ]] && perl -MYAML::PP -MFile::Which -e1 2>/dev/null; then
	mkdir -p "$work/mm/shellpack_src/src"
	cp -a "$MMTESTS_SRC/bin" "$work/mm/bin"
	cp -a "$TOP/shellpacks/fiolike" "$work/mm/shellpack_src/src/"
	for alt in "" iops cpu; do
		"$work/mm/bin/compare-mmtests.pl" -d "$w/log" -b fiolike ${alt:+-a $alt} -n "$names" > "$work/perl$alt" 2> "$work/perl.err" ||
			fail "compare-mmtests.pl ${alt:+-a $alt}: $(tail -3 "$work/perl.err")"
		diff "$work/cmp$alt" "$work/perl$alt" || fail "compare-mmtests.pl ${alt:+-a $alt} differs from ours"
	done
	echo "ok: compare-mmtests.pl prints the same three tables for runs named with '='"
fi
echo "ok: run names with '=' go through run-config, compare-kernels and compare-mmtests"
exit 0
