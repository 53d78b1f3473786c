#!/bin/bash
# compare-mmtests --print-monitor iotop (MonitorIotop.pm) on a small iotop
# log tree (3 runs, 1-2 iterations, gz and plain): the column chosen by
# --sub-heading per command, its per-interval harmonic mean / stddev
# ("-mean", "-stddev"), and the sub-headings the module dies on.
: "${TOP:?}"
source "$TOP/tests/scripts/lib/monitor-fixture.sh"
check_monitor_fixture iotop
echo "$checked iotop cases match compare-mmtests.pl"
