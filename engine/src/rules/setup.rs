//! Rule 7 (or a game's own set-up): where the balls stand for the break, and which balls
//! are in play.

use crate::config::{Config, ConfigError, GameRules, Place, Role};
use crate::math::DVec2;
use crate::shot::BallId;
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// A match that cannot start, and why.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    NoPlayers,
    /// Player `i` has an empty name.
    Nameless(usize),
    /// Two players of this one name.
    SameName(String),
    /// The breaker is not one of the players.
    NoSuchBreaker {
        breaker: usize,
        players: usize,
    },
    /// The breaker's ball is not a cue ball (rule 2).
    NotACueBall(BallId),
    NoTarget,
    /// A handicap match's targets are not one for each player.
    TargetsPerPlayer {
        targets: usize,
        players: usize,
    },
    NoInnings,
    /// A match in sets is for two players, not this many.
    SetsForTwo(usize),
    /// Sets are played out to their points: no innings limit, no equalising inning,
    /// no handicap.
    SetsPlayedOut,
    /// A set's breaker was named when no set was waiting for one.
    NoSetBreakPending,
    /// The game's set-up puts this ball here (mm), off the preset's bed.
    OffTheBed {
        ball: BallId,
        at_mm: (f64, f64),
        table: String,
    },
    /// The game's set-up puts these balls on top of each other.
    OnTopOfEachOther(BallId, BallId),
    /// A lay-out with other balls than the game's: the game, its balls, the lay-out's.
    OtherBalls {
        game: String,
        in_play: Vec<BallId>,
        placed: Vec<BallId>,
    },
}

impl std::error::Error for SetupError {}

/// The ball that plays a role, once the breaker's white is known.
pub fn ball_of(role: Role, breaker_ball: BallId) -> BallId {
    match role {
        Role::Breaker => breaker_ball,
        Role::Opponent => breaker_ball.other_white().unwrap_or(BallId::Dotted),
        Role::Red => BallId::Red,
        Role::Red2 => BallId::Red2,
    }
}

/// The balls of the game (rule 2; four-ball adds the second red).
pub fn balls_in_play(game: &GameRules) -> Vec<BallId> {
    let mut balls = vec![BallId::White, BallId::Dotted, BallId::Red];
    if game.has_red2() {
        balls.push(BallId::Red2);
    }
    balls
}

/// Where each ball stands for the break, m in the table frame. A ball on the head
/// string (rule 7) is at its set-up offset, clamped to the table's break offset; the
/// breaker may move it within that.
pub fn break_positions(
    game: &GameRules,
    table: &TableGeometry,
    breaker_ball: BallId,
) -> Result<BTreeMap<BallId, DVec2>, SetupError> {
    let mut positions = BTreeMap::new();
    for placed in &game.setup {
        let ball = ball_of(placed.ball, breaker_ball);
        let p = match placed.at {
            Place::Spot(spot) => table.spot(spot),
            Place::HeadString { y_mm } => table.break_position(y_mm / 1000.0),
            Place::Offset { spot, x_mm, y_mm } => {
                table.spot(spot) + DVec2::new(x_mm, y_mm) / 1000.0
            }
        };
        if !table.fits_on_bed(p) {
            return Err(SetupError::OffTheBed {
                ball,
                at_mm: (p.x * 1000.0, p.y * 1000.0),
                table: table.preset.clone(),
            });
        }
        if let Some((other, _)) = positions
            .iter()
            .find(|(_, q): &(&BallId, &DVec2)| q.distance(p) < 2.0 * table.ball_radius)
        {
            return Err(SetupError::OnTopOfEachOther(ball, *other));
        }
        positions.insert(ball, p);
    }
    Ok(positions)
}

