# monitor-fixture.sh - sourced by the compare-monitor-NAME.sh tests: runs every
# case of tests/fixtures/monitors-NAME (cases.txt: "ID ARGS...", one a line,
# ARGS after `-d log -b bench`) and diffs our stdout with the committed
# expected/ID.out, which compare-mmtests.pl printed (expected/ID.rc: its exit
# status; where it failed, ours must fail too, with a message). With an MMTests
# checkout the live Perl is run as well and must agree with both.
# RECORD=1 (re)writes expected/ from the live Perl instead.
# Usage: check_monitor_fixture NAME; sets checked, exits 1 on a mismatch.
set -uo pipefail
: "${BIN:?}" "${TOP:?}"
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}

check_monitor_fixture() {
	local fixture=$TOP/tests/fixtures/monitors-$1
	[[ -f $fixture/cases.txt ]] || { echo "FAIL: no $fixture/cases.txt"; exit 1; }
	local perl_cmp=$MMTESTS_SRC/bin/compare-mmtests.pl live=no
	if [[ -f $perl_cmp ]] && perl -MYAML::PP -MFile::Which -e 1 2>/dev/null && command -v Rscript > /dev/null; then
		live=yes
	else
		echo "note: no MMTests checkout (or its Perl deps / R): checking the committed outputs only"
	fi
	[[ ${RECORD:-} == 1 && $live == no ]] && { echo "FAIL: RECORD=1 needs the MMTests checkout"; exit 1; }
	rm -rf log && cp -a "$fixture/log" log && chmod -R u+w log
	checked=0
	local id args
	while read -r id args; do
		[[ -z $id || $id == \#* ]] && continue
		read -r -a argv <<< "$args"
		local cmd=(-d log -b bench "${argv[@]}")
		LC_ALL=C "$BIN/compare-mmtests" "${cmd[@]}" > ours.out 2> ours.err < /dev/null
		local rc=$? want_rc
		if [[ $live == yes ]]; then
			LC_ALL=C perl "$perl_cmp" "${cmd[@]}" > perl.out 2> perl.err < /dev/null
			local perl_rc=$?
			if [[ ${RECORD:-} == 1 ]]; then
				cp perl.out "$fixture/expected/$id.out"; echo "$perl_rc" > "$fixture/expected/$id.rc"
			fi
		fi
		want_rc=$(cat "$fixture/expected/$id.rc")
		if [[ $want_rc -ne 0 ]]; then
			[[ $rc -ne 0 && -s ours.err ]] || { echo "FAIL: $id ($args): the Perl fails (rc $want_rc) but ours gave rc $rc"; exit 1; }
		else
			[[ $rc -eq 0 ]] || { echo "FAIL: $id ($args): ours failed (rc $rc): $(head -2 ours.err)"; exit 1; }
			diff "$fixture/expected/$id.out" ours.out > diff.out ||
				{ head -8 diff.out; echo "FAIL: $id ($args) differs from the committed Perl output"; exit 1; }
		fi
		if [[ $live == yes ]]; then
			[[ $perl_rc -eq $want_rc ]] || { echo "FAIL: $id: the live Perl now exits $perl_rc, committed $want_rc"; exit 1; }
			[[ $want_rc -ne 0 ]] || diff -q perl.out ours.out > /dev/null ||
				{ echo "FAIL: $id ($args) differs from the live compare-mmtests.pl"; exit 1; }
		fi
		checked=$((checked + 1))
		echo "ok: $id (rc $want_rc, $(wc -l < ours.out) lines)"
	done < "$fixture/cases.txt"
	[[ $checked -gt 0 ]] || { echo "FAIL: no cases in $fixture/cases.txt"; exit 1; }
}
