#!/usr/bin/env python3
"""Write own_expected.txt: what the Python reference implementation reads in each
transcript of own_transcripts.txtar (rosettac's own, not the reference's).

Usage: python3 own_expect.py REFDIR own_transcripts.txtar > own_expected.txt
(in golden/testdata/parity)

For each message, one line in parity.txt's form (id, act, sender, recipients after
session inheritance, slot order, block line counts, degraded); then, per transcript, the
sorted (message id, code) pairs the reference session reports, parser codes left out,
an I011 with the symbol it names (id:I011:SYMBOL).
"""
import re, sys

sys.path.insert(0, sys.argv[1])
import agentrosetta as ar  # noqa: E402

data = open(sys.argv[2], encoding="utf-8").read()
parts = re.split(r"^-- (.+?) --\n", data, flags=re.M)
for name, text in zip(parts[1::2], parts[2::2]):
    msgs = ar.parse(text)
    s = ar.Session()
    pairs = []
    for m in msgs:
        for d in s.add(m):
            if d.code.startswith("P"):
                continue
            sym = re.search(r"symbol (\S+)", d.text) if d.code == "I011" else None
            pairs.append(f"{m.id}:{d.code}" + (f":{sym.group(1)}" if sym else ""))
    for mi, m in enumerate(msgs):
        slots = ",".join(x.key for x in m.slots) or "-"
        lines = ",".join(str(len(x.block.lines)) for x in m.slots if x.block is not None) or "-"
        print(f"{name} m{mi} id={m.id} act={m.act} sender={m.sender} "
              f"to={','.join(m.recipients) or '-'} slots={slots} blocks={lines} degraded={str(m.degraded).lower()}")
    print(f"{name} pairs {' '.join(sorted(pairs)) or '-'}")
