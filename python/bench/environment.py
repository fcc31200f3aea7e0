"""Strokes a second through the Gymnasium environments: the single inning (through
``gymnasium.make``'s wrappers) and the vector environment at 1 and 256 tables, on
uniformly random actions: two thirds of those strokes put a ball in the air at some
moment (most from the cue's elevation, up to 15°, driving the ball into the slate), and
rapier steps a ball in the air, at about 20 times a stroke on the cloth's cost.

    python python/bench/environment.py
"""

import time

import gymnasium as gym
import numpy as np

import carom.env


def vector(num_envs: int, steps: int) -> float:
    envs = carom.env.ThreeCushionInningVector(num_envs=num_envs)
    envs.reset(seed=0)
    envs.action_space.seed(0)
    actions = [envs.action_space.sample() for _ in range(steps)]
    started = time.perf_counter()
    for action in actions:
        envs.step(action)
    return steps * num_envs / (time.perf_counter() - started)


def single(steps: int) -> float:
    env = gym.make("carom/ThreeCushionInning-v0")
    env.reset(seed=0)
    env.action_space.seed(0)
    started = time.perf_counter()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            env.reset()
    return steps / (time.perf_counter() - started)


def main() -> None:
    print("| | strokes a second |")
    print("|---|---:|")
    print(f"| ThreeCushionInning (gymnasium.make, resets included) | {single(5000):,.0f} |")
    for n in (1, 256):
        print(f"| ThreeCushionInningVector, {n} table{'s' if n > 1 else ''} | {vector(n, 5000 // n + 20):,.0f} |")


if __name__ == "__main__":
    main()
