# Sourced by a test that runs a doc's recipe (a doc-example whose run mark
# names the test; see tests/scripts/docs/doc-examples.sh). Needs TOP, work
# and fail.

# run_doc_recipe NAME: runs the doc's example NAME through doc-examples.sh,
# which checks the shape of what it prints, in $work/NAME (kept: the test
# then checks the numbers in the tree its commands wrote). A missing
# prerequisite skips the test (77); a failed doc check fails it.
run_doc_recipe() {
	local name=$1 rc
	DOC_EXAMPLES=$name DOC_EXAMPLES_WORK="$work" bash "$TOP/tests/scripts/docs/doc-examples.sh" > "$work/doc.out" 2>&1
	rc=$?
	cat "$work/doc.out"
	[ $rc = 77 ] && exit 77
	[ $rc = 0 ] || fail "the doc's $name recipe (doc-examples.sh) exited $rc"
}
