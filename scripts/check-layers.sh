#!/bin/bash
# check-layers.sh 'PART=USED USED...'... - fail when a source file of a part
# includes a header of a part it may not use. The rules come from the
# Makefile's USES_<part> variables (the one place they are written); this
# script only applies them. Run by make before anything is compiled.
#
# An include "X" is resolved as the compiler would (next to the file, then
# the roots ., compare/, workloads/, harness/) and belongs to the part whose folder
# holds the resolved file. Includes that resolve to no part file (system
# headers, the generated YAML table) are not checked. A part may sit inside
# another's folder (compare/kernels/charts): each folder is its own part, and
# a folder of sources that is no part fails the check.
#
# check-layers.sh --benchmark-names: the second rule, that no compare source
# outside compare/benchmarks/ names a benchmark (check-benchmark-names.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ ${1:-} == --benchmark-names ]] && exec scripts/check-benchmark-names.sh

declare -A uses=()
parts=()
for rule in "$@"; do
	part=${rule%%=*}
	uses[$part]=" ${rule#*=} "
	parts+=("$part")
done

# The part a file belongs to, in $used: its folder, when that folder is a
# part; empty otherwise.
part_of() {
	used=${1%/*}
	[[ -n ${uses[$used]+x} ]] || used=
}

# resolve PATH: PATH relative to the top, as realpath --relative-to=. prints
# it, in $resolved. Without a fork when no component is a link or "..":
# then dropping the "." and empty components is all realpath would do (a
# fork per include made the check take a minute on a loaded machine).
resolve() {
	local path=$1 component='' prefix='' plain=''
	local -a components
	IFS=/ read -r -a components <<< "$path"
	for component in "${components[@]}"; do
		[[ -z $component || $component == . ]] && continue
		prefix+=${prefix:+/}$component
		if [[ $component == .. || -L $prefix ]]; then
			resolved=$(realpath --relative-to=. "$path")
			return
		fi
		plain=$prefix
	done
	resolved=$plain
}

status=0
# A folder of sources that is no part would escape every rule (its files
# belong to no part, so nothing they include is checked): a nested part
# (compare/kernels/charts) must be named in the Makefile like any other.
while IFS= read -r folder; do
	if [[ -z ${uses[$folder]+x} ]]; then
		echo "check-layers: $folder holds sources but is no part (Makefile: LIB_PARTS, USES_$folder)" >&2
		status=1
	fi
done < <(find base compare workloads harness -name '*.[ch]pp' -printf '%h\n' 2>/dev/null | sort -u)

# Every quoted include line of every part's sources, in one grep: FILE:LINE.
files=()
shopt -s nullglob
for part in "${parts[@]}"; do
	files+=("$part"/*.cpp "$part"/*.hpp)
done
shopt -u nullglob
include_line='^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]*)"'

while IFS= read -r hit; do
	file=${hit%%:*}
	[[ ${hit#*:} =~ $include_line ]] || continue
	inc=${BASH_REMATCH[1]}
	part=${file%/*}
	target=
	for candidate in "${file%/*}/$inc" "$inc" "compare/$inc" "workloads/$inc" "harness/$inc"; do
		if [[ -f $candidate ]]; then
			resolve "$candidate"
			target=$resolved
			break
		fi
	done
	[[ -n $target ]] || continue
	part_of "$target"
	[[ -n $used && $used != "$part" ]] || continue
	if [[ ${uses[$part]} != *" $used "* ]]; then
		allowed=$(echo ${uses[$part]})
		echo "check-layers: $file includes \"$inc\" ($used): $part may use only [${allowed:-nothing}] (Makefile: USES_$part)" >&2
		status=1
	fi
done < <(((${#files[@]})) && grep -H -E "$include_line" -- "${files[@]}" || true)
exit $status
