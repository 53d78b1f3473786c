#!/bin/bash
# Real published trees read for what they are (issue 39), each rule on a
# small synthetic redis-zpopmin tree shaped like the tree it stands for:
#   2020's MMTests logs: "test end :: BENCH T" without an exit code and no
#     status line -> exit unknown (said), the runs valid, the verdict made;
#   runs of two machines (a POWER9 with 8 CPUs, a POWER8 with 160) -> said
#     first, under "Machine limits", and no verdict (--bisect: 125);
#   one iteration with fewer samples than another run's -> a warning, the
#     run kept in the verdict (not "incomplete");
#   three dated snapshots named ltc-DATE of three kernel releases -> each
#     against the first, not A/B/A, and the design line says why;
#   a retbleed=off boot named like the baseline -> not its repeat;
#   a rerun named -base-again -> the second A;
#   a single run whose own iterations spread by 20 % -> inconclusive;
#   a benchmark whose rates MMTests ranks lower-is-better -> a direction note.
set -uo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "no python3"; exit 77; }

# tree DIR SPEC: SPEC is JSON, a list of runs {name, iters, shift, host, cpus,
# arch, release, cmdline, rc ("0" or "" for none), reps (per iteration, a
# list), boots (false: MMTests' one boot a run), spread (% per iteration)}.
tree() {
	python3 - "$@" <<'PY'
import json, os, random, sys
root, runs = sys.argv[1], json.loads(sys.argv[2])
rng = random.Random(7)
levels = {"GET": 2300000.0, "ZADD": 510000.0, "ZPOPMIN": 1000000.0}
for n, r in enumerate(runs):
    for it in range(r.get("iters", 5)):
        d = os.path.join(root, r["name"], "iter-%d" % it)
        os.makedirs(os.path.join(d, "redis-zpopmin", "logs"))
        if r.get("boots", True):
            with open(os.path.join(d, "boot-id"), "w") as f:
                f.write("0000%04x-0000-4000-8000-%012x\n" % (n, it))
        t0 = 1600000000 + n * 1000 + it * 100
        rc = r.get("rc", "0")
        with open(os.path.join(d, "tests-timestamp"), "w") as f:
            f.write("start :: %d\narch :: %s\n" % (t0, r.get("arch", "x86_64")))
            if "cpus" in r:
                f.write("available: 1 nodes (0)\nnode 0 cpus: %s\n" % " ".join(str(c) for c in range(r["cpus"])))
            f.write("test begin :: redis-zpopmin %d\ntest end :: redis-zpopmin %d%s\n" % (t0 + 1, t0 + 11, " " + rc if rc else ""))
            f.write("time :: redis-zpopmin 6.71 user 1.48 system 10.00 elapsed\nfinish :: %d\n" % (t0 + 12))
        if "host" in r or "release" in r:
            with open(os.path.join(d, "redis-zpopmin", "kernel.version"), "w") as f:
                f.write("Linux %s %s #1 SMP Tue Jul 7 10:00:00 UTC 2020 %s GNU/Linux\n"
                        % (r.get("host", "box"), r.get("release", "5.8.0-rc4"), r.get("arch", "x86_64")))
        if "cmdline" in r and it == 0:
            with open(os.path.join(d, "cmdline.txt"), "w") as f:
                f.write(r["cmdline"] + "\n")
        bootf = {op: 1 + rng.gauss(0, 0.003) for op in levels}
        if r.get("spread"):  # this iteration's own level: one run's iterations far apart
            bootf = {op: 1 + r["spread"] / 100 * (it - 2) for op in levels}
        reps = r.get("reps", [3] * r.get("iters", 5))
        for rep in range(1, reps[it] + 1):
            with open(os.path.join(d, "redis-zpopmin", "logs", "redis-1-%d.log" % rep), "w") as f:
                f.write('"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n')
                for op, level in levels.items():
                    v = level * bootf[op] * (1 + rng.gauss(0, 0.001)) * (1 + r.get("shift", 0) / 100)
                    f.write('"%s","%.2f","0.091","0.080","0.089","0.109","0.159","0.289"\n' % (op, v))
PY
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# 2020's logs: no exit code on "test end", no mmtests-activity.
tree old '[{"name": "base-first", "rc": ""}, {"name": "cand", "rc": ""}, {"name": "base-return", "rc": ""}]'
rc=0; "$BIN/compare-kernels" -C old --metric RPS --warnings > old.txt 2> old.err || rc=$?
[[ $rc == 0 ]] || fail "2020 tree: exit $rc: $(cat old.err)"
grep -q "invalid run" old.err old.txt && fail "2020 tree: a run without an exit code was called invalid: $(cat old.err)"
grep -q "redis-zpopmin: exit unknown in base-first, cand, base-return (its test end lines record no exit code" old.err ||
	fail "2020 tree: exit unknown not said: $(cat old.err)"
grep -q "^Verdict for redis-zpopmin: A/B/A: A1 base-first, B cand, A2 base-return$" old.txt || fail "2020 tree: no verdict"
rc=0; "$BIN/compare-kernels" -C old --metric RPS --bisect > /dev/null 2>&1 || rc=$?
[[ $rc == 0 ]] || fail "2020 tree, the same kernel three times: --bisect exit $rc, want 0"
echo "ok: a test end line without an exit code is exit unknown, and the verdict is made"

# Two machines: a POWER9 with 8 CPUs against a POWER8 with 160.
tree hosts '[{"name": "ltc-p9", "host": "ltc-p9-1", "cpus": 8, "arch": "ppc64le"},
	{"name": "ltc-p8", "host": "ltc-p8-7", "cpus": 160, "arch": "ppc64le", "shift": -20}]'
