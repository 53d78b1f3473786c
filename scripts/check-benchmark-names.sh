#!/bin/bash
# check-benchmark-names.sh - fail when a compare source outside
# compare/benchmarks/ (the benchmarks' description) knows a benchmark by name:
# a string literal that is a benchmark's name (or NAME:ALT), or a comparison
# of a bench/benchmark variable with a string literal. Comments may name them.
# Run by make (via check-layers.sh --benchmark-names) whenever compare changes.
set -euo pipefail
cd "$(dirname "$0")/.."

# The names: the embedded yamls' and our shellpacks' folders, the workloads'
# aliases, and every benchmark compare-kernels.sh's case arms test for.
names=$( {
	for d in compare/benchmarks/*/ shellpacks/*/ workloads/*/; do d=${d%/}; echo "${d##*/}"; done
	sed -n 's/^ALIASES_[^ ]*[[:space:]]*:=[[:space:]]*//p' Makefile | tr ' ' '\n'
	grep -oE '(b ==|startsWith\(b,) "[^"]+"' compare/benchmarks/kernels_headings.cpp | grep -oE '"[^"]+"' | tr -d '"' |
		sed 's/-$//'
} | grep -vx -e common -e run-config -e '' | sort -u | paste -sd'|')
[[ -n $names ]] || { echo "check-benchmark-names: found no benchmark names" >&2; exit 1; }
names=${names//./\\.}

# Strip // comments (not inside a string: good enough for this tree's style),
# then look for a name. Only the files whose raw text matches can match once
# stripped (stripping keeps a prefix of each line), so one grep over all of
# them picks the few that need the closer look (a few forks per file made
# the check take seconds).
names_a_benchmark="\"($names)(:[a-z0-9_-]+)?\"|\\b(bench|benchmark|b)(\\.name)?[[:space:]]*[!=]=[[:space:]]*\""
mapfile -t files < <(find compare -name '*.[ch]pp' -not -path 'compare/benchmarks/*' | sort)
mapfile -t suspects < <(((${#files[@]})) && grep -lE -- "$names_a_benchmark" "${files[@]}" || true)
status=0
for file in "${suspects[@]}"; do
	hits=$(sed -E 's@(^|[^:"])//.*$@\1@' "$file" | grep -nE -- "$names_a_benchmark" || true)
	[[ -z $hits ]] && continue
	while IFS= read -r hit; do
		echo "check-benchmark-names: $file:${hit%%:*}: names a benchmark (${hit#*:}); benchmark knowledge belongs in compare/benchmarks/ (benchmark_description.cpp)" >&2
	done <<< "$hits"
	status=1
done
exit $status