/// Whether `positions` is the break set-up of `game` with `breaker_ball` breaking
/// (rule 7): every ball where the set-up puts it, within a millimetre, and a ball on
/// the head string anywhere on its segment (the breaker may move it there).
pub fn is_break_layout(
    game: &GameRules,
    table: &TableGeometry,
    breaker_ball: BallId,
    positions: &BTreeMap<BallId, DVec2>,
) -> bool {
    const WITHIN: f64 = 1e-3;
    let Ok(set_up) = break_positions(game, table, breaker_ball) else {
        return false;
    };
    let on_head_string: Vec<BallId> = game
        .setup
        .iter()
        .filter(|s| matches!(s.at, Place::HeadString { .. }))
        .map(|s| ball_of(s.ball, breaker_ball))
        .collect();
    set_up.len() == positions.len()
        && set_up.iter().all(|(ball, want)| {
            positions.get(ball).is_some_and(|&at| {
                if on_head_string.contains(ball) {
                    let head_spot = table.spot(crate::shot::Spot::Head);
                    (at.x - head_spot.x).abs() <= WITHIN
                        && (at.y - head_spot.y).abs() <= table.break_offset + WITHIN
                } else {
                    at.distance(*want) <= WITHIN
                }
            })
        })
}

/// Checks every game's set-up on every table preset: each ball on the bed, no two on
/// top of each other (rule 7). Errors point at the game's `setup` in `games.ron`.
pub fn check_setups(config: &Config) -> Result<(), ConfigError> {
    for (key, game) in &config.games.games {
        for preset in &config.tables.presets {
            let table = TableGeometry::new(&config.tables, Some(&preset.name), &config.balls)
                .map_err(|e| config.sources.tables.error_at(&["presets"], e.to_string()))?;
            for breaker in [BallId::White, BallId::Dotted] {
                break_positions(game, &table, breaker).map_err(|e| {
                    config.sources.games.error_at(
                        &["games", &format!("\"{key}\""), "setup"],
                        format!("game \"{key}\": {e}"),
                    )
                })?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testkit::{game, table};
    use crate::shot::Spot;

    #[test]
    fn break_set_up_puts_red_on_foot_spot_and_opponent_on_head_spot() {
        // Rule 7.
        let t = table();
        for key in [
            "straight_rail",
            "three_cushion",
            "balkline_47_2",
            "red_ball",
        ] {
            let p = break_positions(&game(key), &t, BallId::Dotted).unwrap();
            assert_eq!(p[&BallId::Red], t.spot(Spot::Foot), "{key}");
            assert_eq!(p[&BallId::White], t.spot(Spot::Head), "{key}");
            let breaker = p[&BallId::Dotted];
            assert_eq!(breaker.x, t.head_string_x(), "{key}");
            assert!(
                breaker.distance(t.spot(Spot::Head)) <= 0.1524 + 1e-12,
                "{key}"
            );
            assert!(!p.contains_key(&BallId::Red2), "{key}");
        }
    }

    #[test]
    fn four_ball_has_its_own_set_up_with_two_reds() {
        // Rule 7's note: four-ball has its own set-up.
        let t = table();
        let p = break_positions(&game("korean_four_ball"), &t, BallId::White).unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p[&BallId::Red], t.spot(Spot::Foot));
        assert_eq!(p[&BallId::Red2], t.spot(Spot::Head));
        assert_eq!(balls_in_play(&game("korean_four_ball")).len(), 4);
    }

    #[test]
    fn a_set_up_off_the_bed_is_refused() {
        let mut g = game("straight_rail");
        g.setup[0].at = Place::Offset {
            spot: Spot::Foot,
            x_mm: 1400.0,
            y_mm: 0.0,
        };
        let err = break_positions(&g, &table(), BallId::White).unwrap_err();
        assert!(matches!(err, SetupError::OffTheBed { .. }), "{err}");
        assert!(
            err.to_string().contains("off the match table's bed"),
            "{err}"
        );
    }

    #[test]
    fn a_set_up_with_two_balls_on_one_spot_is_refused() {
        let mut g = game("straight_rail");
        g.setup[0].at = Place::Spot(Spot::Head);
        let err = break_positions(&g, &table(), BallId::White).unwrap_err();
        assert!(err.to_string().contains("on top of each other"), "{err}");
    }
}
