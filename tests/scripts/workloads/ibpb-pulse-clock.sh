#!/bin/bash
# ibpb-pulse in workload mode records what it timed (the --all-cpus pulses,
# spawn to exit) as every workload does, in ibpb-pulse-clock.json
# (docs/clock-check.md), and its status counts the CPUs pulsed: both read
# against the JSON lines the pulses wrote.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
IP=$BIN/ibpb-pulse
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$IP" ] || fail "$IP not built"
command -v python3 >/dev/null || { echo "SKIP: python3 not installed (reads the JSON record)"; exit 77; }
# Root writes here (out, err, the logs): only root may (the pulses run as
# nobody, but get their files as open fds).
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || { echo "SKIP: setpriv not installed (root runs the pulses through it)"; exit 77; }
fi
"$IP" --mode sham --logdir "$work" >"$work/out" 2>"$work/err"; rc=$?
if [ $rc = 5 ]; then echo "SKIP: no per-task speculation control here: $(head -1 "$work/err")"; exit 77; fi
[ $rc = 0 ] || fail "ibpb-pulse --mode sham exited $rc: $(cat "$work/err")"
n=$(grep -c '^{"cpu":' "$work/ibpb-pulse.json")
[ "$n" -ge 1 ] || fail "no JSON line in ibpb-pulse.json"
[ "$(cat "$work/ibpb-pulse.status")" = "ok sham $n" ] || fail "status '$(cat "$work/ibpb-pulse.status")', want 'ok sham $n'"
python3 - "$work/ibpb-pulse-clock.json" "$n" <<'PY' || fail "ibpb-pulse-clock.json: $(cat "$work/ibpb-pulse-clock.json")"
import json, sys
r = json.load(open(sys.argv[1])); n = int(sys.argv[2])
assert r["workload"] == "ibpb-pulse", r["workload"]
assert r["clock"].startswith("CLOCK_MONOTONIC ns"), r["clock"]
assert r["resolution_ns"] > 0 and r["min_ticks"] == 1000
assert r["samples"] == 1 and r["shortest_sample"] == "sham pulses on %d CPUs" % n, r["shortest_sample"]
# a fork, exec and exit per CPU: far over a microsecond, under a minute
assert 1000 < r["shortest_span_ns"] < 60e9, r["shortest_span_ns"]
assert r["shortest_ticks"] == r["shortest_span_ns"] / r["resolution_ns"]
s = r["series"][0]
assert s["name"] == "us per pulse" and s["n"] == 1
assert abs(s["mean"] - r["shortest_span_ns"] / 1000 / n) < 1e-6 * s["mean"], s
PY
echo "ibpb-pulse clock record passed ($n CPUs, $(grep -o '"shortest_span_ns": [0-9]*' "$work/ibpb-pulse-clock.json"))"
