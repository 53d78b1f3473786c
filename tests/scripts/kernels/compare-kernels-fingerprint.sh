#!/bin/bash
# Issue 19: the report fingerprint. Where the report is ours (HTML, verdicts,
# --metric, ...) our options and this program's build join compare-kernels.sh's
# md5 of the runs' tests-timestamp files, so a new --metric rebuilds the page;
# a text report with only compare-kernels.sh's options keeps the plain md5;
# report.md5 is never written empty (compare-kernels.sh writes it empty
# without --output-file); a page that is gone is rebuilt.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
cp -a "$GOLDENS/cases/redis-basic/log" log
chmod -R u+w log
runs=(v7.1.3-first v7.3 v7.1.3-return)
args=(-C log --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return)
plain=$(for r in "${runs[@]}"; do find "log/$r" -name tests-timestamp | sort; done | xargs cat | md5sum | cut -d' ' -f1)

# Without --output-file: the page is index.html, and report.md5 holds a fingerprint.
"$BIN/compare-kernels" "${args[@]}" --output-dir nofile 2> /dev/null
[[ -s nofile/report.txt ]] || fail "no report.txt written"
[[ $(cat nofile/report.md5) == "$plain" ]] || fail "report.md5 without --output-file: '$(cat nofile/report.md5)', not '$plain'"
echo "ok: without --output-file, report.md5 is the fingerprint ($plain), not empty"

# A text report with compare-kernels.sh's options only: its plain md5.
"$BIN/compare-kernels" "${args[@]}" --output-dir text --output-file report.txt 2> /dev/null
[[ $(cat text/report.md5) == "$plain" ]] || fail "text report.md5 '$(cat text/report.md5)' is not compare-kernels.sh's"
out=$("$BIN/compare-kernels" "${args[@]}" --output-dir text --output-file report.txt 2> /dev/null)
[[ $out == "Report comparing 'v7.1.3-first v7.3 v7.1.3-return' is up to date" ]] || fail "text report not up to date: $out"
echo "ok: a text report keeps compare-kernels.sh's md5 and is found up to date"

# Ours: the HTML page's fingerprint holds our options; a new --metric rebuilds it.
html() { "$BIN/compare-kernels" "${args[@]}" --format html --output-dir html --output-file index.html "$@" 2> /dev/null; }
html --verdict aba > first.txt
[[ ! -s first.txt ]] || fail "the first HTML build printed: $(cat first.txt)"
fp1=$(cat html/report.md5)
[[ $fp1 =~ ^$plain\+[0-9a-f]{32}$ ]] || fail "HTML report.md5 '$fp1' is not '$plain+MD5'"
[[ $(html --verdict aba) == *"is up to date" ]] || fail "the same HTML options did not find the page up to date"
cp html/index.html before.html
[[ -z $(html --verdict aba --metric GET) ]] || fail "a new --metric found the page up to date"
fp2=$(cat html/report.md5)
[[ $fp2 != "$fp1" && $fp2 == "$plain+"* ]] || fail "a new --metric kept the fingerprint $fp1"
cmp -s before.html html/index.html && fail "a new --metric left the page as it was"
[[ $(html --verdict aba --metric GET) == *"is up to date" ]] || fail "the --metric page is not up to date the second time"
echo "ok: HTML fingerprint $fp1; --metric GET rebuilt the page ($fp2), then found it up to date"

# A page that is gone is rebuilt, whatever report.md5 says.
rm html/index.html
[[ -z $(html --verdict aba --metric GET) && -s html/index.html ]] || fail "a missing page was not rebuilt"
echo "ok: a missing page is rebuilt"

# A new build of compare-kernels rebuilds the page: the fingerprint's build
# part is the executable's md5 (it was always "unknown"). Two copies of the
# program that differ by one trailing byte are two builds.
cp "$BIN/compare-kernels" ck-old
cp "$BIN/compare-kernels" ck-new
printf '\0' >> ck-new
build() { "./$1" "${args[@]}" --format html --output-dir rebuilt --output-file index.html --verdict aba 2> /dev/null; }
[[ -z $(build ck-old) ]] || fail "the first build of the page printed something"
fp_old=$(cat rebuilt/report.md5)
[[ $(build ck-old) == *"is up to date" ]] || fail "the same binary did not find its page up to date"
[[ -z $(build ck-new) ]] || fail "a new build of compare-kernels found the old build's page up to date"
fp_new=$(cat rebuilt/report.md5)
[[ $fp_new != "$fp_old" && $fp_new == "$plain+"* ]] || fail "a new build kept the fingerprint $fp_old"
[[ $(build ck-new) == *"is up to date" ]] || fail "the new build did not find its own page up to date"
echo "ok: a new build of compare-kernels rebuilt the page ($fp_old -> $fp_new)"
