#!/bin/bash
# docs/matrix.md's guest-kernel recipe, as written (doc-examples.sh runs its
# commands once and checks the shape of what they print): Debian's cloud
# kernel package, apt-get download'ed and unpacked with dpkg-deb. The image
# it leaves is a bzImage (the "HdrS" magic at offset 0x202, which the matrix
# reads its release from), with its modules folder beside it,
# ../lib/modules/VERSION, holding the virtio_pci and virtio_blk modules the
# qemu backend gives a guest for its scratch disk. Skipped without apt's
# lists or a network to download from.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
for t in apt-get apt-cache dpkg-deb; do command -v $t > /dev/null || skip "no $t"; done
apt-cache depends linux-image-cloud-amd64 2>/dev/null | grep -q 'Depends: linux-image-[0-9]' ||
	skip "apt's lists name no linux-image-cloud-amd64 (apt-get update)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
DOC_EXAMPLES=guest-kernel DOC_EXAMPLES_WORK="$work" bash "$TOP/tests/scripts/docs/doc-examples.sh" > "$work/doc.out" 2>&1
rc=$?
cat "$work/doc.out"
[ $rc = 77 ] && exit 77
if [ $rc != 0 ]; then
	grep -qE 'Failed to fetch|Temporary failure resolving|Could not resolve|Unable to connect|Network is unreachable' "$work/doc.out" &&
		skip "apt-get download could not reach the archive"
	fail "the doc's guest-kernel recipe (doc-examples.sh) exited $rc"
fi
dir=$work/guest-kernel/guest
images=("$dir"/boot/vmlinuz-*)
if [ ${#images[@]} != 1 ] || [ ! -f "${images[0]}" ]; then fail "not one image in guest/boot: ${images[*]}"; fi
image=${images[0]} version=${images[0]##*/vmlinuz-}
[ "$(od -An -c -j 514 -N 4 "$image" | tr -d ' \n')" = HdrS ] || fail "$image is not a bzImage"
[ -d "$dir/lib/modules/$version" ] || fail "no lib/modules/$version beside the image"
for m in virtio_pci virtio_blk; do
	find "$dir/lib/modules/$version" -name "$m.ko" | grep -q . || fail "no plain $m.ko in lib/modules/$version"
done
echo "ok: the recipe unpacks vmlinuz-$version, a bzImage, with virtio_pci and virtio_blk beside it"
