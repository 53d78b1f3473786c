#!/usr/bin/env python3
"""synthetic-perfpipe-tree.py OUT SEED RUNS ITERS [START] [--shift RUN:FRACTION]... [--name FMT]

Writes a work/log tree of RUNS perfpipe runs (run-mmtests.sh's layout: RUN/iter-N/
tests-activity, tests-timestamp, perfpipe/logs/benchlog-_-_-1), each with ITERS
iterations whose usecs/op is 10 * level * (1 + N(0, 0.01)), level changing by
FRACTION from run index RUN on. Deterministic for a seed. Names: FMT % index
(default run-%03d); runs start 100 s apart from START (default 1700000000)."""
import os, random, sys

args = sys.argv[1:]
shifts, fmt, pos = {}, "run-%03d", []
i = 0
while i < len(args):
    if args[i] == "--shift":
        r, f = args[i + 1].split(":"); shifts[int(r)] = float(f); i += 2
    elif args[i] == "--name":
        fmt = args[i + 1]; i += 2
    else:
        pos.append(args[i]); i += 1
out, seed, runs, iters = pos[0], int(pos[1]), int(pos[2]), int(pos[3])
start = int(pos[4]) if len(pos) > 4 else 1700000000
rng = random.Random(seed)
level = 1.0
for r in range(runs):
    level *= 1 + shifts.get(r, 0.0)
    name = fmt % r
    t = start + 100 * r
    for it in range(iters):
        d = os.path.join(out, name, "iter-%d" % it)
        os.makedirs(os.path.join(d, "perfpipe", "logs"), exist_ok=True)
        if it == 0:
            with open(os.path.join(d, "tests-activity"), "w") as f:
                f.write("%d run-mmtests: Start\n%d run-mmtests: test start :: perfpipe\n" % (t, t))
        with open(os.path.join(d, "tests-timestamp"), "w") as f:
            f.write("start :: %d\ntest begin :: perfpipe %d\ntest end :: perfpipe %d 0\nfinish :: %d\n" % (t, t, t + 1, t + 2))
        v = 10 * level * (1 + rng.gauss(0, 0.01))
        with open(os.path.join(d, "perfpipe", "logs", "benchlog-_-_-1"), "w") as f:
            f.write("# Running 'sched/pipe' benchmark:\n# Executed 20000 pipe operations between two processes\n\n"
                    "     Total time: 0.183 [sec]\n\n       %.6f usecs/op\n         %d ops/sec\n" % (v, int(1e6 / v)))
