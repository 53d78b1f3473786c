#!/bin/bash
# check-layers.sh 'PART=USED USED...'... - fail when a source file of a part
# includes a header of a part it may not use. The rules come from the
# Makefile's USES_<part> variables (the one place they are written); this
# script only applies them. Run by make before anything is compiled.
#
# An include "X" is resolved as the compiler would (next to the file, then
# the roots ., compare/, workloads/) and belongs to the part whose folder
# holds the resolved file. Includes that resolve to no part file (system
# headers, the generated YAML table) are not checked.
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

# The part a file belongs to: its folder, when that folder is a part.
part_of() {
	local dir=${1%/*}
	[[ -n ${uses[$dir]+x} ]] && echo "$dir"
	return 0
}

status=0
for part in "${parts[@]}"; do
	for file in "$part"/*.cpp "$part"/*.hpp; do
		[[ -e $file ]] || continue
		while IFS= read -r inc; do
			target=
			for candidate in "${file%/*}/$inc" "$inc" "compare/$inc" "workloads/$inc"; do
				if [[ -f $candidate ]]; then
					target=$(realpath --relative-to=. "$candidate")
					break
				fi
			done
			[[ -n $target ]] || continue
			used=$(part_of "$target")
			[[ -n $used && $used != "$part" ]] || continue
			if [[ ${uses[$part]} != *" $used "* ]]; then
				allowed=$(echo ${uses[$part]})
				echo "check-layers: $file includes \"$inc\" ($used): $part may use only [${allowed:-nothing}] (Makefile: USES_$part)" >&2
				status=1
			fi
		done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file")
	done
done
exit $status