rc=0; "$BIN/compare-kernels" -C hosts --metric RPS > hosts.txt 2> hosts.err || rc=$?
[[ $rc == 0 ]] || fail "two hosts: exit $rc: $(cat hosts.err)"
[[ $(sed -n 2p hosts.txt) == "Machine limits (read before the verdict)" ]] || fail "two hosts: not said first: $(head -5 hosts.txt)"
[[ $(sed -n 3p hosts.txt) == "  the runs ran on different machines: no verdict compares them as kernels" ]] ||
	fail "two hosts: $(sed -n 3p hosts.txt)"
grep -q "^    hostname: ltc-p8-7 (ltc-p8); ltc-p9-1 (ltc-p9)$" hosts.txt || fail "two hosts: hostnames not named: $(head -8 hosts.txt)"
grep -q "^    CPUs: 160 (ltc-p8); 8 (ltc-p9)$" hosts.txt || fail "two hosts: CPU counts not named"
grep -q "architecture:" hosts.txt && fail "two hosts: one architecture called a difference"
grep -Eq "^Verdict for|regression|improvement" <(sed '/^=== MMTests compare-kernels.sh report ===$/,$d' hosts.txt) &&
	fail "two hosts: a verdict was made: $(cat hosts.txt)"
grep -q "^Verdicts for redis-zpopmin: none: the runs ran on different machines" hosts.txt || fail "two hosts: no note"
rc=0; "$BIN/compare-kernels" -C hosts --metric RPS --bisect > /dev/null 2>&1 || rc=$?
[[ $rc == 125 ]] || fail "two hosts: --bisect exit $rc, want 125"
echo "ok: runs of two machines are said to be so first, and nothing is called"

# Unequal samples per iteration: B's third iteration has 2 logs of 3.
tree unequal '[{"name": "base-first"}, {"name": "cand", "reps": [3, 3, 2, 3, 3]}, {"name": "base-return"}]'
rc=0; "$BIN/compare-kernels" -C unequal --metric RPS --warnings > unequal.txt 2> unequal.err || rc=$?
[[ $rc == 0 ]] || fail "unequal samples: exit $rc: $(cat unequal.err)"
grep -q "invalid run" unequal.err && fail "unequal samples made a run invalid: $(cat unequal.err)"
grep -q "warning: cand for redis-zpopmin: [0-9]* operation(s) with fewer samples per iteration than another run" unequal.err ||
	fail "unequal samples: no warning: $(cat unequal.err)"
