"""Typed stubs of the native module (see each class's docstring for units and frames:
metres in the table frame, degrees, seconds, m/s, rad/s)."""

from os import PathLike
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

BALLS: List[str]
CUSHIONS: List[str]
EVENT_KINDS: List[str]
SURFACES: List[str]
MAX_SPEED: float
INNING_STROKE_LOW: List[float]
INNING_STROKE_HIGH: List[float]

Point = Tuple[float, float]
Vector = Tuple[float, float, float]
ArrayLike = npt.ArrayLike

class Stroke:
    ball: str
    direction_deg: float
    speed: float
    side: float
    height: float
    elevation_deg: float
    def __init__(
        self,
        ball: str,
        direction_deg: float,
        speed: float,
        side: float = 0.0,
        height: float = 0.0,
        elevation_deg: float = 0.0,
    ) -> None: ...

class PooltoolStroke:
    V0: float
    phi: float
    theta: float
    a: float
    b: float
    ball: str
    cue_mass: float
    end_mass: float
    english_throttle: float
    squirt_throttle: float
    def __init__(
        self,
        V0: float,
        phi: float,
        theta: float = 0.0,
        a: float = 0.0,
        b: float = 0.0,
        ball: str = "white",
        cue_mass: float = 0.567,
        end_mass: float = 0.0056699,
        english_throttle: float = 1.0,
        squirt_throttle: float = 1.0,
    ) -> None: ...

class FinalPosition(TypedDict):
    x: float
    y: float
    z: float
    on_table: bool

class Verdict(TypedDict):
    points: int
    fouls: List[Dict[str, Any]]
    inning_over: bool
    spot: List[Dict[str, str]]
    warnings: List[Dict[str, Any]]

class Record:
    @property
    def events(self) -> List[Dict[str, Any]]: ...
    @property
    def final(self) -> Dict[str, FinalPosition]: ...
    @property
    def duration(self) -> float: ...
    @property
    def trajectories(self) -> Dict[str, npt.NDArray[np.float64]]: ...
    @property
    def lay_out(self) -> Dict[str, Point]: ...
    @property
    def stroke(self) -> Optional[Stroke]: ...
    def final_positions(self, balls: Optional[Sequence[str]] = None) -> npt.NDArray[np.float64]: ...
    def to_dict(self) -> Dict[str, Any]: ...

class BatchResult(TypedDict, total=False):
    final: npt.NDArray[np.float64]
    on_table: npt.NDArray[np.bool_]
    duration: npt.NDArray[np.float64]
    events: npt.NDArray[np.float64]
    event_count: npt.NDArray[np.int64]
    played: npt.NDArray[np.float64]
    points: npt.NDArray[np.int64]
    foul: npt.NDArray[np.bool_]
    inning_over: npt.NDArray[np.bool_]

class Innings:
    def __len__(self) -> int: ...
    @property
    def balls(self) -> List[str]: ...
    @property
    def game(self) -> str: ...
    @property
    def limits(self) -> Point: ...
    def reset(self, indices: Sequence[int], seeds: Sequence[int]) -> npt.NDArray[np.float64]: ...
    def step(
        self,
        actions: ArrayLike,
        restart: Sequence[bool],
        seeds: Sequence[int],
        threads: Optional[int],
    ) -> Tuple[
        npt.NDArray[np.float64],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]: ...

class Simulator:
    def __init__(
        self,
        config: Optional[Union[str, PathLike[str]]] = None,
        table: Optional[str] = None,
        condition: Optional[str] = None,
    ) -> None: ...
    @property
    def table(self) -> str: ...
    @property
    def bed(self) -> Point: ...
    @property
    def limits(self) -> Point: ...
    @property
    def ball_radius(self) -> float: ...
    @property
    def ball_mass(self) -> float: ...
    @property
    def games(self) -> List[str]: ...
    @property
    def levels(self) -> List[str]: ...
    def physics_fingerprint(self) -> str: ...
    def simulate(
        self,
        balls: Mapping[str, Point],
        stroke: Optional[Union[Stroke, PooltoolStroke]] = None,
        *,
        velocities: Optional[Mapping[str, Vector]] = None,
        spins: Optional[Mapping[str, Vector]] = None,
        sample_hz: Optional[float] = None,
    ) -> Record: ...
    def judge(self, record: Record, game: str) -> Verdict: ...
    def suggest(
        self,
        balls: Mapping[str, Point],
        cue_ball: str = "white",
        game: str = "three_cushion",
        level: Optional[str] = None,
        seed: int = 1,
        threads: Optional[int] = None,
    ) -> Dict[str, Any]: ...
    def random_lay_out(self, seed: int, game: str = "three_cushion") -> Dict[str, Point]: ...
    def pooltool_launch(self, stroke: PooltoolStroke) -> Tuple[Vector, Vector]: ...
    def batch(
        self,
        lay_outs: ArrayLike,
        strokes: ArrayLike,
        *,
        balls: Optional[Sequence[str]] = None,
        cue_ball: str = "white",
        model: str = "carom",
        repeat: int = 1,
        noise: Optional[str] = None,
        seed: int = 0,
        game: Optional[str] = None,
        threads: Optional[int] = None,
        max_events: int = 32,
    ) -> BatchResult: ...
    def innings(
        self,
        n: int,
        game: str = "three_cushion",
        noise: Optional[str] = None,
        max_strokes: int = 100,
    ) -> Innings: ...
