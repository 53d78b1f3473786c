#!/bin/bash
# doc-examples.sh - docs that cannot go stale: every example in README.md
# and docs/*.md marked as one runs, and what it prints must have the
# shape the doc shows. A doc marks an example with two comments, each right
# before a fenced block:
#   <!-- doc-example NAME: run -->     the commands (build/bin/..., configs/...)
#   <!-- doc-example NAME: output -->  what they print (one or more blocks,
#                                      in any doc: each is checked)
# The commands run with bash -e in a scratch dir (build/bin/ and configs/
# mean this checkout's) and must exit 0. Shape, not numbers: every line of
# the doc's output must appear in the real output in the same order, where
# a line without numbers must match word for word and a line with numbers
# by the words before its first value (a token without a letter; a row's
# name, a header's columns), or its first token when it starts with a value
# (numbers compare as '#'); spaces do not count. A stale header (the old
# "p  Holm p" columns), a renamed row or a missing section fails.
# A run mark may name the test that runs the example, so that it runs once:
#   <!-- doc-example NAME: run, in tests/scripts/GROUP/X.sh -->
# That test runs this script with DOC_EXAMPLES=NAME (run_doc_recipe NAME in
# tests/scripts/lib/doc-recipe.bash) and checks the numbers in the tree the
# doc's commands wrote. Run on its own, this script does not
# run such an example: it checks that the named test exists and calls it
# for NAME, and fails otherwise (so the coverage cannot silently vanish).
# DOC_EXAMPLES=NAME,NAME runs only those (marked or not);
# DOC_EXAMPLES_WORK=DIR runs example NAME in DIR/NAME and keeps it there;
# DOC_EXAMPLES_KEEP=DIR keeps each example's stdout there as NAME.out (to
# paste into the doc when it changes).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "python3 not installed"; exit 77; }
if [ -n "${DOC_EXAMPLES_WORK:-}" ]; then
	[ -d "$DOC_EXAMPLES_WORK" ] || { echo "doc-examples.sh: DOC_EXAMPLES_WORK '$DOC_EXAMPLES_WORK' is not a directory"; exit 2; }
	work=$DOC_EXAMPLES_WORK
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

python3 - "$TOP" "$BIN" "$work" "${DOC_EXAMPLES:-}" "${DOC_EXAMPLES_KEEP:-}" <<'EOF'
import glob, os, re, shutil, subprocess, sys
top, binary, work, only, keep = sys.argv[1:6]
MARK = re.compile(r"^<!-- doc-example ([A-Za-z0-9_.-]+): (run|output)(?:, in (tests/scripts/[A-Za-z0-9_./-]+\.sh))? -->$")

def blocks(path):
    """(name, kind, text, where, test) for each marked fenced block of a doc."""
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        m = MARK.match(line)
        if not m:
            continue
        if m[3] and m[2] != "run":
            sys.exit(f"FAIL: {path}:{i + 1}: only a run mark names the test that runs it")
        j = i + 1
        if j >= len(lines) or not lines[j].startswith("```"):
            sys.exit(f"FAIL: {path}:{i + 1}: a doc-example mark not followed by a fenced block")
        k = j + 1
        while k < len(lines) and lines[k] != "```":
            k += 1
        yield m[1], m[2], "\n".join(lines[j + 1:k]), f"{os.path.relpath(path, top)}:{i + 1}", m[3]

examples = {}
for doc in [f"{top}/README.md"] + sorted(glob.glob(f"{top}/docs/*.md")):
    for name, kind, text, where, test in blocks(doc):
        e = examples.setdefault(name, {"run": None, "outputs": [], "test": None})
        if kind == "run":
            if e["run"]:
                sys.exit(f"FAIL: {where}: example {name} has two run blocks")
            e["run"] = (text, where)
            e["test"] = test
        else:
            e["outputs"].append((text, where))
if len(examples) < 4:
    sys.exit(f"FAIL: {len(examples)} marked examples in the docs, want the seeds' recipes and the verdicts' first screen")

