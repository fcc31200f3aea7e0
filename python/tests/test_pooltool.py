"""pooltool's strokes and frame in Carom's terms."""

import math

import pytest

import carom
from carom import pooltool

# pooltool 0.6.0's own launch for these strokes (InstantaneousPoint().resolve on a
# three-cushion ball, R = 0.03075 m, m = 0.21 kg, its default cue), in its frame:
# ((V0, phi, theta, a, b), velocity, spin), printed by pooltool.
POOLTOOL = [
    ((2.0, 30.0, 0.0, 0.0, 0.0), (2.527857935370794, 1.4594594594594588, 0.0), (0.0, 0.0, 0.0)),
    (
        (3.5, 123.0, 5.0, 0.3, -0.2),
        (-2.1786328592979594, 3.4888114882610606, 0.0),
        (61.08565111452189, 29.20412498934896, -100.32145459063547),
    ),
    (
        (1.2, 250.0, 20.0, -0.4, 0.35),
        (-0.3480487442086987, -1.0287434346832331, 0.0),
        (26.506605653079216, -23.327262131422508, 35.31789639174575),
    ),
]


@pytest.mark.parametrize("stroke, velocity, spin", POOLTOOL)
def test_a_pooltool_stroke_launches_as_pooltool_launches_it(sim, stroke, velocity, spin):
    V0, phi, theta, a, b = stroke
    v, w = sim.pooltool_launch(carom.PooltoolStroke(V0, phi, theta, a, b))
    # Carom's x is pooltool's y; Carom's y is pooltool's -x.
    assert v == pytest.approx((velocity[1], -velocity[0], velocity[2]), rel=1e-12, abs=1e-12)
    assert w == pytest.approx((spin[1], -spin[0], spin[2]), rel=1e-12, abs=1e-12)
    assert math.degrees(math.atan2(v[1], v[0])) % 360 == pytest.approx(
        pooltool.direction_of(phi), abs=2.0  # the squirt turns it a little
    )


def test_the_frames_map_both_ways(sim):
    length, width = sim.bed
    assert pooltool.to_pooltool_xy(sim, 0.0, 0.0) == (width / 2, length / 2)
    # The foot cushion (Carom +x) is pooltool's far end (y = length).
    assert pooltool.to_pooltool_xy(sim, length / 2, 0.0)[1] == pytest.approx(length)
    for x, y in [(0.3, -0.2), (-1.2, 0.6)]:
        assert pooltool.from_pooltool_xy(sim, *pooltool.to_pooltool_xy(sim, x, y)) == pytest.approx((x, y))
    assert pooltool.direction_of(pooltool.phi_of(37.0)) == pytest.approx(37.0)
