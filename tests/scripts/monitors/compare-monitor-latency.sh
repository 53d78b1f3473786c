#!/bin/bash
# compare-mmtests --print-monitor latency: MonitorLatency.pm used directly,
# not through a read-/write-/sync-latency subclass. It has no _Heading, so it
# reads iter-N/-BENCH, prints 16 wide (the subclasses: 18) and its summary is
# the share of samples in Fibonacci-sized bins; --sub-heading both sets its
# options and selects operations, so batch=/breakdown= select nothing.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${BIN:=$TOP/build/bin}"
source "$TOP/tests/lib/monitor-fixture.bash"
check_monitor_fixture "$TOP/tests/fixtures/monitors-latency"