wanted = only.split(",") if only else []
unknown = [n for n in wanted if n not in examples]
if unknown:
    sys.exit(f"FAIL: DOC_EXAMPLES names {', '.join(unknown)}: no such example in the docs")

def calls_us(test, name):
    """Whether a test's (uncommented) code runs this script for example NAME:
    by hand, or by run_doc_recipe NAME (tests/scripts/lib/doc-recipe.bash)."""
    call = re.compile(r"^[^#]*(\bDOC_EXAMPLES=([\"']?)" + re.escape(name) + r"\2\s.*\bdoc-examples\.sh\b"
                      r"|\brun_doc_recipe\s+" + re.escape(name) + r"(\s|$))")
    return any(call.match(l) for l in open(os.path.join(top, test), encoding="utf-8"))

NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)*(?:e[+-]?\d+)?")

def shape(line):
    return " ".join(NUMBER.sub("#", line).split())

def leading_words(line):
    """The tokens before the first value (a token without a letter)."""
    words = []
    for t in line.split():
        if not re.search(r"[A-Za-z]", t):
            break
        words.append(t)
    return words

def matches(want, got):
    if "#" not in want:
        return want == got
    if not got:
        return False
    lead = leading_words(want)
    if lead:
        return leading_words(got) == lead
    return want.split()[0] == got.split()[0]

failed = []
for name, e in sorted(examples.items()):
    if wanted and name not in wanted:
        continue
    if not e["run"] or not e["outputs"]:
        sys.exit(f"FAIL: example {name} needs a run block and an output block")
    script, where = e["run"]
    test = e["test"]
    if test and not wanted:
        if not os.path.isfile(os.path.join(top, test)):
            failed.append(f"{name}: {where}: names {test}, which does not exist")
        elif not calls_us(test, name):
            failed.append(f"{name}: {where}: {test} does not run DOC_EXAMPLES={name} ... doc-examples.sh (or run_doc_recipe {name})")
        else:
            print(f"ok: {name}: {where} runs in {test}")
        continue
    for program in sorted(set(re.findall(r"\bbuild/bin/([A-Za-z0-9_.-]+)", script))):
        if not os.access(os.path.join(binary, program), os.X_OK):
            print(f"{program} not built (example {name})")
            sys.exit(77)
    if "redis" in script and not shutil.which("redis-server"):
        print(f"redis-server not installed (example {name})")
        sys.exit(77)
    script = script.replace("build/bin/", binary + "/").replace("configs/", top + "/configs/")
    cwd = os.path.join(work, name)
    try:
        os.makedirs(cwd)
    except OSError as err:
        sys.exit(f"FAIL: {name}: cannot make its work dir: {err}")
    print(f"== {name} ({where})", flush=True)
    r = subprocess.run(["bash", "-e", "-c", script], cwd=cwd, capture_output=True, text=True)
    if keep:
        with open(os.path.join(keep, name + ".out"), "w", encoding="utf-8") as f:
            f.write(r.stdout)
    if r.returncode != 0:
        failed.append(f"{name}: {where}: the commands exited {r.returncode}")
        print("\n".join(r.stdout.splitlines()[-20:] + r.stderr.splitlines()[-20:]))
        continue
    got = [shape(l) for l in r.stdout.split("\n") if l.strip()]
    for text, owhere in e["outputs"]:
        at = 0
        for want in (shape(l) for l in text.split("\n") if l.strip()):
            while at < len(got) and not matches(want, got[at]):
                at += 1
            if at == len(got):
                failed.append(f"{name}: {owhere}: no line shaped like '{want}' (in order) in what it printed")
                print("\n".join(r.stdout.splitlines()[-40:] + r.stderr.splitlines()[-10:]))
                break
            at += 1
        else:
            print(f"ok: {name}: {owhere} has the shape of what it printed")
if failed:
    sys.exit("FAIL: " + "\nFAIL: ".join(failed))
EOF
