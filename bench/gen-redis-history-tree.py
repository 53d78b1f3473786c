#!/usr/bin/env python3
"""gen-redis-history-tree.py OUT RUNS [ITERS] [SEED] [FIRST] [ONLY]: a work/log tree of
RUNS redis runs (run-FIRST, ... as run-00000; FIRST 0 by default), ITERS iterations each (iter-N/redis/logs/
redis-1-1.log, redis-benchmark --csv with 17 tests: 102 metrics), started
100 s apart; ONLY: a comma list of the tests to write (GET: 6 metrics), all by default.
Deterministic for a seed; for bench/results-store-scale.sh."""
import os, random, sys

out, runs = sys.argv[1], int(sys.argv[2])
iters = int(sys.argv[3]) if len(sys.argv) > 3 else 5
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
first = int(sys.argv[5]) if len(sys.argv) > 5 else 0
tests = ["PING_INLINE", "PING_MBULK", "SET", "GET", "INCR", "LPUSH", "RPUSH", "LPOP", "RPOP", "SADD", "HSET",
         "SPOP", "ZADD", "ZPOPMIN", "LPUSH_LRANGE", "LRANGE_100", "MSET"]
if len(sys.argv) > 6:
    tests = sys.argv[6].split(",")
header = '"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n'
for r in range(first, first + runs):
    name, t = "run-%05d" % r, 1700000000 + 100 * r
    for it in range(iters):
        d = os.path.join(out, name, "iter-%d" % it)
        os.makedirs(os.path.join(d, "redis", "logs"))
        if it == 0:
            with open(os.path.join(d, "tests-activity"), "w") as f:
                f.write("%d run-mmtests: Start\n%d run-mmtests: test start :: redis\n" % (t, t))
        with open(os.path.join(d, "tests-timestamp"), "w") as f:
            f.write("start :: %d\ntest begin :: redis %d\ntest end :: redis %d 0\nfinish :: %d\n" % (t, t, t + 1, t + 2))
        lines = [header]
        for test in tests:
            rps = 100000 * (1 + rng.gauss(0, 0.02))
            lat = 1e3 / rps
            lines.append('"%s","%.2f","%.3f","%.3f","%.3f","%.3f","%.3f","%.3f"\n' %
                         (test, rps, lat, lat * 0.5, lat, lat * 1.5, lat * 2, lat * 3))
        with open(os.path.join(d, "redis", "logs", "redis-1-1.log"), "w") as f:
            f.writelines(lines)
