#!/bin/bash
# compare-kernels --bisect --good RUN --bad RUN: a candidate is placed between
# a known-good and a known-bad reference and answered by the side of the
# midpoint its interval lies on. Synthetic redis-zpopmin runs, each one run
# of 1 iteration in its own unrecorded boot (the run is the unit), 2 %
# run-to-run noise, the bad reference's ZPOPMIN 10 % down:
#   a candidate at the good level   -> 0 (a noisy box still says "good")
#   a candidate at the bad level    -> 1
#   a candidate halfway             -> 125, with how many runs would settle it
#   references of one run each      -> 125 (their run-to-run noise is unknown)
#   beside an --anchor 6 % off the good reference -> placed against it
#   an --anchor 20 % off (more than the effect)     -> 125 (the machine moved)
set -uo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "no python3"; exit 77; }

# runs DIR NAME COUNT ZPOPMIN_SHIFT_PCT SEED
runs() {
	python3 - "$@" <<'PY'
import os, random, sys
root, name, count, shift, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
rng = random.Random(seed)
levels = {"GET": 2300000.0, "ZPOPMIN": 1000000.0}
for r in range(count):
    run = "%s-%d" % (name, r + 1)
    d = os.path.join(root, run, "iter-0")
    os.makedirs(os.path.join(d, "redis-zpopmin", "logs"))
    t0 = 1764460000 + seed * 10000 + r * 100
    with open(os.path.join(d, "tests-timestamp"), "w") as f:
        f.write("start :: %d\ntest begin :: redis-zpopmin %d\ntest end :: redis-zpopmin %d 0\n"
                "time :: redis-zpopmin 6.71 user 1.48 system 10.00 elapsed\nfinish :: %d\n" % (t0, t0 + 1, t0 + 11, t0 + 12))
    with open(os.path.join(d, "tests-activity"), "w") as f:
        f.write("%d run-mmtests: Start\n" % t0)
    with open(os.path.join(root, run, "mmtests-activity"), "w") as f:
        f.write("%d run-mmtests: Start\n%d status :: 0\n" % (t0, t0 + 12))
    runf = 1 + rng.gauss(0, 0.02)
    for rep in range(1, 6):
        with open(os.path.join(d, "redis-zpopmin", "logs", "redis-1-%d.log" % rep), "w") as f:
            f.write('"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n')
            for op, level in levels.items():
                v = level * runf * (1 + rng.gauss(0, 0.002))
                if op == "ZPOPMIN":
                    v *= 1 + shift / 100
                f.write('"%s","%.2f","0.091","0.080","0.089","0.109","0.159","0.289"\n' % (op, v))
PY
}

refs() {  # refs DIR: 8 good and 8 bad reference runs
	runs "$1" good 8 0 1
	runs "$1" bad 8 -10 2
}
place() {  # place DIR -> the exit status
	local rc=0 args=()
	for i in $(seq 8); do args+=(--good "good-$i" --bad "bad-$i"); done
	"$BIN/compare-kernels" -C "$1" --metric ZPOPMIN "${args[@]}" --bisect > "$1.txt" 2> "$1.err" || rc=$?
	echo "$rc"
}

refs atgood; runs atgood cand 6 0 3
refs atbad; runs atbad cand 6 -10 4
refs halfway; runs halfway cand 2 -5 5

