"""Carom billiards for research.

A fast, deterministic carom simulator fitted to real tracked three-cushion shots, the
referee of the general carom rules and a computer player, from Carom's Rust engine.

Frames and units, everywhere: positions are metres in the table frame (origin at the
centre of the bed, +x along the long axis toward the foot cushion, +y across to the left
seen from the head end, +z up); directions degrees counter-clockwise from +x; times
seconds after the strike; speeds m/s; spins rad/s; tip offsets fractions of the ball's
radius. The same inputs give the same bits on the same build.

    >>> import carom
    >>> sim = carom.Simulator()
    >>> lay_out = {"white": (-0.5, 0.2), "dotted": (0.6, -0.3), "red": (0.9, 0.4)}
    >>> record = sim.simulate(lay_out, carom.Stroke("white", direction_deg=20, speed=3))
    >>> record.duration > 0
    True

``Simulator.batch`` plays N strokes as numpy arrays on every core; ``carom.env`` holds
the Gymnasium environments (``pip install carom[gym]``); ``carom.pooltool`` maps
pooltool's frame and strokes onto Carom's.
"""

from ._carom import (
    BALLS,
    CUSHIONS,
    EVENT_KINDS,
    INNING_STROKE_HIGH,
    INNING_STROKE_LOW,
    MAX_SPEED,
    SURFACES,
    Innings,
    PooltoolStroke,
    Record,
    Simulator,
    Stroke,
)

__all__ = [
    "BALLS",
    "CUSHIONS",
    "EVENT_KINDS",
    "INNING_STROKE_HIGH",
    "INNING_STROKE_LOW",
    "MAX_SPEED",
    "SURFACES",
    "Innings",
    "PooltoolStroke",
    "Record",
    "Simulator",
    "Stroke",
]
