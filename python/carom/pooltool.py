"""pooltool's frame and strokes in Carom's terms.

pooltool (ekiefl/pooltool) puts the origin at a corner of the bed, x across the table
(0 to its width) and y along it (0 to its length), z up. Carom puts the origin at the
bed's centre, x along the table toward the foot cushion and y across to the left seen
from the head end. So, for a bed of length ``L`` and width ``W`` (``Simulator.bed``)::

    carom_x = pooltool_y - L / 2        pooltool_x = W / 2 - carom_y
    carom_y = W / 2 - pooltool_x        pooltool_y = carom_x + L / 2
    direction_deg = phi - 90            phi = direction_deg + 90

A pooltool stroke (``V0`` the cue's speed, ``phi``, ``theta``, ``a``, ``b``) is played in
Carom as ``carom.PooltoolStroke``: pooltool's instantaneous-point strike model turns it
into the ball's launch velocity and spin (with its squirt), which Carom plays as a raw
launch. Carom's own ``Stroke`` gives the ball's launch speed (``speed``) and lets Carom's
cue model (calibrated on tracked shots) make the spin; a centre-ball pooltool stroke
launches the ball at ``2 V0 / (1 + m / M)``, about 1.45 × V0 for Carom's 210 g ball and
pooltool's 567 g cue.
"""

from __future__ import annotations

from typing import Tuple

from ._carom import Simulator


def from_pooltool_xy(sim: Simulator, x: float, y: float) -> Tuple[float, float]:
    """A point of pooltool's frame (m from the corner: x across, y along) in Carom's
    table frame (m from the bed's centre: x along, y across), on ``sim``'s table."""
    length, width = sim.bed
    return (y - length / 2, width / 2 - x)


def to_pooltool_xy(sim: Simulator, x: float, y: float) -> Tuple[float, float]:
    """A point of Carom's table frame (m) in pooltool's frame (m), on ``sim``'s table."""
    length, width = sim.bed
    return (width / 2 - y, x + length / 2)


def phi_of(direction_deg: float) -> float:
    """pooltool's ``phi`` (degrees from its +x) of Carom's ``direction_deg``."""
    return (direction_deg + 90.0) % 360.0


def direction_of(phi: float) -> float:
    """Carom's ``direction_deg`` of pooltool's ``phi``."""
    return (phi - 90.0) % 360.0
