#!/bin/bash
# Every relative link in the tree's Markdown files ([text](path), with an
# optional #anchor) names a file or folder that exists, and README.md stays a
# README: at most 10 KB, starting with the two set-up commands CI and the
# brief depend on.
set -u
: "${TOP:?}"
cd "$TOP"
fail() { echo "FAIL: $*"; exit 1; }
size=$(wc -c < README.md)
[[ $size -le 10240 ]] || fail "README.md is $size bytes (at most 10240: reference goes to docs/)"
grep -qxF '    ./scripts/install-deps.sh && make -j2 demo' README.md || fail "README.md lost the demo command"
grep -qxF '    ./scripts/install-deps.sh --test && make test -j2' README.md || fail "README.md lost the test command"
checked=0 bad=0
while IFS= read -r md; do
	dir=$(dirname "$md")
	while IFS= read -r link; do
		target=${link%%#*}
		[[ -z $target || $target == *://* || $target == mailto:* ]] && continue
		checked=$((checked + 1))
		[[ -e $dir/$target ]] || { echo "broken link in $md: $link"; bad=$((bad + 1)); }
	done < <(grep -o '\]([^)]*)' "$md" | sed 's/^](//; s/)$//')
done < <(git ls-files '*.md'; git ls-files --others --exclude-standard '*.md')
[[ $bad -eq 0 ]] || fail "$bad broken links"
[[ $checked -gt 0 ]] || fail "no links found: the check checked nothing"
echo "ok: $checked links in the Markdown files resolve; README.md is $size bytes"