grep -q "^Verdict for redis-zpopmin: A/B/A: A1 base-first, B cand, A2 base-return$" unequal.txt || fail "unequal samples: no verdict"
grep -Eq "^[0-9]+ regressions?, [0-9]+ improvements?, [1-9][0-9]* no change" unequal.txt ||
	fail "unequal samples, the same kernel: no metric no change: $(grep -A8 '^Verdict for' unequal.txt)"
echo "ok: unequal samples per iteration are a warning, and the verdict stands"

# Three dated snapshots named ltc-DATE: three kernel releases, never A/B/A.
tree ltc '[{"name": "ltc-20200601", "release": "5.7.0"}, {"name": "ltc-20200701", "release": "5.8.0-rc4"},
	{"name": "ltc-20200801", "release": "5.8.0"}]'
"$BIN/compare-kernels" -C ltc --metric RPS > ltc.txt 2> ltc.err || fail "snapshots: $(cat ltc.err)"
grep -q "^Design: each run against the first (ltc-20200601); the first and last runs share a name but not what they recorded (kernel release 5.7.0 / 5.8.0), so not A/B/A$" ltc.txt ||
	fail "snapshots of three releases: $(grep -E '^(Roles|Design)' ltc.txt)"
echo "ok: dated snapshots of three kernel releases are each run against the first, and the design says why"

# A retbleed=off boot named like the baseline is not its repeat.
tree boots '[{"name": "base-1", "cmdline": "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet"},
	{"name": "patched-1", "cmdline": "BOOT_IMAGE=/vmlinuz-p root=/dev/sda1 quiet"},
	{"name": "base-2", "cmdline": "BOOT_IMAGE=/vmlinuz root=/dev/sda2 quiet retbleed=off"}]'
"$BIN/compare-kernels" -C boots --metric RPS > boots.txt 2> boots.err || fail "boots: $(cat boots.err)"
grep -q "not what they recorded (kernel command line - / retbleed=off), so not A/B/A$" boots.txt ||
	fail "a retbleed=off boot was taken as the baseline's repeat: $(grep -E '^(Roles|Design)' boots.txt)"
echo "ok: a retbleed=off boot named like the baseline is its own run, not A2"

# Real reruns: -base-again is the baseline's repeat.
tree again '[{"name": "v5.9-base"}, {"name": "v5.9-patched"}, {"name": "v5.9-base-again"}]'
"$BIN/compare-kernels" -C again --metric RPS > again.txt 2> again.err || fail "again: $(cat again.err)"
grep -q "^Roles: A1 v5.9-base, B v5.9-patched, A2 v5.9-base-again (A/B/A: the first and last runs share the name 'v5.9-base')$" again.txt ||
	fail "-base-again not recognised as a rerun: $(grep -E '^(Roles|Design)' again.txt)"
echo "ok: a rerun named -base-again is the second A"

# A single run whose own iterations spread by 20 % (MMTests' one boot a run)
# against two tight baseline runs: inconclusive, not a call on borrowed variance.
tree single '[{"name": "base-first", "boots": false}, {"name": "cand", "boots": false, "spread": 10, "shift": -24.5},
	{"name": "base-return", "boots": false}]'
"$BIN/compare-kernels" -C single --metric ZPOPMIN > single.txt 2> single.err || fail "single: $(cat single.err)"
grep -Eq "^ZPOPMIN-RPS-1 .* inconclusive \(one run whose own iterations vary more than the base's units" single.txt ||
	fail "a single noisy run was called: $(grep -A4 '^metric ' single.txt)"
echo "ok: a single run with its own large spread is inconclusive"

# A benchmark whose rates MMTests ranks lower-is-better gets a direction note.
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
cp -a "$GOLDENS/cases/stressng-basic/log" stressng && chmod -R u+w stressng
"$BIN/compare-kernels" -C stressng > stressng.txt 2> stressng.err || fail "stressng: $(cat stressng.err)"
grep -q "^(MMTests ranks stressng's bops-.* lower-is-better (its shellpack.yaml has no preferhigher), so a fall in a rate reads as an improvement here)$" stressng.txt ||
	fail "no direction note for stressng's bogo ops: $(sed -n 1,14p stressng.txt)"
echo "ok: a flipped benchmark's rates get a direction note"
exit 0
