"""Batches: arrays in and out, the same bits for the same seed on any number of threads."""

import numpy as np

import carom
from conftest import UMBRELLA_BALLS, UMBRELLA_STROKE

ORDER = ("white", "dotted", "red")
LAY_OUT = np.array([UMBRELLA_BALLS[b] for b in ORDER])
STROKE = [342.0, 3.0, -0.3, 0.0, 1.9]


def equal(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(
        np.array_equal(a[k], b[k], equal_nan=True) for k in a
    )


def test_a_seeded_noisy_batch_run_twice_gives_the_same_bits(sim):
    run = lambda threads: sim.batch(
        LAY_OUT, STROKE, repeat=40, noise="club", seed=11, game="three_cushion", threads=threads
    )
    first = run(2)
    assert equal(first, run(2))
    assert equal(first, run(1))
    # The noise is real: the strokes played differ, and so do where the balls end.
    assert len(np.unique(first["played"][:, 0])) == 40
    assert len(np.unique(first["final"][:, 0, 0])) > 30
    assert not equal(first, sim.batch(LAY_OUT, STROKE, repeat=40, noise="club", seed=12, game="three_cushion"))


def test_a_batch_row_is_the_single_stroke(sim):
    lay_outs = np.stack([LAY_OUT, LAY_OUT + [0.05, 0.0]])
    strokes = np.array([STROKE, [10.0, 2.0, 0.2, 0.1, 0.0]])
    out = sim.batch(lay_outs, strokes, game="three_cushion", max_events=4)
    assert out["final"].shape == (2, 3, 3)
    assert out["events"].shape == (2, 4, 7)
    for i in range(2):
        balls = dict(zip(ORDER, map(tuple, lay_outs[i])))
        record = sim.simulate(balls, carom.Stroke("white", *strokes[i]))
        assert np.array_equal(out["final"][i], record.final_positions(list(ORDER)))
        assert out["duration"][i] == record.duration
        assert out["event_count"][i] == len(record.events)
        first = record.events[:4]
        assert [carom.EVENT_KINDS[int(k)] for k in out["events"][i, : len(first), 1]] == [
            e["kind"] for e in first
        ]
        assert out["points"][i] == sim.judge(record, "three_cushion")["points"]
    assert np.array_equal(out["played"], strokes)
    # Past a row's events, its event rows are NaN; within them, none is.
    wide = sim.batch(lay_outs, strokes, max_events=64, threads=2)
    for i in range(2):
        count = wide["event_count"][i]
        assert count < 64
        assert np.isnan(wide["events"][i, count:]).all()
        assert not np.isnan(wide["events"][i, :count, :2]).any()


def test_the_memory_of_a_released_event_array_serves_the_next_batch_unchanged(sim):
    # A batch's event memory, once its array is freed, is kept for the next batch of one
    # to two times its size: every element must be written again, NaN padding included.
    many = np.repeat(LAY_OUT[None], 30, axis=0)
    long_strokes = np.array([[d, 5.0, 0.4, 0.0, 0.0] for d in np.linspace(0, 350, 30)])
    short_strokes = np.array([[d, 0.3, 0.0, 0.0, 0.0] for d in np.linspace(0, 350, 30)])
    fresh = sim.batch(many, short_strokes, max_events=48)
    held = fresh["events"]
    released = sim.batch(many, long_strokes, max_events=48)
    address = released["events"].__array_interface__["data"][0]
    del released
    reused = sim.batch(many, short_strokes, max_events=40)
    assert reused["events"].__array_interface__["data"][0] == address
    assert reused["events"].tobytes() == held[:, :40].tobytes()
    assert (reused["event_count"] < 40).all()
    assert np.isnan(reused["events"][:, -1]).all()


def test_arrays_in_any_memory_order_are_read_as_their_values(sim):
    # C-ordered arrays are copied as one block; Fortran-ordered, strided and reversed
    # views must give the rows they show.
    lay_outs = np.stack([LAY_OUT + [0.01 * i, 0.0] for i in range(4)])
    strokes = np.array([[d, 2.0 + 0.5 * i, 0.1, 0.0, 0.5] for i, d in enumerate((10, 95, 200, 300))])
    plain = sim.batch(lay_outs, strokes)
    wide = np.zeros((4, 8))
    wide[:, 1:6] = strokes
    for lay_out_view, stroke_view in (
        (np.asfortranarray(lay_outs), np.asfortranarray(strokes)),
        (lay_outs, wide[:, 1:6]),
        (np.ascontiguousarray(lay_outs[::-1])[::-1], np.ascontiguousarray(strokes[::-1])[::-1]),
    ):
        assert not (lay_out_view.flags.c_contiguous and stroke_view.flags.c_contiguous)
        assert equal(sim.batch(lay_out_view, stroke_view), plain)
    assert not equal(sim.batch(lay_outs[::-1], strokes[::-1]), plain)


def test_pooltool_strokes_batch_as_their_launch(sim):
    stroke = carom.PooltoolStroke(V0=2.5, phi=80.0, theta=3.0, a=0.2, b=0.1)
    out = sim.batch(LAY_OUT, [2.5, 80.0, 3.0, 0.2, 0.1], model="pooltool")
    record = sim.simulate(dict(zip(ORDER, map(tuple, LAY_OUT))), stroke)
    assert np.array_equal(out["final"][0], record.final_positions(list(ORDER)))
    assert "played" not in out


def test_a_batch_lets_python_run_while_it_plays(sim):
    import threading

    started, done = threading.Event(), threading.Event()
    rows = np.repeat(LAY_OUT[None], 20_000, axis=0)

    def play():
        started.set()
        sim.batch(rows, STROKE, threads=1)
        done.set()

    worker = threading.Thread(target=play)
    worker.start()
    started.wait()
    counted = 0
    while not done.is_set():
        counted += 1
    worker.join()
    # Were the GIL held through the batch, this loop could only start once it had
    # ended, and would count a handful.
    assert counted > 10_000
