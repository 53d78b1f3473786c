#!/bin/bash
# --json-export against MMTests' own compare-mmtests.pl --json-export, run
# live on golden trees (Singleops, Normalisedops with intervals, Multiops,
# a checkout-parsed benchmark, monitors; plain, ratio, no-compare,
# sub-heading): every field the Perl writes must be in ours with the same
# value (tests/lib/json-export-diff.py; README lists the module bookkeeping
# left out). Then the _ExtractModules of our export, given to --from-json,
# must make the Perl and us print what the tree printed. Needs an MMTests
# checkout (MMTESTS_SRC, default /work/mmtests-src), zstd and the Perl
# modules it uses; skipped (77) without them.
set -uo pipefail
: "${TOP:?}" "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }
perl_cmp=$MMTESTS_SRC/bin/compare-mmtests.pl
[[ -f $perl_cmp ]] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
perl -MYAML::PP -MFile::Which -MCpanel::JSON::XS -MJSON -e 1 2>/dev/null || { echo "Perl modules missing"; exit 77; }
command -v zstd > /dev/null || { echo "no zstd (the Perl compresses its export with it)"; exit 77; }
command -v python3 > /dev/null || { echo "no python3"; exit 77; }
export LC_ALL=C MMTESTS_DIR=$MMTESTS_SRC
here=$PWD

# export CASE BENCH NAMES [options...]: both exports of one tree, compared.
checked=0
export_both() {
	local tree=$1 bench=$2 names=$3; shift 3
	rm -rf "$here/t" && cp -a "$tree" "$here/t" && chmod -R u+w "$here/t"
	(cd "$MMTESTS_SRC" && perl "$perl_cmp" -d "$here/t" -b "$bench" -n "$names" --json-export "$@" \
		> "$here/perl.out" 2> "$here/perl.err") || fail "the Perl failed: -b $bench $*"
	zstd -dqf "$here/t/$bench.json.zst" -o "$here/perl.json" || fail "no Perl export for -b $bench $*"
	rm "$here/t/$bench.json.zst"
	"$BIN/compare-mmtests" -d "$here/t" -b "$bench" -n "$names" --json-export "$@" > "$here/ours.out" 2> "$here/ours.err" ||
		fail "ours failed: -b $bench $*: $(head -2 "$here/ours.err")"
	zstd -dqf "$here/t/$bench.json.zst" -o "$here/ours.json" || fail "no export of ours for -b $bench $*"
	python3 "$TOP/tests/lib/json-export-diff.py" "$here/perl.json" "$here/ours.json" > diff.out ||
		{ head -8 diff.out; fail "--json-export -b $bench $* differs from compare-mmtests.pl's"; }
	checked=$((checked + 1))
	echo "ok: --json-export -b $bench $*"
}

cases=$GOLDENS/cases
runs=v7.1.3-first,v7.3,v7.1.3-return
export_both "$cases/redis-basic/log" redis $runs
export_both "$cases/redis-basic/log" redis $runs --print-ratio
export_both "$cases/perfpipe-basic/log" perfpipe $runs
export_both "$cases/perfpipe-basic/log" perfpipe $runs --print-ratio
export_both "$cases/perfpipe-basic/log" perfpipe $runs --no-compare
export_both "$cases/stressng-basic/log" stressng $runs --print-significance
export_both "$cases/fio-basic/log" fio $runs,v7.3-zerobw --print-ratio --no-compare
export_both "$cases/tbench-synth/log" tbench $runs --sub-heading tput
mon=$GOLDENS/monitors/monitors-basic/log
export_both "$mon" monitor base-first,patched,base-return --print-monitor vmstat
export_both "$mon" monitor base-first,patched,base-return --print-monitor proc-vmstat --print-ratio

# Tools that read MMTests' modules read ours. As with the Perl's own export,
# its _ExtractModules go back into --from-json once _ModuleName is
# Extract<Bench> (goldens: from-json-patched); then the Perl and we print the
# tree's table. Unpatched, both refuse them (goldens: from-json-modules).
export_both "$cases/perfpipe-basic/log" perfpipe $runs
python3 - ours.json <<'PY' || fail "no _ExtractModules in our export"
import json, sys
modules = json.load(open(sys.argv[1]))["_ExtractModules"]
json.dump(modules, open("modules.json", "w"))
for m in modules:
    m["_ModuleName"] = "ExtractPerfpipe"
json.dump(modules, open("modules-patched.json", "w"))
PY
perl "$perl_cmp" --from-json modules-patched.json -b perfpipe > perl-from.out 2> perl-from.err ||
	fail "compare-mmtests.pl --from-json could not read our modules: $(head -2 perl-from.err)"
"$BIN/compare-mmtests" --from-json modules-patched.json -b perfpipe > ours-from.out 2> ours-from.err ||
	fail "--from-json could not read our modules: $(head -2 ours-from.err)"
cmp -s perl-from.out ours.out || fail "compare-mmtests.pl --from-json of our modules differs from the tree's table"
cmp -s ours-from.out ours.out || fail "--from-json of our modules differs from the tree's table"
perl "$perl_cmp" --from-json modules.json -b perfpipe > /dev/null 2>&1 && fail "the Perl read unpatched modules"
"$BIN/compare-mmtests" --from-json modules.json -b perfpipe > /dev/null 2>&1 && fail "we read unpatched modules"
echo "ok: $checked exports match; our modules read back by compare-mmtests.pl and by us"
