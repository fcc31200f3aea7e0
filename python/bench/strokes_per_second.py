"""Strokes a second from Python: Carom one call at a time and batched on 1 and 2
threads, against pooltool on the same random three-cushion strokes in the same run.

The strokes are pooltool's (V0 the cue's speed, phi, theta, a, b), drawn at random
from random lay-outs; Carom plays each as pooltool's strike model launches it
(``carom.PooltoolStroke``), pooltool as it plays it. pooltool plays the first
``--pooltool-strokes`` of them; Carom is compared with it on those same strokes (played
over and over, to as many rows as the whole set), and timed on the whole set too: a
sample of strokes can be easier or harder than the whole set, and it is the same
strokes that a ratio must compare. Build the package in release
(``pip install ./python``, or the profile-guided wheel of ``tools/python-pgo.sh``, the
same bits faster) and, for pooltool, run it with the Python of
``../shared/tools/pooltool-ref.sh``'s environment with the package installed there:

    /tmp/ptenv/bin/pip install ./python && /tmp/ptenv/bin/python python/bench/strokes_per_second.py
"""

import argparse
import os
import time

import numpy as np

import carom
from carom import pooltool as frames

ORDER = ("white", "dotted", "red")


def random_strokes(sim: carom.Simulator, n: int, seed: int):
    rng = np.random.default_rng(seed)
    lay_outs = np.array(
        [[sim.random_lay_out(seed * 1_000_003 + i)[b] for b in ORDER] for i in range(n)]
    )
    strokes = np.empty((n, 5))
    strokes[:, 0] = rng.uniform(1.5, 4.5, n)  # V0, m/s: a ball at 2.2 to 6.6 m/s
    strokes[:, 1] = rng.uniform(0.0, 360.0, n)  # phi, degrees
    strokes[:, 2] = rng.uniform(0.0, 5.0, n)  # theta, degrees
    radius = 0.5 * np.sqrt(rng.uniform(0.0, 1.0, n))
    angle = rng.uniform(0.0, 2 * np.pi, n)
    strokes[:, 3] = radius * np.cos(angle)  # a
    strokes[:, 4] = radius * np.sin(angle)  # b
    return lay_outs, strokes


def fastest(passes, run):
    """The fastest of `passes` runs of `run` (seconds a stroke, and its output): this
    machine is shared and noisy, and the fastest pass is the one least disturbed."""
    return min((run() for _ in range(passes)), key=lambda timed: timed[0])


def carom_single(sim, lay_outs, strokes):
    balls = [dict(zip(ORDER, map(tuple, lay_out))) for lay_out in lay_outs]
    cues = [carom.PooltoolStroke(*s) for s in strokes]
    started = time.perf_counter()
    for b, c in zip(balls, cues):
        sim.simulate(b, c).duration
    return (time.perf_counter() - started) / len(cues), None


def carom_batch(sim, lay_outs, strokes, threads):
    started = time.perf_counter()
    out = sim.batch(lay_outs, strokes, model="pooltool", threads=threads)
    return (time.perf_counter() - started) / len(strokes), out


def pooltool_single(sim, lay_outs, strokes, passes):
    import pooltool as pt

    table = pt.Table.default(pt.TableType.BILLIARD)
    rack = pt.get_rack(pt.GameType.THREECUSHION, table)
    names = {"white": "white", "dotted": "yellow", "red": "red"}
    systems = []
    for lay_out, (v0, phi, theta, a, b) in zip(lay_outs, strokes):
        balls = {k: ball.copy() for k, ball in rack.items()}
        for name, (x, y) in zip(ORDER, lay_out):
            ball = balls[names[name]]
            ball.state.rvw[0] = [*frames.to_pooltool_xy(sim, x, y), ball.params.R]
        system = pt.System(cue=pt.Cue(cue_ball_id="white"), table=table, balls=balls)
        system.strike(V0=v0, phi=phi, theta=theta, a=a, b=b)
        systems.append(system)
    # numba compiles each kind of event's code when first met: warm it up on copies.
    for system in systems[:50]:
        pt.simulate(system.copy(), inplace=True)

    def one_pass():
        times, durations = [], []
        for system in systems:
            system = system.copy()
            started = time.perf_counter()
            pt.simulate(system, inplace=True)
            times.append(time.perf_counter() - started)
            durations.append(system.t)
        return float(np.mean(times)), (np.median(times), np.array(durations))

    mean, (median, durations) = fastest(passes, one_pass)
    print(f"pooltool: median {median * 1e3:.2f} ms, mean {mean * 1e3:.2f} ms a stroke")
    return mean, durations


def carom_rows(sim, lay_outs, strokes, passes, cores):
    """Carom's rows of the table on these strokes, and the 2-thread batch's output."""
    rows = [("Carom, one call at a time", fastest(passes, lambda: carom_single(sim, lay_outs, strokes))[0])]
    for threads in sorted({1, 2, cores}):
        per_stroke, out = fastest(passes, lambda: carom_batch(sim, lay_outs, strokes, threads))
        rows.append((f"Carom, batched, {threads} thread{'s' if threads > 1 else ''}", per_stroke))
    return rows, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strokes", type=int, default=20_000, help="Carom's strokes")
    parser.add_argument("--pooltool-strokes", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--passes", type=int, default=5, help="runs of each measurement; the fastest is kept"
    )
    args = parser.parse_args()

    sim = carom.Simulator()
    lay_outs, strokes = random_strokes(sim, args.strokes, args.seed)
    cores = os.cpu_count()
    passes = args.passes
    # pooltool plays the first n strokes; Carom is compared on those same strokes, played
    # over and over to as many rows as the whole set (long enough to time), and timed on
    # the whole set of distinct strokes too.
    n = min(args.pooltool_strokes, args.strokes)
    repeats = -(-args.strokes // n)
    same_lay_outs = np.tile(lay_outs[:n], (repeats, 1, 1))[: args.strokes]
    same_strokes = np.tile(strokes[:n], (repeats, 1))[: args.strokes]
    rows, out = carom_rows(sim, same_lay_outs, same_strokes, passes, cores)
    every, _ = carom_rows(sim, lay_outs, strokes, passes, cores)
    try:
        per_stroke, durations = pooltool_single(sim, lay_outs[:n], strokes[:n], passes)
        rows.append(("pooltool 0.6, one call at a time", per_stroke))
        every.append((rows[-1][0], None))
        same = out["duration"][:n]
        print(
            f"the same {n} strokes last {np.median(durations):.2f} s (pooltool) and "
            f"{np.median(same):.2f} s (Carom) of motion, median"
        )
    except ImportError:
        print("pooltool is not installed here: see ../shared/tools/pooltool-ref.sh")
    reference = rows[-1][1] if rows[-1][0].startswith("pooltool") else None
    print(
        f"{n} random three-cushion strokes (Carom's repeated to {args.strokes} rows), and all "
        f"{args.strokes}; {cores} cores, fastest of {passes} passes"
    )
    print(f"| | µs a stroke | strokes a second | × pooltool | µs a stroke, all {args.strokes} |")
    print("|---|---:|---:|---:|---:|")
    for (name, per_stroke), (_, on_every) in zip(rows, every):
        times = f"{reference / per_stroke:,.0f}" if reference else "–"
        every_figure = f"{on_every * 1e6:,.1f}" if on_every else "–"
        print(
            f"| {name} | {per_stroke * 1e6:,.1f} | {1 / per_stroke:,.0f} | {times} "
            f"| {every_figure} |"
        )


if __name__ == "__main__":
    main()
