#!/bin/bash
# A real `git bisect run` driven by docs/verdicts.md's recipe: references
# measured once (10 good and 10 bad runs), then each step runs the good
# build beside the candidate (the anchor, interleaved) and asks
# compare-kernels --bisect --good/--bad/--anchor until it stops saying 125
# (at most 30 runs each). The repository is tiny: 8 commits after a good
# one, the first bad one (commit 5) 10 % slower on ZPOPMIN. A "run" of a
# commit (seeded by its number, so the test is deterministic) writes a synthetic redis-zpopmin run at the level its checkout
# says, with 3 % run-to-run noise; the machine drifted +6 % since the
# references ran, which only the anchor sees. Commit 6 does not build: its
# step answers 125 and git bisect skips it. git bisect must name commit 5.
set -uo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
command -v git > /dev/null || { echo "no git"; exit 77; }
command -v python3 > /dev/null || { echo "no python3"; exit 77; }
command -v bc > /dev/null || { echo "no bc"; exit 77; }
work=$PWD

# mkrun LOGDIR RUN LEVEL SEED: one run of 1 iteration, ZPOPMIN at LEVEL x 1e6 x (1 + 3 % noise)
cat > mkrun.py <<'PY'
import os, random, sys
log, run, level, seed = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)
d = os.path.join(log, run, "iter-0")
os.makedirs(os.path.join(d, "redis-zpopmin", "logs"))
t0 = 1764460000 + rng.randrange(10**6)
with open(os.path.join(d, "tests-timestamp"), "w") as f:
    f.write("start :: %d\ntest begin :: redis-zpopmin %d\ntest end :: redis-zpopmin %d 0\n"
            "time :: redis-zpopmin 6.71 user 1.48 system 10.00 elapsed\nfinish :: %d\n" % (t0, t0 + 1, t0 + 11, t0 + 12))
with open(os.path.join(d, "tests-activity"), "w") as f:
    f.write("%d run-mmtests: Start\n" % t0)
with open(os.path.join(log, run, "mmtests-activity"), "w") as f:
    f.write("%d run-mmtests: Start\n%d status :: 0\n" % (t0, t0 + 12))
runf = level * (1 + rng.gauss(0, 0.03))
for rep in range(1, 4):
    with open(os.path.join(d, "redis-zpopmin", "logs", "redis-1-%d.log" % rep), "w") as f:
        f.write('"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n')
        f.write('"ZPOPMIN","%.2f","0.091","0.080","0.089","0.109","0.159","0.289"\n' % (1e6 * runf * (1 + rng.gauss(0, 0.01))))
PY

# The repository: commit 0 good, commits 1-8, from commit 5 on 10 % slower.
git init -q repo || fail "git init"
cd repo || fail "no repo"
git config user.email bisect@example.invalid && git config user.name bisect
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"  # the same hashes every time
for c in $(seq 0 8); do
	if [ "$c" -ge 5 ]; then echo 0.90 > level; else echo 1.00 > level; fi
	if [ "$c" = 6 ]; then echo yes > broken; else rm -f broken; fi
	echo "$c" > commit
	git add -A . && git commit -qm "commit $c" || fail "commit $c"
	git tag "c$c"
done

# Once: the references, from the known-good and known-bad commits.
refs=$work/refs
for i in $(seq 10); do
	python3 "$work/mkrun.py" "$refs/log" "good-$i" 1.00 "good-$i" || fail "a reference run"
	python3 "$work/mkrun.py" "$refs/log" "bad-$i" 0.90 "bad-$i" || fail "a reference run"
done

# The step script: the recipe's loop, with the machine 6 % faster than when
# the references ran (both builds alike), and a count of the runs it spent.
cat > "$work/bisect-step.sh" <<EOF
#!/bin/bash
rev=\$(git rev-parse --short HEAD) w=\$(mktemp -d "$work/step.XXXXXX")
[ -f broken ] && { echo "\$rev \$(cat commit) 125 (does not build)" >> "$work/answers"; exit 125; }
cp -r "$refs/log" "\$w/log"
refargs=(); for i in \$(seq 10); do refargs+=(--good good-\$i --bad bad-\$i); done
anchor=()
for n in \$(seq 30); do
    python3 "$work/mkrun.py" "\$w/log" "anchor-\$n" "\$(echo "1.00 * 1.06" | bc)" "anchor-c\$(cat commit)-\$n" || exit 125
    python3 "$work/mkrun.py" "\$w/log" "\$rev-\$n" "\$(echo "\$(cat level) * 1.06" | bc)" "c\$(cat commit)-\$n" || exit 125
    echo "\$rev" >> "$work/runs-spent"
    anchor+=(--anchor "anchor-\$n")
    [ "\$n" -lt 4 ] && continue
    rc=0; "$BIN/compare-kernels" -C "\$w/log" --metric ZPOPMIN "\${refargs[@]}" "\${anchor[@]}" --bisect > "\$w/report.txt" 2>&1 || rc=\$?
    [ "\$rc" != 125 ] && { echo "\$rev \$(cat commit) \$rc after \$n runs" >> "$work/answers"; exit "\$rc"; }
done
echo "\$rev \$(cat commit) 125 after 30 runs" >> "$work/answers"
exit 125
EOF
chmod +x "$work/bisect-step.sh"

git bisect start c8 c0 > /dev/null || fail "git bisect start"
git bisect run "$work/bisect-step.sh" > "$work/bisect.log" 2>&1
found=$(grep -m1 'is the first bad commit' "$work/bisect.log" | cut -d' ' -f1)
git bisect reset -q > /dev/null 2>&1
[ -n "$found" ] || { cat "$work/answers"; tail -20 "$work/bisect.log"; fail "git bisect run named no first bad commit"; }
[ "$found" = "$(git rev-parse c5)" ] ||
	{ cat "$work/answers"; fail "git bisect run named commit $(git show -s --format=%s "$found"), want commit 5"; }
# git bisect need not visit commit 6; when it does, the step says 125
if grep -q '^[0-9a-f]* 6 ' "$work/answers"; then
	grep -q '^[0-9a-f]* 6 125 (does not build)$' "$work/answers" || fail "commit 6 was not skipped: $(cat "$work/answers")"
fi
steps=$(wc -l < "$work/answers") spent=$(wc -l < "$work/runs-spent")
echo "ok: git bisect run with the recipe (anchor, a machine 6 % off its references) named commit 5 in $steps steps, $spent candidate runs (and as many anchor runs): $(tr '\n' ';' < "$work/answers")"
