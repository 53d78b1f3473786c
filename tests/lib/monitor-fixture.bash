# monitor-fixture.bash - sourced by the tests/scripts/monitors/compare-monitor-NAME.sh
# tests. check_monitor_fixture DIR runs every DIR/VARIANT.cmd (argv after
# "compare-mmtests.pl", relative to DIR, as in the golden cases) with our
# compare-mmtests and compares with what compare-mmtests.pl printed when the
# fixture was made (VARIANT.expected, VARIANT.rc): stdout byte for byte when
# the Perl succeeded, a non-zero exit with a message when it died. With an
# MMTests checkout (MMTESTS_SRC) and its Perl modules it also runs the live
# Perl and compares against that, so a stale .expected shows up; RECORD=1
# rewrites .expected and .rc from it instead.
# Where the Perl dies (rc != 0) there is no table to compare, so VARIANT.ours
# holds the line our stderr must contain: the cause, which only the module
# that reads these logs can name (deleting it would give "unknown monitor").
# The one fixture helper and format (the golden cases' layout) for tests/scripts.
: "${BIN:?}"
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }

live_perl() {
	[[ -f $MMTESTS_SRC/bin/compare-mmtests.pl ]] && perl -MYAML::PP -MFile::Which -e 1 2>/dev/null &&
		command -v Rscript > /dev/null
}

# compare_run WANT_RC WANT_OUT GOT_RC GOT_OUT GOT_ERR LABEL
compare_run() {
	if [[ $1 -ne 0 ]]; then
		[[ $3 -ne 0 ]] || fail "$6: compare-mmtests.pl fails (rc $1) but ours succeeded"
		[[ -s $5 ]] || fail "$6: ours failed (rc $3) without a message"
		[[ -z ${7:-} ]] || grep -qF -- "$7" "$5" || fail "$6: ours failed, but not saying '$7': $(head -2 "$5")"
	else
		[[ $3 -eq 0 ]] || fail "$6: ours failed (rc $3): $(head -2 "$5")"
		cmp -s "$2" "$4" || { diff "$2" "$4" | head -8; fail "$6: differs from compare-mmtests.pl"; }
	fi
}

check_monitor_fixture() {
	local dir=$1 checked=0 live=0 scratch variant argv want_rc rc perl_rc
	[[ -d $dir/log ]] || fail "no fixture tree at $dir/log"
	scratch=$(mktemp -d)
	live_perl && live=1
	for cmdfile in "$dir"/*.cmd; do
		variant=$(basename "$cmdfile" .cmd)
		read -r -a argv < "$cmdfile"
		if [[ ${RECORD:-} == 1 ]]; then
			[[ $live -eq 1 ]] || fail "RECORD=1 needs an MMTests checkout (MMTESTS_SRC) with its Perl modules and R"
			(cd "$dir" && LC_ALL=C perl "$MMTESTS_SRC/bin/compare-mmtests.pl" "${argv[@]:1}" > "$dir/$variant.expected" 2> /dev/null < /dev/null)
			echo $? > "$dir/$variant.rc"
		fi
		want_rc=$(cat "$dir/$variant.rc")
		why=
		[[ $want_rc -ne 0 ]] && { [[ -f $dir/$variant.ours ]] || fail "$variant: the Perl fails, and no $variant.ours names the cause ours must give"; why=$(cat "$dir/$variant.ours"); }
		(cd "$dir" && LC_ALL=C timeout 60 "$BIN/compare-mmtests" "${argv[@]:1}" > "$scratch/ours.out" 2> "$scratch/ours.err" < /dev/null)
		rc=$?
		compare_run "$want_rc" "$dir/$variant.expected" "$rc" "$scratch/ours.out" "$scratch/ours.err" "$variant" "$why"
		if [[ $live -eq 1 ]]; then
			(cd "$dir" && LC_ALL=C perl "$MMTESTS_SRC/bin/compare-mmtests.pl" "${argv[@]:1}" > "$scratch/perl.out" 2> /dev/null < /dev/null)
			perl_rc=$?
			(( (perl_rc == 0) == (want_rc == 0) )) || fail "$variant: the live Perl now exits $perl_rc, the committed rc is $want_rc"
			compare_run "$perl_rc" "$scratch/perl.out" "$rc" "$scratch/ours.out" "$scratch/ours.err" "$variant (live Perl)" "$why"
		fi
		checked=$((checked + 1))
		echo "ok: $variant (rc $rc)"
	done
	rm -rf "$scratch"
	[[ $checked -gt 0 ]] || fail "no variants in $dir"
	echo "$checked variants match compare-mmtests.pl$([[ $live -eq 1 ]] && echo ", committed and live" || echo " (committed outputs; no live Perl)")"
}
