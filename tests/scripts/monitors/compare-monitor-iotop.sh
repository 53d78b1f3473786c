#!/bin/bash
# compare-mmtests --print-monitor iotop (MonitorIotop.pm) on a small iotop
# log tree (3 runs, 1-2 iterations, gz and plain): the column chosen by
# --sub-heading per command, its per-interval harmonic mean / stddev
# ("-mean", "-stddev"), and the sub-headings the module dies on.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${BIN:=$TOP/build/bin}"
source "$TOP/tests/lib/monitor-fixture.bash"
check_monitor_fixture "$TOP/tests/fixtures/monitors-iotop"
