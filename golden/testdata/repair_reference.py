# rosettac's driver for the reference implementation's repair loop (issue #21
# parity). It is rosettac's code, not the reference's: it imports
# agentrosetta.py from the directory given as the first argument (the
# reference is never committed) and reads every fenced block of EXAMPLES.md
# and PROMPT.md in the spec directory given as the second, as
# golden/repair_parity_test.go's fencedBlocks does. For each block it adds the
# messages to a fresh Session one by one and asks Session.repair for each,
# with the diagnostics add returned, as `rosettac check --repair` does; it
# prints one line per block that gets a repair: FILE:LINE id:code:{want} ...
#
# With --files after the first argument it reads instead each file named
# after it as one transcript (rosettac's own model-shaped transcripts,
# testdata/repair_llm) and prints one line per file that gets a repair:
# NAME id:code:{want} ..., NAME the file's base name.
import os
import sys

sys.path.insert(0, sys.argv[1])
import agentrosetta as ar  # noqa: E402


def repairs(text):
    s = ar.Session()
    out = []
    for m in ar.parse(text):
        r = s.repair(m, s.add(m))
        if r:
            lines = r.split("\n")
            code = lines[1].split()[1]
            want = lines[-1][len(" want "):]
            out.append("%s:%s:%s" % (m.id, code, want))
    return out


def blocks(text):
    ls = text.split("\n")
    i = 0
    while i < len(ls):
        if not ls[i].startswith("```"):
            i += 1
            continue
        j = i + 1
        while j < len(ls) and not ls[j].startswith("```"):
            j += 1
        yield i + 2, "\n".join(ls[i + 1:min(j, len(ls))])
        i = j + 1


if sys.argv[2] == "--files":
    for path in sys.argv[3:]:
        with open(path, encoding="utf-8") as f:
            out = repairs(f.read())
        if out:
            print("%s %s" % (os.path.basename(path), " ".join(out)))
    sys.exit(0)

for name in ("EXAMPLES.md", "PROMPT.md"):
    with open(os.path.join(sys.argv[2], name), encoding="utf-8") as f:
        text = f.read()
    for line, blk in blocks(text):
        out = repairs(blk)
        if out:
            print("%s:%d %s" % (name, line, " ".join(out)))
