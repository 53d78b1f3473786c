#!/bin/bash
# The exit status per cause that docs/exit-codes.md's table promises, checked row by
# row: ours exactly, and compare-mmtests.pl's where the checkout is here
# (its status is a leftover errno, which the table records as observed).
# Then compare-kernels' three statuses.
set -euo pipefail
: "${BIN:?}" "${TOP:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

cp -a "$GOLDENS/cases/redis-basic" case; chmod -R u+w case
# Rows "| cause | `arguments` | ours | perl |" of the table after "| cause | arguments |".
rows=$(awk '/^\| cause \| arguments \|/ { on = 1; next } on && !/^\|/ { exit } on && /^\| [^-]/' "$TOP/docs/exit-codes.md")
[[ $(wc -l <<< "$rows") -ge 10 ]] || fail "docs/exit-codes.md's exit status table has $(wc -l <<< "$rows") rows"
perl_here=
# The Perl half needs the checkout and the Perl modules it loads (without
# them it dies with 2 at once, whatever the cause): else ours only, said so.
[[ -f ${MMTESTS_SRC:-/nonexistent}/bin/compare-mmtests.pl ]] &&
	perl -MYAML::PP -MFile::Which -MCpanel::JSON::XS -e 1 2> /dev/null && perl_here=yes
[[ -n $perl_here ]] || echo "note: no MMTests checkout or its Perl modules: compare-mmtests.pl's column is not checked"
[[ -n $perl_here ]] && export MMTESTS_DIR=$MMTESTS_SRC
n=0
while IFS='|' read -r _ cause args ours theirs _; do
	args=$(sed -e 's/^ *`//' -e 's/` *$//' <<< "$args"); ours=${ours// /}; theirs=${theirs// /}
	read -r -a argv <<< "$args"
	rc=0; (cd case && LC_ALL=C "$BIN/compare-mmtests" "${argv[@]}" > ../out 2> ../err) || rc=$?
	[[ $rc == "$ours" ]] || fail "$cause: ours exits $rc, docs/exit-codes.md says $ours ($(head -c 200 err))"
	if [[ $rc != 0 ]]; then
		[[ $(wc -l < err) -ge 1 ]] && [[ $(tail -1 err) == 'compare-mmtests: '* ]] || fail "$cause: no closing error line: $(cat err)"
	fi
	if [[ -n $perl_here ]]; then
		prc=0; (cd case && LC_ALL=C perl "$MMTESTS_SRC/bin/compare-mmtests.pl" "${argv[@]}" > ../out 2> ../err) || prc=$?
		[[ $prc == "$theirs" ]] || fail "$cause: compare-mmtests.pl exits $prc, docs/exit-codes.md says $theirs"
	fi
	n=$((n + 1))
done <<< "$rows"
checked=ours; [[ -n $perl_here ]] && checked="ours and compare-mmtests.pl's"
echo "ok: $n causes exit as docs/exit-codes.md says ($checked)"

# compare-kernels: 2 for a bad command line, 1 without a report, 0 with one.
mkdir empty
rc=0; "$BIN/compare-kernels" -C case/log --format pdf > /dev/null 2> err || rc=$?
[[ $rc == 2 ]] || fail "compare-kernels --format pdf exits $rc"
rc=0; "$BIN/compare-kernels" -C empty > /dev/null 2> err || rc=$?
[[ $rc == 1 ]] || fail "compare-kernels on an empty directory exits $rc"
rc=0; "$BIN/compare-kernels" -C case/log --baseline nosuch > /dev/null 2> err || rc=$?
[[ $rc == 1 ]] && grep -q "cannot find results for kernel 'nosuch'" err || fail "--baseline nosuch exits $rc: $(cat err)"
rc=0; "$BIN/compare-kernels" -C case/log > /dev/null 2> err || rc=$?
[[ $rc == 0 ]] || fail "compare-kernels on the redis tree exits $rc: $(cat err)"
echo "ok: compare-kernels exits 2, 1, 1 and 0 as docs/exit-codes.md says"
