"""A stroke through the package gives what the command line gives, to the bit."""

import json

import numpy as np

import carom
from conftest import REPO, UMBRELLA_BALLS, UMBRELLA_STROKE


def plain(value):
    """JSON's view of a value (tuples as lists); floats round-trip exactly."""
    return json.loads(json.dumps(value))


def test_the_umbrella_shot_gives_the_golden_record_and_verdict_to_the_bit(sim):
    golden = json.loads((REPO / "tests/golden/sim-umbrella-shot.json").read_text())
    record = sim.simulate(UMBRELLA_BALLS, carom.Stroke(**UMBRELLA_STROKE))
    record_dict = plain(record.to_dict())
    assert record_dict["events"] == golden["events"]
    assert record_dict["final"] == golden["final"]
    assert record.duration == golden["duration"]
    assert plain(sim.judge(record, "three_cushion")) == golden["verdict"]


def test_the_record_reads_as_objects_and_arrays(sim):
    record = sim.simulate(UMBRELLA_BALLS, carom.Stroke(**UMBRELLA_STROKE), sample_hz=100)
    kinds = [e["kind"] for e in record.events]
    assert kinds[0] == "strike" and kinds[-1] == "rest"
    assert set(kinds) <= set(carom.EVENT_KINDS)
    finals = record.final_positions(["white", "dotted", "red"])
    assert finals.shape == (3, 3)
    assert finals[0, 0] == record.final["white"]["x"]
    path = record.trajectories["white"]
    assert path.shape[1] == 4
    # Sampled every 10 ms of the simulation's clock from the strike, and at rest.
    assert np.allclose(np.diff(path[:-1, 0]), 0.01)
    assert path[0, 0] == 0.0 and path[-1, 0] == record.duration
    assert record.lay_out["red"] == UMBRELLA_BALLS["red"]
    assert record.stroke.speed == 3


def test_balls_already_moving_are_played_with_the_stroke(sim):
    balls = {"white": (-0.5, 0.0), "red": (0.5, 0.3)}
    alone = sim.simulate(balls, velocities={"red": (0.0, -1.0, 0.0)})
    assert alone.stroke is None
    assert any(e["kind"] == "cushion" and e["ball"] == "red" for e in alone.events)
    both = sim.simulate(
        balls, carom.Stroke("white", 0, 1.0), velocities={"red": (0.0, -1.0, 0.0)}
    )
    strike = both.events[0]
    assert strike["kind"] == "strike" and strike["moving"] == ["red"]


def test_the_same_stroke_gives_the_same_bits(sim):
    stroke = carom.Stroke(**UMBRELLA_STROKE)
    a = sim.simulate(UMBRELLA_BALLS, stroke, sample_hz=60)
    b = sim.simulate(UMBRELLA_BALLS, stroke, sample_hz=60)
    assert a.to_dict() == b.to_dict()
    assert np.array_equal(a.trajectories["red"], b.trajectories["red"])


def test_the_referee_names_a_foul_by_its_rule(sim):
    # The red struck: rule 12 (the cue ball is the player's own white).
    record = sim.simulate(UMBRELLA_BALLS, carom.Stroke("red", 180, 2.0))
    verdict = sim.judge(record, "three_cushion")
    assert verdict["points"] == 0
    assert verdict["inning_over"]
    assert [f["rule"] for f in verdict["fouls"]] == [12]


def test_the_computer_suggests_a_stroke_with_its_chance(sim):
    suggestion = sim.suggest(UMBRELLA_BALLS, cue_ball="white", level="club", seed=3, threads=1)
    assert 0.0 <= suggestion["p_score"] <= 1.0
    assert suggestion["level"] == "club"
    stroke = suggestion["stroke"]
    assert stroke["ball"] == "white"
    record = sim.simulate(UMBRELLA_BALLS, carom.Stroke(**stroke))
    assert record.duration > 0
    again = sim.suggest(UMBRELLA_BALLS, cue_ball="white", level="club", seed=3, threads=1)
    assert again["stroke"] == stroke


def test_a_random_lay_out_is_the_same_for_the_same_seed(sim):
    a = sim.random_lay_out(7)
    assert sorted(a) == ["dotted", "red", "white"]
    assert a == sim.random_lay_out(7)
    assert a != sim.random_lay_out(8)


def test_every_public_function_says_what_it_does():
    for cls in (carom.Simulator, carom.Record, carom.Stroke, carom.PooltoolStroke, carom.Innings):
        assert cls.__doc__, cls
        for name in dir(cls):
            if not name.startswith("_"):
                assert getattr(cls, name).__doc__, f"{cls.__name__}.{name}"
    assert "m/s" in carom.Simulator.simulate.__doc__ + carom.Stroke.__doc__
    assert "table frame" in carom.Simulator.__doc__


def test_the_stubs_name_every_public_class_and_method():
    import ast
    import pathlib

    stubs = ast.parse((pathlib.Path(carom.__file__).parent / "_carom.pyi").read_text())
    declared = {
        node.name: {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
        | {item.target.id for item in node.body if isinstance(item, ast.AnnAssign)}
        for node in stubs.body
        if isinstance(node, ast.ClassDef)
    }
    for cls in (carom.Simulator, carom.Record, carom.Stroke, carom.PooltoolStroke, carom.Innings):
        public = {name for name in dir(cls) if not name.startswith("_")}
        assert public <= declared[cls.__name__], public - declared[cls.__name__]


def test_a_config_folder_is_read_as_the_command_line_reads_it(sim):
    from_folder = carom.Simulator(config=str(REPO / "config"), table="match")
    assert from_folder.table == "match" and from_folder.bed == sim.bed
    # The same physics, bit for bit: the same fingerprint.
    assert len(sim.physics_fingerprint()) == 16
    assert from_folder.physics_fingerprint() == sim.physics_fingerprint()
    stroke = carom.Stroke(**UMBRELLA_STROKE)
    assert (
        from_folder.simulate(UMBRELLA_BALLS, stroke).to_dict()
        == sim.simulate(UMBRELLA_BALLS, stroke).to_dict()
    )


def test_a_table_condition_plays_its_cloth():
    # A firm stroke up and down the table stops short on a worn cloth.
    balls = {"white": (-1.3, 0.0)}
    stroke = carom.Stroke("white", 0.0, 4.0)
    fitted = carom.Simulator().simulate(balls, stroke).final_positions()
    worn = carom.Simulator(condition="worn_cloth").simulate(balls, stroke).final_positions()
    # Each ball's (x, y, z): the white stops elsewhere.
    assert not np.array_equal(worn, fitted)
