#!/bin/bash
# compare-kernels --format mail is pasteable for every verdict design (issue
# 29): on a synthetic redis-zpopmin A/B/A tree with a machine record
# (kernel.version, cpu-vulnerabilities.txt, cmdline.txt that differ in the
# B run) and on a real pipe-pingpong tree from run-config (seed 001's four
# mode runs), the mail of aba, first, baselines, lkp and rfc is
#   - at most 80 columns of plain ASCII, at most 40 lines;
#   - names the machine and kernels, the runs' roles only for A/B/A and the
#     design in one line otherwise, and what differs between the runs;
#   - shows per metric both sides' absolute values with a unit, the change
#     with its interval and the call (rfc: us/iter per run; baselines: mean
#     and stddev per run), never empty.
set -uo pipefail
: "${BIN:?}" "${TOP:?}"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "no python3"; exit 77; }
for b in compare-kernels run-config pipe-pingpong; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done

# zpopmin_tree DIR: base-first, cand (ZPOPMIN 15 % down, mitigations=off), base-return; 5 boots each.
zpopmin_tree() {
	python3 - "$1" <<'PY'
import os, random, sys
root = sys.argv[1]
rng = random.Random(7)
levels = {"GET": 2300000.0, "ZADD": 510000.0, "ZPOPMIN": 1000000.0}
for n, run in enumerate(["base-first", "cand", "base-return"]):
    for it in range(5):
        d = os.path.join(root, run, "iter-%d" % it)
        os.makedirs(os.path.join(d, "redis-zpopmin", "logs"))
        with open(os.path.join(d, "boot-id"), "w") as f:
            f.write("00000007-0000-4000-8000-%012x\n" % (n * 1000 + it))
        t0 = 1764460000 + n * 1000 + it * 100
        with open(os.path.join(d, "tests-timestamp"), "w") as f:
            f.write("start :: %d\ntest begin :: redis-zpopmin %d\ntest end :: redis-zpopmin %d 0\n"
                    "time :: redis-zpopmin 6.71 user 1.48 system 10.00 elapsed\nfinish :: %d\n" % (t0, t0 + 1, t0 + 11, t0 + 12))
        if it == 0:
            cand = run == "cand"
            with open(os.path.join(d, "kernel.version"), "w") as f:
                f.write("Linux testhost 6.1.0-%d-amd64 #1 SMP PREEMPT_DYNAMIC Debian x86_64 GNU/Linux\n" % (9 if cand else 8))
            with open(os.path.join(d, "cpu-vulnerabilities.txt"), "w") as f:
                f.write("spectre_v2: %s\n" % ("Vulnerable" if cand else "Mitigation: Retpolines"))
            with open(os.path.join(d, "cmdline.txt"), "w") as f:
                # a control character from the tree must never reach the mail raw
                f.write("quiet root=/dev/vda1%s\n" % (" mitigations=off \x1b[31mred" if cand else ""))
        boot = {op: 1 + rng.gauss(0, 0.003) for op in levels}
        for rep in range(1, 4):
            with open(os.path.join(d, "redis-zpopmin", "logs", "redis-1-%d.log" % rep), "w") as f:
                f.write('"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n')
                for op, level in levels.items():
                    v = level * boot[op] * (1 + rng.gauss(0, 0.001)) * (0.85 if run == "cand" and op == "ZPOPMIN" else 1)
                    f.write('"%s","%.2f","0.091","0.080","0.089","0.109","0.159","0.289"\n' % (op, v))
PY
}

# mail NAME ARGS...: compare-kernels --format mail into NAME.mail, checked for shape.
mail() {
	local name=$1
	shift
	"$BIN/compare-kernels" "$@" --format mail > "$name.mail" 2> "$name.err" || fail "$name: exit $?: $(cat "$name.err")"
	echo "--- $name"
	cat "$name.mail"
	[ -s "$name.mail" ] || fail "$name: empty mail"
	awk -v n="$name" 'length($0) > 80 { print n ": line " NR ": " length($0) " columns"; bad = 1 } END { exit bad }' "$name.mail" ||
		fail "$name: lines over 80 columns"
	LC_ALL=C grep -q '[^ -~]' "$name.mail" && fail "$name: non-ASCII or a control character"
	[ "$(wc -l < "$name.mail")" -le 40 ] || fail "$name: $(wc -l < "$name.mail") lines, want at most 40"
	# A line the mail wrapped (continued with six blanks) joined again, for the content checks.
	awk 'NR > 1 && !/^      [^ ]/ { print "" } /^      [^ ]/ { sub(/^ +/, " ") } { printf "%s", $0 } END { print "" }' "$name.mail" > "$name.flat"
	grep -q '^Machine: ' "$name.mail" || fail "$name: no machine line"
	grep -q '^Config: ' "$name.mail" || fail "$name: no config line"
}

