"""The Gymnasium environments pass Gymnasium's checker and reset to the bit."""

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env

import carom.env


def test_the_inning_passes_the_environment_checker():
    check_env(carom.env.ThreeCushionInning(), skip_render_check=True)


def test_reset_with_a_seed_gives_the_same_episode_to_the_bit():
    def episode(seed):
        env = gym.make("carom/ThreeCushionInning-v0", noise="club")
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        seen = [obs]
        for _ in range(5):
            obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
            seen.append(np.append(obs, [reward, terminated, truncated]))
            if terminated or truncated:
                break
        return np.concatenate(seen)

    assert np.array_equal(episode(5), episode(5))
    assert not np.array_equal(episode(5), episode(6))


def test_the_vector_environment_steps_every_table_and_resets_next_step():
    envs = gym.make_vec(
        "carom/ThreeCushionInning-v0", num_envs=6, vectorization_mode="vector_entry_point"
    )
    obs, _ = envs.reset(seed=3)
    assert obs.shape == (6, 7)
    assert envs.observation_space.contains(obs)
    envs.action_space.seed(3)
    ended = np.zeros(6, dtype=bool)
    for _ in range(8):
        obs, rewards, terminated, truncated, _ = envs.step(envs.action_space.sample())
        assert envs.observation_space.contains(obs)
        # A table that ended last step starts again: reward 0, not ended.
        assert np.all(rewards[ended] == 0) and not np.any(terminated[ended])
        ended = terminated | truncated
    # Its tables play as the single environment does, seed for seed.
    single = carom.env.ThreeCushionInningVector(num_envs=6)
    again, _ = single.reset(seed=3)
    first, _ = envs.reset(seed=3)
    assert np.array_equal(again, first)


def test_rewards_are_the_referees_points_and_a_miss_ends_the_inning():
    env = carom.env.ThreeCushionInning()
    sim = env.simulator
    obs, _ = env.reset(seed=21)
    balls = dict(zip(("white", "dotted", "red"), obs[:6].reshape(3, 2).tolist()))
    cue_ball = "dotted" if obs[6] else "white"
    best = sim.suggest(balls, cue_ball=cue_ball, level="perfect", seed=1, threads=1)
    assert best["p_score"] == 1.0
    s = best["stroke"]
    stroke = np.array([s["direction_deg"], s["speed"], s["side"], s["height"], s["elevation_deg"]])
    action = carom.env.action_of(stroke)
    assert env.action_space.contains(action)
    assert np.allclose(carom.env.stroke_of(action), stroke)
    obs, reward, terminated, truncated, _ = env.step(action)
    assert (reward, terminated, truncated) == (1.0, False, False)
    # The same cue ball plays on from where the balls stopped.
    assert obs[6] == (1.0 if cue_ball == "dotted" else 0.0)
    # The softest stroke reaches nothing: no point, and the inning is over.
    obs, reward, terminated, truncated, _ = env.step(np.array([-1.0, -1.0, 0.0, 0.0, -1.0]))
    assert (reward, terminated) == (0.0, True)
