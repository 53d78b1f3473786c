#!/bin/bash
# compare-mmtests --print-monitor turbostat against compare-mmtests.pl's outputs on
# tests/fixtures/monitors-turbostat: turbostat's summary-line columns (plain, latency-prefixed and Package-column logs, gz and plain), exact sub-headings and an unknown one.
# See tests/lib/monitor-fixture.bash.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${BIN:=$TOP/build/bin}"
source "$TOP/tests/lib/monitor-fixture.bash"
check_monitor_fixture "$TOP/tests/fixtures/monitors-turbostat"
