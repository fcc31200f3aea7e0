"""A cross-entropy search for a scoring three-cushion stroke from one lay-out.

Every iteration tries a population of strokes from the same position at once (the
vector environment's tables all reset to one lay-out and stepped in one call into
Rust), keeps the best, and draws the next population around them. The reward of the
inning environment is the referee's points, so a stroke that scores is a stroke the
general carom rules count. The stroke found is then played 1 000 times with a Club
player's execution error (``Simulator.batch``) to say how often it would score.

    python python/examples/cross_entropy.py [--lay-out-seed 7] [--population 512]
"""

import argparse
import time

import numpy as np

import carom
from carom.env import ThreeCushionInningVector, stroke_of


def search(lay_out_seed: int, population: int, iterations: int, seed: int):
    envs = ThreeCushionInningVector(num_envs=population)
    rng = np.random.default_rng(seed)
    mean, std = np.zeros(5), np.full(5, 0.6)
    best = (0.0, None, None)
    for iteration in range(iterations):
        actions = np.clip(mean + std * rng.standard_normal((population, 5)), -1.0, 1.0)
        observation, _ = envs.reset(seed=seed, options={"lay_out_seed": lay_out_seed})
        _, rewards, *_ = envs.step(actions)
        scoring = actions[rewards > 0]
        share = float(rewards.mean())
        print(f"iteration {iteration + 1}: {share:6.1%} of {population} strokes score")
        if len(scoring) == 0:
            continue
        # The elite: the few scoring strokes nearest the search's centre (the first
        # one found, at first), so that the search closes on one way of scoring rather
        # than averaging several.
        centre = scoring[0] if best[1] is None else mean
        nearest = np.argsort(np.linalg.norm(scoring - centre, axis=1))
        elite = scoring[nearest[:5]]
        mean, std = elite.mean(axis=0), np.maximum(elite.std(axis=0), 0.002)
        if share >= best[0]:
            best = (share, scoring[nearest[0]], observation[0])
        if share > 0.8:
            break
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lay-out-seed", type=int, default=7)
    parser.add_argument("--population", type=int, default=512)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    started = time.perf_counter()
    share, action, observation = search(args.lay_out_seed, args.population, args.iterations, args.seed)
    elapsed = time.perf_counter() - started
    if action is None:
        print(f"no scoring stroke found in {elapsed:.2f} s")
        return
    direction, speed, side, height, elevation = stroke_of(action)
    balls = dict(zip(("white", "dotted", "red"), observation[:6].reshape(3, 2).tolist()))
    cue_ball = "dotted" if observation[6] else "white"
    print(f"lay-out: {', '.join(f'{b} ({x:+.3f}, {y:+.3f})' for b, (x, y) in balls.items())}; {cue_ball} to play")
    print(
        f"found in {elapsed:.2f} s: direction {direction:.2f}°, speed {speed:.2f} m/s, "
        f"side {side:+.2f}, height {height:+.2f}, elevation {elevation:.1f}°"
    )
    sim = carom.Simulator()
    lay_out = np.array([balls[b] for b in ("white", "dotted", "red")])
    stroke = [direction, speed, side, height, elevation]
    record = sim.simulate(balls, carom.Stroke(cue_ball, *stroke))
    print(f"played exactly: {sim.judge(record, 'three_cushion')['points']} point")
    club = sim.batch(lay_out, stroke, cue_ball=cue_ball, repeat=1000, noise="club", seed=1, game="three_cushion")
    print(f"played 1 000 times as a Club player would: scores {club['points'].mean():.1%}")


if __name__ == "__main__":
    main()
