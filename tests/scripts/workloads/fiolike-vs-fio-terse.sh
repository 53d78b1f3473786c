#!/bin/bash
# fiolike's fio.log is a drop-in for fio's terse v3: run Debian's fio
# (--minimal) and fiolike on the same small jobs and compare the lines field
# by field (same count, same kind of value in each position, same job name,
# same amount of IO for size-based jobs); then MMTests' own fio parser
# (perl extract-report.pl) must print the same rows from our log as our
# shellpack's parse-results, and our parse-results must agree with MMTests'
# on fio's own log.
set -u
BIN=${BIN:-$TOP/build/bin}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
command -v fio >/dev/null || { echo "fio not installed (scripts/install-deps.sh --test)"; exit 77; }
work=$(mktemp -d /tmp/fiolike-terse.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# shape of a terse field: name / int / float / pct / pctval / word
shape() {
	awk -F';' '{ for (i = 1; i <= NF; i++) { f = $i
		if (i == 2 || i == 3) s = "name"
		else if (f ~ /^[0-9]+$/) s = "int"
		else if (f ~ /^-?[0-9]+\.[0-9]+$/) s = "float"
		else if (f ~ /^[0-9]+\.[0-9]+%$/) s = "pct"
		else if (f ~ /^([0-9]+\.[0-9]+|0)%=[0-9]+$/) s = "pctval"
		else s = "word:" f
		printf "%d %s\n", i - 1, s } }'
}

mkdir -p "$work/fio" "$work/ours/log"
for job in "read psync 1 0" "randrw io_uring 8 70" "randwrite io_uring 4 0"; do
	set -- $job
	rw=$1 eng=$2 qd=$3 mix=$4
	name=t-$rw
	fio --name="$name" --directory="$work/fio" --rw="$rw" --rwmixread="${mix:-50}" --bs=4k --size=8m \
		--ioengine="$eng" --iodepth="$qd" --minimal > "$work/fio.line" 2> "$work/fio.err" \
		|| fail "fio $job: $(cat "$work/fio.err")"
	"$BIN/fiolike" --name="$name" --directory="$work/ours" --rw="$rw" --rwmixread="${mix:-50}" --bs=4k --size=8m \
		--ioengine="$eng" --iodepth="$qd" --logdir="$work/ours/log" --quiet || fail "fiolike $job"
	tail -1 "$work/ours/log/fio.log" > "$work/ours.line"
	cat "$work/fio.line" >> "$work/fio.log"
	nf=$(awk -F';' '{print NF}' "$work/fio.line"); no=$(awk -F';' '{print NF}' "$work/ours.line")
	[[ $nf -eq $no ]] || fail "$job: fio prints $nf fields, fiolike $no"
	# disk util is absent on a non-block filesystem for both; compare shapes
	diff <(shape < "$work/fio.line") <(shape < "$work/ours.line") > "$work/shape.diff" \
		|| fail "$job: field kinds differ (index fio ours): $(cat "$work/shape.diff")"
	# size-based: both move exactly 8 MiB in total
	tot() { awk -F';' '{ print $6 + $47 }' "$1"; }
	[[ $(tot "$work/fio.line") -eq 8192 && $(tot "$work/ours.line") -eq 8192 ]] \
		|| fail "$job: KiB moved fio=$(tot "$work/fio.line") fiolike=$(tot "$work/ours.line"), want 8192"
	awk -F';' -v n="$name" '$1 != 3 || $2 != "fio-3.33" || $3 != n { exit 1 }' "$work/ours.line" \
		|| fail "$job: header fields: $(cut -d';' -f1-5 "$work/ours.line")"
	echo "ok: $job: $nf fields, same kinds as fio"
	rm -f "$work"/fio/*
done

# MMTests' fio parser on our log == our parse-results (needs perl + the checkout)
if [[ -f $MMTESTS_SRC/shellpack_src/src/fio/parse-results ]] && command -v perl >/dev/null; then
	# give them bandwidth samples: a 1.2 s time-based job
	"$BIN/fiolike" --name=tb --directory="$work/ours" --rw=randrw --size=8m --runtime=1200ms --time_based \
		--logdir="$work/ours/log" --quiet || fail "time-based run"
	perl "$MMTESTS_SRC/shellpack_src/src/fio/parse-results" "$work/ours/log" > "$work/mmtests.rows" \
		|| fail "MMTests' fio parser failed on our log"
	"$TOP/shellpacks/fiolike/parse-results" "$work/ours/log" > "$work/ours.rows"
	diff "$work/mmtests.rows" "$work/ours.rows" || fail "parse-results differs from MMTests' fio parser"
	grep -q "^kb/sec	tb	read	1	[1-9]" "$work/ours.rows" || fail "no non-zero kb/sec row for the time-based job"
	mkdir "$work/fiolog" && cp "$work/fio.log" "$work/fiolog/fio.log"
	diff <(perl "$MMTESTS_SRC/shellpack_src/src/fio/parse-results" "$work/fiolog") \
		<("$TOP/shellpacks/fiolike/parse-results" "$work/fiolog") || fail "parse-results differs on fio's own log"
	echo "ok: MMTests' fio parser and ours print the same $(wc -l < "$work/ours.rows") rows"
else
	echo "note: no MMTests checkout at $MMTESTS_SRC; parser cross-check skipped"
fi
