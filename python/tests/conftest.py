import pathlib

import pytest

import carom

REPO = pathlib.Path(__file__).resolve().parents[2]

# The bundled "umbrella" position as docs/umbrella-shot.ron plays it.
UMBRELLA_BALLS = {"white": (-0.3, -0.45), "red": (0.95, 0.4), "dotted": (1.1, -0.25)}
UMBRELLA_STROKE = dict(ball="white", direction_deg=342, speed=3, side=-0.3, elevation_deg=1.9)


@pytest.fixture(scope="session")
def sim() -> carom.Simulator:
    return carom.Simulator()