rc=$(place atgood); [[ $rc == 0 ]] || { cat atgood.txt | head -30; cat atgood.err; fail "a candidate at the good level: exit $rc, want 0"; }
grep -Eq "^Bisect for redis-zpopmin: candidate cand \(cand-1, .*cand-6\)" atgood.txt || fail "the candidate's runs are not named as one candidate"
grep -Eq "ZPOPMIN-RPS-1 +effect +-[0-9.]+%  position -?0\.[0-9]+ \[.*\]  good$" atgood.txt || fail "the good candidate's row"
rc=$(place atbad); [[ $rc == 1 ]] || { head -30 atbad.txt; fail "a candidate at the bad level: exit $rc, want 1"; }
grep -Eq "position [01]\.[0-9]+ \[.*\]  bad$" atbad.txt || fail "the bad candidate's row"
rc=$(place halfway); [[ $rc == 125 ]] || { head -30 halfway.txt; fail "a candidate halfway: exit $rc, want 125"; }
grep -q "straddles the midpoint" halfway.txt || fail "the straddling candidate does not say why"
# The mail leads with the answer git bisect run acts on, then the placement.
args=(); for i in $(seq 8); do args+=(--good "good-$i" --bad "bad-$i"); done
"$BIN/compare-kernels" -C atbad --metric ZPOPMIN "${args[@]}" --bisect --format mail > atbad.mail 2> atbad.mail.err
grep -q '^Bisect answer: exit 1 (bad: a regression; 0 good, 1 bad, 125 skip)$' atbad.mail || fail "mail: no bisect answer: $(head -20 atbad.mail)"
grep -q '^Bisect for redis-zpopmin: candidate cand' atbad.mail || fail "mail: no placement: $(cat atbad.mail)"
awk 'length($0) > 80 { print; bad = 1 } END { exit bad }' atbad.mail > long.lines || fail "mail: a line over 80 columns: $(cat long.lines)"
echo "ok: with references a candidate at the good level exits 0, at the bad level 1, halfway 125"

# Runs are the units: a reference of one run cannot say how far runs of one
# commit stray, so even a candidate at the good level is a skip.
runs single good 1 0 6; runs single bad 1 -10 7; runs single cand 6 0 8
rc=0; "$BIN/compare-kernels" -C single --metric ZPOPMIN --good good-1 --bad bad-1 --bisect > single.txt 2>&1 || rc=$?
[[ $rc == 125 ]] || { head -20 single.txt; fail "references of one run each: exit $rc, want 125"; }
grep -q "^Bisect for redis-zpopmin: a reference has a single run, so its run-to-run noise is unknown" single.txt ||
	fail "the single-run reference is not said: $(head -20 single.txt)"
echo "ok: a reference of a single run answers 125 and says why"

# The anchor: the good reference rerun beside the candidate. A machine that
# moved 6 % since the references (more than half the effect) places a
# candidate against the anchor: one at the anchor's level is good, one 10 %
# below it bad. One that moved 20 % (more than the effect) is said, and skipped.
anchored() {  # anchored DIR -> the exit status, the anchor runs anchor-1..4
	local rc=0 args=()
	for i in $(seq 8); do args+=(--good "good-$i" --bad "bad-$i"); done
	for i in $(seq 4); do args+=(--anchor "anchor-$i"); done
	"$BIN/compare-kernels" -C "$1" --metric ZPOPMIN "${args[@]}" --bisect > "$1.txt" 2>&1 || rc=$?
	echo "$rc"
}
refs drifted; runs drifted anchor 4 6 9; runs drifted cand 4 6 10
rc=$(anchored drifted); [[ $rc == 0 ]] || { head -20 drifted.txt; fail "a good candidate beside an anchor 6 % off: exit $rc, want 0"; }
grep -q "candidate anchor" drifted.txt && fail "the anchor's runs were taken as a candidate"
refs driftedbad; runs driftedbad anchor 4 6 9; runs driftedbad cand 4 -4.6 10
rc=$(anchored driftedbad); [[ $rc == 1 ]] || { head -20 driftedbad.txt; fail "a bad candidate beside an anchor 6 % off: exit $rc, want 1"; }
refs moved; runs moved anchor 4 20 9; runs moved cand 4 20 10
rc=$(anchored moved); [[ $rc == 125 ]] || { head -20 moved.txt; fail "an anchor 20 % off: exit $rc, want 125"; }
grep -q "unsure (the anchor moved from the good reference by more than the effect" moved.txt ||
	fail "the moved anchor is not said: $(grep -A3 '^Bisect for' moved.txt)"
echo "ok: beside an anchor 6 % off a candidate is placed against it (good 0, bad 1); 20 % off answers 125 and says why"
