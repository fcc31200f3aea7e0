"""Gymnasium environments: one inning of carom at a time.

``ThreeCushionInning`` (registered as ``carom/ThreeCushionInning-v0`` when this module is
imported; ``gymnasium.make("carom.env:carom/ThreeCushionInning-v0")`` imports it):

- **observation**: ``[x_white, y_white, x_dotted, y_dotted, x_red, y_red, cue]``, float64:
  each ball's centre in metres in the table frame (origin at the bed's centre, +x toward
  the foot cushion, +y to the left seen from the head end) and ``cue`` 0 when the
  player's ball is the white, 1 when it is the dotted;
- **action**: five numbers in [-1, 1], float64, each mapped linearly onto a stroke's
  ``[direction_deg, speed, side, height, elevation_deg]`` from ``STROKE_LOW`` =
  ``[0, 0.3, -0.5, -0.5, 0]`` to ``STROKE_HIGH`` = ``[360, 6, 0.5, 0.5, 15]``: the aim
  (degrees counter-clockwise from +x), the cue ball's launch speed (m/s), the tip's
  offsets right and up (fractions of the radius) and the cue's elevation (degrees), as
  ``carom.Stroke`` has them (``stroke_of`` and ``action_of`` convert);
- **reward**: the stroke's points (1 for a count in three-cushion, 0 otherwise);
- **episode**: an inning from a random lay-out (uniform on the bed, none touching) with
  a random cue ball; it terminates when the referee ends the inning (a miss or a foul,
  under the general carom rules) or the game, and is truncated after ``max_strokes``.

``reset(seed=s)`` gives the same lay-out and, stroke for stroke, the same records to the
bit; ``reset(options={"lay_out_seed": k})`` starts from the lay-out and cue ball of
``carom.Simulator().innings`` seed ``k`` (in the vector environment, every table from
the same one: many strokes tried from one position, as a search wants). ``noise="club"`` (any of ``Simulator().levels``) plays each action with that
computer level's execution error, drawn from the episode's seed.

``ThreeCushionInningVector`` steps ``num_envs`` tables in one call into Rust, on every
core with the GIL released, with Gymnasium's next-step autoreset
(``gymnasium.make_vec("carom/ThreeCushionInning-v0", num_envs=64,
vectorization_mode="vector_entry_point")``).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._carom import INNING_STROKE_HIGH, INNING_STROKE_LOW, Innings, Simulator

__all__ = [
    "STROKE_HIGH",
    "STROKE_LOW",
    "ThreeCushionInning",
    "ThreeCushionInningVector",
    "action_of",
    "stroke_of",
]

# Seeds handed to the tables are drawn from the environment's generator below this.
_SEED_BOUND = 2**63


# The strokes an action spans: direction_deg, speed (m/s), side, height, elevation_deg.
STROKE_LOW = np.array(INNING_STROKE_LOW)
STROKE_HIGH = np.array(INNING_STROKE_HIGH)


def stroke_of(action: np.ndarray) -> np.ndarray:
    """The stroke rows ``[direction_deg, speed, side, height, elevation_deg]`` of actions
    in [-1, 1] (shape ``(5,)`` or ``(n, 5)``)."""
    action = np.asarray(action, dtype=np.float64)
    if action.shape[-1:] != (5,) or action.ndim > 2:
        raise ValueError(f"action: has shape {action.shape}; it must be (5,), or (n, 5) for n tables")
    if not np.all(np.abs(action) <= 1.0):
        raise ValueError(f"action: {action.tolist()} is not allowed; every number must lie in -1 to 1")
    stroke = STROKE_LOW + (action + 1.0) / 2.0 * (STROKE_HIGH - STROKE_LOW)
    return np.clip(stroke, STROKE_LOW, STROKE_HIGH)


def action_of(stroke: np.ndarray) -> np.ndarray:
    """The actions in [-1, 1] of stroke rows (the inverse of ``stroke_of``)."""
    stroke = np.asarray(stroke, dtype=np.float64)
    return np.clip(2.0 * (stroke - STROKE_LOW) / (STROKE_HIGH - STROKE_LOW) - 1.0, -1.0, 1.0)


def _table_seeds(
    rng: np.random.Generator, n: int, options: Optional[dict[str, Any]]
) -> list[int]:
    """The seeds of ``n`` tables' new innings: drawn from the environment's generator,
    or all ``options["lay_out_seed"]``."""
    seeds = [int(s) for s in rng.integers(_SEED_BOUND, size=n)]
    if options and "lay_out_seed" in options:
        seed = options["lay_out_seed"]
        if not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
            raise ValueError(f"options['lay_out_seed']: {seed!r} is not allowed; an integer from 0 to 2**64 - 1")
        seeds = [int(seed)] * n
    return seeds


def _spaces(tables: Innings) -> tuple[gym.spaces.Box, gym.spaces.Box]:
    x, y = tables.limits
    balls = len(tables.balls)
    observation = gym.spaces.Box(
        low=np.array([-x, -y] * balls + [0.0]),
        high=np.array([x, y] * balls + [1.0]),
        dtype=np.float64,
    )
    action = gym.spaces.Box(low=-1.0, high=1.0, shape=(5,), dtype=np.float64)
    return observation, action


class ThreeCushionInning(gym.Env):
    """One inning of three-cushion (or ``game``) at one table; see the module's help.

    Args:
        simulator: the table and physics (None: Carom's bundled config).
        game: a key of ``simulator.games``.
        noise: a key of ``simulator.levels`` whose execution error each action is
            played with, or None for the action exactly.
        max_strokes: the inning is truncated after this many strokes.
    """

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        simulator: Optional[Simulator] = None,
        game: str = "three_cushion",
        noise: Optional[str] = None,
        max_strokes: int = 100,
    ) -> None:
        self.simulator = simulator if simulator is not None else Simulator()
        self._tables = self.simulator.innings(1, game, noise, max_strokes)
        self.observation_space, self.action_space = _spaces(self._tables)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        return self._tables.reset([0], _table_seeds(self.np_random, 1, options))[0], {}

    def step(
        self, action: np.ndarray
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        strokes = stroke_of(action).reshape(1, 5)
        obs, reward, terminated, truncated = self._tables.step(strokes, [False], [0], 1)
        return obs[0], float(reward[0]), bool(terminated[0]), bool(truncated[0]), {}


class ThreeCushionInningVector(VectorEnv):
    """``num_envs`` innings stepped together in Rust; see the module's help.

    Args:
        num_envs: the number of tables.
        simulator, game, noise, max_strokes: as ``ThreeCushionInning``.
        threads: worker threads for a step (None: every core).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int = 1,
        simulator: Optional[Simulator] = None,
        game: str = "three_cushion",
        noise: Optional[str] = None,
        max_strokes: int = 100,
        threads: Optional[int] = None,
    ) -> None:
        self.simulator = simulator if simulator is not None else Simulator()
        self._tables = self.simulator.innings(num_envs, game, noise, max_strokes)
        self.num_envs = num_envs
        self._threads = threads
        self.single_observation_space, self.single_action_space = _spaces(self._tables)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._restart = np.zeros(num_envs, dtype=bool)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        seeds = _table_seeds(self.np_random, self.num_envs, options)
        obs = self._tables.reset(list(range(self.num_envs)), seeds)
        self._restart[:] = False
        return obs, {}

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        obs, rewards, terminated, truncated = self._tables.step(
            stroke_of(actions),
            self._restart.tolist(),
            _table_seeds(self.np_random, self.num_envs, None),
            self._threads,
        )
        self._restart = terminated | truncated
        return obs, rewards, terminated, truncated, {}


gym.register(
    id="carom/ThreeCushionInning-v0",
    entry_point="carom.env:ThreeCushionInning",
    vector_entry_point="carom.env:ThreeCushionInningVector",
)
