#!/usr/bin/env python3
"""gen_transcript.py in linear time: the same bytes for the same (N, seed).

    python3 bench/gen_transcript_linear.py --messages N --seed S > out.rose

../shared/bench/gen_transcript.py stays the definition of the transcripts; this
wrapper imports it (set ROSETTAC_GEN to its path, else it is looked for beside
the repository) and replaces only its driver loop, `Gen.run`, which is quadratic:
every step recomputes `owed = sum(a[1] for a in active)`, and the list of active
episodes grows with the transcript (episodes start with probability 0.45 per
message and last about three messages, so the ones started outrun the ones that
finish until the budget stops new starts: about 1,100 are active on average at
30k messages, and a third of a million at 1M). At 30k messages that sum was 62%
of the generator's time (cProfile: 44.5 million generator steps); at 1M it would
be about a thousand times more, which is why the 1M run never finished.

Here `owed` is kept as a running total (decremented with each step, increased by
each new episode's length), with the same random calls in the same order, and
messages are written as they are made instead of joined at the end. The output is
byte-identical to the original's (TestLinearGeneratorSameBytes in
bench/gen_linear_test.go compares them at a few sizes and seeds; at 80k
messages they were compared once by hand: 28 CPU-seconds before, 5.9 after).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys


def _load_original():
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("ROSETTAC_GEN", ""),
                  os.path.join(here, "..", "..", "shared", "bench", "gen_transcript.py"),
                  os.path.join(here, "..", "..", "..", "shared", "bench", "gen_transcript.py"),
                  "/work/shared/bench/gen_transcript.py"]
    for path in candidates:
        if path and os.path.isfile(path):
            spec = importlib.util.spec_from_file_location("gen_transcript", path)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            return mod
    sys.exit("gen_transcript_linear.py: gen_transcript.py not found (set ROSETTAC_GEN)")


gt = _load_original()


class _Writer(list):
    """Stands in for Gen.out: writes each message as it is appended, with the
    "\\n" the original's final join puts between messages."""

    def __init__(self, w):
        super().__init__()
        self.w = w
        self.first = True

    def append(self, text: str) -> None:
        if not self.first:
            self.w.write(b"\n")
        self.first = False
        self.w.write(text.encode("utf-8"))


class LinearGen(gt.Gen):
    def run_to(self, w) -> None:
        """Gen.run with a running `owed`, writing to w as it goes."""
        self.out = _Writer(w)
        used = self.header_defs() if self.n >= 1 else 0
        active: list[list] = []   # [generator, steps_left, pending_send_value]
        owed = 0                  # sum of steps_left over active
        while used < self.n:
            remaining = self.n - used
            start = not active or (remaining > owed and self.chance(0.45))
            if start:
                slack = remaining - owed
                names, weights, lengths = [], [], []
                for name, wt, lens in self.EPISODES:
                    fit = [L for L in lens if L <= slack]
                    if name == "relay" and not self.pool:
                        fit = []
                    if fit:
                        names.append(name); weights.append(wt); lengths.append(fit)
                if names:
                    k = self.r.choices(range(len(names)), weights=weights)[0]
                    L = self.pick(lengths[k])
                    gen = getattr(self, "ep_" + names[k])(L)
                    active.append([gen, L, None])
                    owed += L
            idx = self.r.randrange(len(active))
            ep = active[idx]
            spec = ep[0].send(ep[2]) if ep[2] is not None else next(ep[0])
            revises = spec.pop("revises", None)
            mid = self.emit(**spec)
            if revises:
                self.revised[revises] = mid
            used += 1
            ep[1] -= 1
            owed -= 1
            ep[2] = mid
            if ep[1] == 0:
                active.pop(idx)
            # recent only ever serves its last 25 ids (ctx_refs); the original
            # keeps them all, which is memory, not time
            if len(self.recent) > 4096:
                del self.recent[:-25]
        assert not active, "episode budget accounting broke"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", "-n", type=int, required=True)
    ap.add_argument("--seed", "-s", type=int, default=0)
    args = ap.parse_args(argv)
    if args.messages < 0:
        ap.error("--messages must be >= 0")
    w = sys.stdout.buffer
    if args.messages:
        LinearGen(args.messages, args.seed).run_to(w)
    w.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