zpopmin_tree zp
mail aba -C zp
grep -q '^Roles: A1 base-first, B cand, A2 base-return (A/B/A: ' aba.flat ||
	fail "aba: no roles line"
grep -q '^Machine: testhost x86_64$' aba.flat || fail "aba: machine not named"
grep -q '^Kernels: base-first 6.1.0-8-amd64, cand 6.1.0-9-amd64, base-return 6.1.0-8-amd64$' aba.flat || fail "aba: kernels"
grep -q 'vulnerabilities/spectre_v2: base-first=Mitigation: Retpolines; cand=Vulnerable' aba.flat || fail "aba: mitigation difference"
grep -q 'cmdline: .*cand=.*mitigations=off' aba.flat || fail "aba: command line difference"
# ZPOPMIN: both sides' means (about 1000 and 850 kops/s), -15 % with its interval, a regression
grep -Eq '^  ZPOPMIN-RPS-1 +(99[0-9]|100[0-9])(\.[0-9]+)? +8[45][0-9]\.[0-9]+ kops/s +-1[45]\.[0-9]% +\+-[0-9.]+% regression$' aba.flat ||
	fail "aba: the ZPOPMIN row lacks its values, unit, interval or call"
grep -Eq '^  \.\.\. and 3 metrics: 3 no change \(every interval within \+-[0-9.]+%\)$' aba.flat || fail "aba: no-change metrics not counted with their widest interval"
grep -q '20% trimmed mean' aba.flat || fail "aba: the statistic is not named"

mail first -C zp --verdict first
grep -q '^Design: each run against the first (base-first)$' first.flat || fail "first: no design line"
grep -q '^Roles:' first.flat && fail "first: a roles line outside A/B/A"
grep -Eq '^  ZPOPMIN-RPS-1 .* kops/s +-1[45]\.[0-9]% ' first.flat || fail "first: no ZPOPMIN row with values"

mail baselines -C zp --verdict baselines
grep -q '^Design: each run against two baselines, base-first and cand' baselines.flat || fail "baselines: no design line"
grep -q '^Roles:' baselines.flat && fail "baselines: a roles line outside A/B/A"
grep -Eq '^ZPOPMIN-RPS-1 \(kops/s\)$' baselines.flat || fail "baselines: no ZPOPMIN block with its unit"
grep -Eq '^ +mean +stdev +vs base1 +vs base2 +CPU +interval$' baselines.flat || fail "baselines: no column heads"
grep -Eq '^cand +8[45][0-9]\.[0-9]+ +[0-9.]+ +-1[45]\.[0-9]+% +0\.00% ' baselines.flat || fail "baselines: no cand row with mean and change"

mail lkp -C zp --verdict lkp
grep -q '^Design: LKP, each later run against the first (base-first)$' lkp.flat || fail "lkp: no design line"
grep -Eq '^  redis-zpopmin.ZPOPMIN-RPS-1$' lkp.flat || fail "lkp: the ZPOPMIN metric is not listed"
grep -Eq '^ +(99[0-9]|100[0-9])(\.[0-9]+)? +8[45][0-9]\.[0-9]+ kops/s +-1[45]\.[0-9]% .* regression$' lkp.flat || fail "lkp: no values row for ZPOPMIN"

# A real tree: run-config runs pipe-pingpong under seed 001's four names.
for m in baseline d parent both; do
	"$BIN/run-config" "$TOP/configs/config-scheduler-pipe-pingpong-pinned" "$m" --work-dir pp \
		--set PIPE_PINGPONG_MODE=baseline --set PIPE_PINGPONG_LOOPS=2000 --set PIPE_PINGPONG_ITERATIONS=3 \
		--set RUN_MONITOR=no > "run-$m.out" 2>&1 || fail "run-config $m: $(tail -3 "run-$m.out")"
done
mail rfc -C pp/log --baseline baseline --compare d --compare parent --compare both --verdict rfc
grep -q '^Design: RFC table, each run' rfc.flat || fail "rfc: no design line"
grep -q '^Roles:' rfc.flat && fail "rfc: a roles line outside A/B/A"
for m in baseline d parent both; do
	grep -Eq "^  $m +baseline +[0-9.]+ +[0-9.]+ +[0-9.]+x " rfc.flat || fail "rfc: no row for $m"
done
mail ppbaselines -C pp/log --baseline baseline --compare d --compare parent --compare both --verdict baselines
grep -q '^Roles:' ppbaselines.flat && fail "pipe-pingpong baselines: a roles line outside A/B/A"
grep -Eq '^usecs-op \(us\)$' ppbaselines.flat || fail "pipe-pingpong baselines: no usecs-op block with its unit"
uname -n > want-host
grep -q "^Machine: $(cat want-host) " ppbaselines.flat || fail "pipe-pingpong: the machine run-config recorded is not named"
echo "ok: --format mail of aba, first, baselines, lkp and rfc is <= 80 columns of ASCII, <= 40 lines, names machine, kernels and design, and shows values with units, intervals and calls"
