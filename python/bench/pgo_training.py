"""The work a profile-guided build of the package learns from (``tools/python-pgo.sh``),
and the bits it must give back unchanged.

It plays what researchers call the package for: batches of random three-cushion strokes
in pooltool's terms, a stroke repeated with a Club player's error and judged, and
strokes one call at a time with sampled paths. Its lay-outs and strokes are drawn from
other seeds than the benchmark's (``strokes_per_second.py``, seed 1), so the build is
not taught the very strokes it is timed on. It prints a sha256 of every result: the
script runs it on the instrumented build and on the optimised one, and the two must
print the same digest, as the compiler's optimisations never change a floating-point
result in Rust.
"""

import hashlib
import os
import sys

import numpy as np

import carom

sys.path.insert(0, os.path.dirname(__file__))
from strokes_per_second import ORDER, random_strokes  # noqa: E402


def main() -> None:
    sim = carom.Simulator()
    digest = hashlib.sha256()

    def add(out) -> None:
        for key in sorted(out):
            digest.update(np.ascontiguousarray(out[key]).tobytes())

    for seed in (101, 102, 103):
        lay_outs, strokes = random_strokes(sim, 20_000, seed)
        add(sim.batch(lay_outs, strokes, model="pooltool", threads=1))
    lay_out = np.array([(-0.3, -0.45), (1.1, -0.25), (0.95, 0.4)])
    add(
        sim.batch(
            lay_out,
            [342, 3, -0.3, 0, 1.9],
            repeat=5_000,
            noise="club",
            seed=104,
            game="three_cushion",
            threads=1,
        )
    )
    lay_outs, strokes = random_strokes(sim, 2_000, 105)
    for lay_out, stroke in zip(lay_outs, strokes):
        record = sim.simulate(
            dict(zip(ORDER, map(tuple, lay_out))), carom.PooltoolStroke(*stroke), sample_hz=50
        )
        digest.update(record.final_positions().tobytes())
    print(digest.hexdigest())


if __name__ == "__main__":
    main()
