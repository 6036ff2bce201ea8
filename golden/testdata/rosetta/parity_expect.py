#!/usr/bin/env python3
"""Write parity.txt: what the Python reference implementation reads in every
fenced block of spec/EXAMPLES.md and spec/PROMPT.md.

Usage: python3 parity_expect.py /work/ref > parity.txt

Only the reference's results are written (one line per message); the inputs
stay upstream. golden/rosetta_parity_test.go extracts the same blocks from the
same files and compares rosettac's reading with these lines.
"""
import sys, os

ref = sys.argv[1]
sys.path.insert(0, ref)
import agentrosetta as ar  # noqa: E402


def blocks(text):
    out, cur, lang = [], None, None
    for line in text.split("\n"):
        s = line.strip()
        if cur is None:
            if s.startswith("```"):
                cur, lang = [], s[3:].strip()
            continue
        if s == "```":
            if lang in ("", "rosetta", "text"):
                out.append("\n".join(cur) + "\n")
            cur = None
            continue
        cur.append(line)
    return out


for name in ("EXAMPLES.md", "PROMPT.md"):
    with open(os.path.join(ref, "spec", name), encoding="utf-8") as f:
        text = f.read()
    for bi, b in enumerate(blocks(text)):
        msgs = ar.parse(b)
        s = ar.Session()
        for m in msgs:
            s.add(m)
        for mi, m in enumerate(msgs):
            slots = ",".join(x.key for x in m.slots) or "-"
            lines = ",".join(str(len(x.block.lines)) for x in m.slots if x.block is not None) or "-"
            print(f"{name}#{bi} m{mi} id={m.id} act={m.act} sender={m.sender} "
                  f"to={','.join(m.recipients) or '-'} slots={slots} blocks={lines} degraded={str(m.degraded).lower()}")
