#!/bin/bash
# gen-bonniepp-tree.sh DIR RUNS SAMPLES - a bonnie++ tree for the compare
# benches: DIR/log/runN/iter-0/bonniepp/logs/bonnie-detail.gz as bonnie++ -l
# writes it ("OP USECS", 4 operations x SAMPLES latencies), and beside the
# log DIR/runN-iter-0.tsv, the TSV MMTests' bonniepp parse-results prints for
# it (replayed by tests/fixtures/mmtests-replay). Latencies: integer usec,
# uniform around a per-op base, 1 % of them a long tail. Prints the run list.
set -euo pipefail
dir=$1 runs_n=$2 samples=$3
runs=
for r in $(seq "$runs_n"); do
	d=$dir/log/run$r/iter-0/bonniepp/logs
	mkdir -p "$d"
	awk -v n="$samples" -v seed="$r" -v tsv="$dir/run$r-iter-0.tsv" 'BEGIN {
		srand(seed)
		split("wr rw rd sk", op, " "); split("SeqOut:block SeqOut:rewrite SeqIn:block Random:seeks", name, " ")
		split("850 1900 410 6100", base, " ")
		for (o = 1; o <= 4; o++) for (i = 1; i <= n; i++) {
			v = int(base[o] * (0.7 + 0.6 * rand())) + (rand() < 0.01 ? int(base[o] * 20 * rand()) : 0)
			print op[o], v
			printf "latency-%s\t_\t_\t%d\t%d\t_\n", name[o], i, v > tsv
		} }' | gzip -1 > "$d/bonnie-detail.gz"
	printf 'start :: 1764460100\ntest begin :: bonniepp 1764460101\ntest end :: bonniepp 1764460160 0\nfinish :: 1764460161\n' \
		> "$dir/log/run$r/iter-0/tests-timestamp"
	runs+=${runs:+,}run$r
done
echo "$runs"
