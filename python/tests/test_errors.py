"""Every bad argument is a ValueError that names the argument and what is allowed."""

import math

import numpy as np
import pytest

import carom
import carom.env
from conftest import UMBRELLA_BALLS

LAY_OUT = np.array([UMBRELLA_BALLS[b] for b in ("white", "dotted", "red")])


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: carom.Stroke("white", math.nan, 2.0), ["stroke", "direction_deg"]),
        (lambda: carom.Stroke("white", 0.0, 16.0), ["stroke", "15"]),
        (lambda: carom.Stroke("white", 0.0, 2.0, side=0.8, height=0.8), ["stroke", "ball"]),
        (lambda: carom.Stroke("white", 0.0, 2.0, elevation_deg=95), ["stroke", "89"]),
        (lambda: carom.Stroke("blue", 0.0, 2.0), ["stroke.ball", "blue", "white, dotted, red, red2"]),
        (lambda: carom.PooltoolStroke(V0=-1.0, phi=0.0), ["stroke.V0", "7.5"]),
        (lambda: carom.PooltoolStroke(V0=2.0, phi=0.0, a=0.9, b=0.9), ["stroke", "a² + b²"]),
        (lambda: carom.Simulator(table="snooker"), ["table", "snooker"]),
        (lambda: carom.Simulator(condition="felt"), ["condition", "felt", "worn_cloth"]),
        (lambda: carom.Simulator(config="/no/such/folder"), ["config", "/no/such/folder"]),
    ],
)
def test_bad_strokes_and_tables(make, words):
    with pytest.raises(ValueError) as error:
        make()
    for word in words:
        assert word in str(error.value)


def test_bad_lay_outs_and_simulations(sim):
    stroke = carom.Stroke("white", 0.0, 2.0)
    cases = [
        (lambda: sim.simulate({"white": (5.0, 0.0)}, stroke), ["balls", "white"]),
        (lambda: sim.simulate({"white": (0.0, 0.0), "red": (0.01, 0.0)}, stroke), ["balls", "overlap"]),
        (lambda: sim.simulate({"white": (math.inf, 0.0)}, stroke), ["balls[\"white\"][0]", "finite"]),
        (lambda: sim.simulate({"white": (0.0,)}, stroke), ["balls[\"white\"]", "has 1", "must have 2"]),
        (lambda: sim.simulate({"cue": (0.0, 0.0)}, stroke), ["balls", "cue"]),
        (lambda: sim.simulate({}, stroke), ["balls", "1 to 4"]),
        (lambda: sim.simulate({"red": (0.0, 0.0)}, stroke), ["stroke", "white"]),
        (lambda: sim.simulate({"white": (0.0, 0.0)}), ["stroke", "nothing moves"]),
        (lambda: sim.simulate({"white": (0.0, 0.0)}, "hard"), ["stroke", "carom.Stroke"]),
        (lambda: sim.simulate({"white": (0.0, 0.0)}, stroke, sample_hz=0.0), ["sample_hz", "10000"]),
        (lambda: sim.simulate({"white": (0.0, 0.0)}, velocities={"white": (99.0, 0, 0)}), ["velocities"]),
        (lambda: sim.judge(sim.simulate(UMBRELLA_BALLS, stroke), "snooker"), ["game", "three_cushion"]),
        (lambda: sim.suggest(UMBRELLA_BALLS, level="god"), ["level", "club"]),
        (lambda: sim.random_lay_out(1, game="pool"), ["game", "pool"]),
    ]
    for make, words in cases:
        with pytest.raises(ValueError) as error:
            make()
        for word in words:
            assert word in str(error.value), (str(error.value), words)


