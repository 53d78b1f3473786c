# store-goldens.bash - sourced by results-store-goldens.sh (SQLite) and
# results-store-pg-goldens.sh (PostgreSQL): every golden case's log tree is
# imported into a fresh store, and every variant that reads a tree (-d log)
# runs again with `--store DB --machine M` instead; it must print the same
# bytes as MMTests' compare-mmtests.pl did (the .expected), or fail where the
# Perl failed. A variant whose table came from the stored rows (no tree
# written: -v says so) must also warn exactly as the same variant on the
# tree does.
#   store_goldens NEW_STORE [CASE_GLOB]
# NEW_STORE is a command that prints the location of a new, empty store;
# CASE_GLOB (default: every case) limits the cases. Needs BIN, GOLDENS, fail();
# sets pass, bad, skipped and fast (variants; fast: read from the stored rows).
store_goldens() {
	local new_store=$1 glob=${2:-*}
	local checkout=${MMTESTS_SRC:-}
	# A case parsed through an MMTests checkout needs a real one: the replay
	# fixture finds its recorded rows beside the case's log/, which the store's
	# private tree is not beside.
	[[ -f $checkout/bin/compare-mmtests.pl ]] || checkout=
	local case name cmdfile variant argv args new i want_rc rc store
	pass=0 bad=0 skipped=0 fast=0
	for case in "$GOLDENS"/cases/$glob/ "$GOLDENS"/monitors/$glob/; do
		case=${case%/}; name=$(basename "$case")
		unset MMTESTS_DIR
		if [[ -e $case/NEEDS_MMTESTS ]]; then
			if [[ -z $checkout ]]; then skipped=$((skipped + 1)); echo "skip $name: needs MMTESTS_SRC"; continue; fi
			export MMTESTS_DIR=$checkout
		fi
		rm -rf work; mkdir work; cp -a "$case" work/case; chmod -R u+w work
		store=$($new_store) || fail "$name: no new store"
		"$BIN/results-store" import work/case/log --store "$store" --machine m > work/import.out 2> work/import.err ||
			fail "$name: import failed: $(cat work/import.err)"
		for cmdfile in "$case"/*.cmd; do
			variant=$(basename "$cmdfile" .cmd)
			read -r -a argv < "$cmdfile"
			args=("${argv[@]:1}")
			# Only the variants that read the tree; --json-export writes into it.
			[[ " ${args[*]} " == *" -d log "* && " ${args[*]} " != *" --json-export "* ]] || continue
			new=()
			for ((i = 0; i < ${#args[@]}; i++)); do
				if [[ ${args[i]} == -d && ${args[i+1]} == log ]]; then new+=(--store "$store" --machine m); i=$((i + 1))
				else new+=("${args[i]}"); fi
			done
			want_rc=$(cat "$case/$variant.rc")
			(cd work/case && LC_ALL=C "$BIN/compare-mmtests" "${new[@]}" -v > ../out 2> ../err < /dev/null)
			rc=$?
			if grep -q ": the runs' stored rows read, no tree written$" work/err; then
				fast=$((fast + 1))
				(cd work/case && LC_ALL=C "$BIN/compare-mmtests" "${args[@]}" -v > ../tree.out 2> ../tree.err < /dev/null)
				if ! grep -v ": the runs' stored rows read, no tree written$" work/err | cmp -s - work/tree.err; then
					echo "FAIL $name/$variant from the stored rows warns otherwise than the tree: $(grep -v 'stored rows read' work/err | diff - work/tree.err | head -3 | tr '\n' ' ')"
					bad=$((bad + 1))
					continue
				fi
			fi
			if [[ $want_rc == 0 ]]; then
				if [[ $rc == 0 ]] && cmp -s work/out "$case/$variant.expected"; then pass=$((pass + 1)); continue; fi
				echo "FAIL $name/$variant from the store: rc=$rc; $(diff "$case/$variant.expected" work/out | head -3 | tr '\n' ' ') $(head -c 200 work/err)"
			else
				if [[ $rc != 0 && -s work/err ]]; then pass=$((pass + 1)); continue; fi
				echo "FAIL $name/$variant from the store: the reference fails (rc $want_rc); ours rc=$rc"
			fi
			bad=$((bad + 1))
		done
	done
	echo "golden variants from the store: $pass byte-identical, $bad differ ($skipped cases skipped; $fast from the stored rows)"
}
