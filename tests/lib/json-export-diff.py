#!/usr/bin/env python3
"""json-export-diff.py PERL.json OURS.json: does our --json-export hold what
compare-mmtests.pl's does? Every field of the Perl's must be in ours with the
same value, except the extract modules' bookkeeping that README lists as left
out (plot settings, checkout paths, caches, a monitor module's own state).
Numbers compare by value (Perl writes "80" or 80 or 80.0 as its flags say),
to 14 significant digits: Perl writes 15, and a mean summed in another order
may differ in the last one. Fields only we write are allowed. Prints each difference; exit 1 if any."""
import json
import math
import re
import sys

# Module fields we do not write (README, compare-mmtests: --json-export).
LEFT_OUT = re.compile(r"^/_ExtractModules\[\d+\]/_(Plot\w*|Shellpack\w*|CacheHandle|LastSample|PrintHandler|"
                      r"ResultDataUnsorted|LastValues?|DefaultPlot|Heading)$")
# Each monitor module sets these its own way.
MONITOR_OWN = re.compile(r"^/_ExtractModules\[\d+\]/_(FieldHeaders|FieldFormat|Summarytype)$")


def number(x):
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, float)):
        return float(x)
    if isinstance(x, str):
        try:
            return float(x)
        except ValueError:
            return None
    return None


def close(p, o):
    if math.isnan(p) or math.isnan(o):
        return math.isnan(p) and math.isnan(o)
    return p == o or abs(p - o) <= 1e-14 * max(abs(p), abs(o))


def compare(perl, ours, path, monitor, diffs):
    if isinstance(perl, dict) and isinstance(ours, dict):
        for key in perl:
            sub = f"{path}/{key}"
            if LEFT_OUT.match(sub) or (monitor and MONITOR_OWN.match(sub)):
                continue
            if key not in ours:
                diffs.append(f"missing {sub}")
            else:
                compare(perl[key], ours[key], sub, monitor, diffs)
        return
    if isinstance(perl, list) and isinstance(ours, list):
        if len(perl) != len(ours):
            diffs.append(f"length {path}: {len(perl)} vs ours {len(ours)}")
            return
        for i, (p, o) in enumerate(zip(perl, ours)):
            compare(p, o, f"{path}[{i}]", monitor, diffs)
        return
    if perl == ours:
        return
    p, o = number(perl), number(ours)
    if p is not None and o is not None and close(p, o):
        return
    diffs.append(f"value {path}: {json.dumps(perl)[:60]} vs ours {json.dumps(ours)[:60]}")


def main():
    with open(sys.argv[1]) as f:
        perl = json.load(f)
    with open(sys.argv[2]) as f:
        ours = json.load(f)
    monitor = str(perl.get("_ModuleName", "")).startswith("Monitor")
    diffs = []
    compare(perl, ours, "", monitor, diffs)
    for d in diffs[:20]:
        print(d)
    if diffs:
        print(f"{len(diffs)} differences")
    return 1 if diffs else 0


sys.exit(main())