def test_bad_batches(sim):
    stroke = [0.0, 2.0, 0.0, 0.0, 0.0]
    cases = [
        (lambda: sim.batch(LAY_OUT[:2], stroke), ["lay_outs", "(3, 2)", "white, dotted, red"]),
        (lambda: sim.batch(LAY_OUT, [0.0, 2.0]), ["strokes", "(5,)"]),
        (lambda: sim.batch(np.stack([LAY_OUT] * 3), [stroke] * 2), ["strokes", "2 rows", "3"]),
        (lambda: sim.batch(LAY_OUT, [0.0, math.nan, 0.0, 0.0, 0.0]), ["strokes", "element 1", "finite"]),
        (lambda: sim.batch(LAY_OUT, [0.0, 20.0, 0.0, 0.0, 0.0]), ["strokes[0]", "15"]),
        (lambda: sim.batch(LAY_OUT, stroke, noise="god"), ["noise", "club"]),
        (lambda: sim.batch(LAY_OUT, stroke, model="pooltool", noise="club"), ["noise", "carom"]),
        (lambda: sim.batch(LAY_OUT, stroke, model="snooker"), ["model", "pooltool"]),
        (lambda: sim.batch(LAY_OUT, stroke, game="pool"), ["game", "pool"]),
        (lambda: sim.batch(LAY_OUT, stroke, balls=["white", "white", "red"]), ["balls", "twice"]),
        (lambda: sim.batch(LAY_OUT, stroke, cue_ball="red2"), ["cue_ball", "red2"]),
        (lambda: sim.batch(LAY_OUT, stroke, threads=0), ["threads", "at least 1"]),
        (lambda: sim.batch(LAY_OUT, stroke, repeat=0), ["repeat", "at least 1"]),
        (lambda: sim.batch(np.stack([LAY_OUT, LAY_OUT * 0]), stroke), ["lay_outs[1]", "overlap"]),
    ]
    for make, words in cases:
        with pytest.raises(ValueError) as error:
            make()
        for word in words:
            assert word in str(error.value), (str(error.value), words)


def test_a_batch_names_its_first_bad_row_on_any_number_of_threads():
    # Rows are handed to the workers a run at a time: whichever worker meets a bad row
    # first, the error is the earliest one's.
    lay_outs = np.stack([LAY_OUT] * 3000)
    for bad in (2999, 1700, 641):
        lay_outs[bad] = 0.0
    for threads in (1, 2, 3, 8):
        with pytest.raises(ValueError) as error:
            sim = carom.Simulator()
            sim.batch(lay_outs, [0.0, 2.0, 0.0, 0.0, 0.0], threads=threads)
        assert "lay_outs[641]" in str(error.value), (threads, str(error.value))


def test_bad_environment_arguments():
    for make, words in [
        (lambda: carom.env.ThreeCushionInning(game="snooker"), ["game", "snooker"]),
        (lambda: carom.env.ThreeCushionInning(noise="god"), ["noise", "club"]),
        (lambda: carom.env.ThreeCushionInningVector(num_envs=0), ["n", "at least 1"]),
    ]:
        with pytest.raises(ValueError) as error:
            make()
        for word in words:
            assert word in str(error.value)
    env = carom.env.ThreeCushionInning()
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"action: .* -1 to 1"):
        env.step(np.array([0.0, 1.5, 0.0, 0.0, 0.0]))
    with pytest.raises(ValueError, match=r"action: .*nan.* -1 to 1"):
        env.step(np.array([0.0, np.nan, 0.0, 0.0, 0.0]))
    with pytest.raises(ValueError, match=r"action: has shape \(2,\).*\(5,\)"):
        env.step(np.array([0.0, 0.5]))
    # The native tables check the strokes they are given too.
    tables = carom.Simulator().innings(2)
    tables.reset([0, 1], [1, 2])
    with pytest.raises(ValueError, match=r"actions\[1\]\[1\].*0.3 to 6"):
        tables.step([[0.0, 2.0, 0.0, 0.0, 0.0], [0.0, 9.0, 0.0, 0.0, 0.0]], [False, False], [0, 0], None)
    with pytest.raises(ValueError, match=r"actions.*\(2, 5\)"):
        tables.step([[0.0, 2.0]], [False, False], [0, 0], None)
