# import-at-once.bash - two results-store imports started together into one
# store, as two machines reporting at the same moment would. The caller
# defines fail() and BIN.
#   import_at_once STORE TREE_A MACHINE_A TREE_B MACHINE_B
# Each importer's output goes to a.out and b.out; a failing importer fails
# the test with its output.
import_at_once() {
	local store=$1 a b
	"$BIN/results-store" import "$2" --store "$store" --machine "$3" > a.out 2>&1 &
	a=$!
	"$BIN/results-store" import "$4" --store "$store" --machine "$5" > b.out 2>&1 &
	b=$!
	wait $a || fail "importer of $2 as $3: $(cat a.out)"
	wait $b || fail "importer of $4 as $5: $(cat b.out)"
}
