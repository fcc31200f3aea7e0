//! `games.ron`: the carom games as data (docs/rules.md, "Games") — each game's set-up,
//! what a count needs, its restrictions and how long a match lasts by default — and the
//! referee's thresholds for the calls a sensor makes (rules 5 and 14).

use super::{ConfigError, Keyed, Source, UnknownKey, range::ranged};
use crate::shot::Spot;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::num::NonZeroU32;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesConfig {
    pub referee: RefereeConfig,
    /// The games by key (`three_cushion`, ...): the key is what match files name.
    pub games: BTreeMap<String, GameRules>,
}

/// Thresholds for what the referee judges from measurements.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefereeConfig {
    /// Rule 14: a tip contact longer than this is a push, ms. Must exceed the normal
    /// stroke's contact of `cue.ron` (`tip_contact_ms`).
    #[serde(deserialize_with = "push_contact_ms")]
    pub push_contact_ms: f64,
    /// Rule 5: lag distances closer than this cannot be told apart, mm.
    #[serde(deserialize_with = "lag_tolerance_mm")]
    pub lag_tolerance_mm: f64,
    /// Rule 17: a cue ball whose bottom rises at least this high above the cloth, mm,
    /// has made a real jump (a hop of a millimetre or two is none).
    #[serde(deserialize_with = "jump_height_mm")]
    pub jump_height_mm: f64,
}

/// One carom game: its set-up, what counts, and how long a match lasts.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRules {
    /// Shown in menus and score sheets.
    pub name: String,
    /// The name in other languages.
    #[serde(default)]
    pub translated: crate::config::Translations,
    /// Where each ball stands for the break (rule 7, or the game's own set-up).
    pub setup: Vec<SetupBall>,
    /// What a count needs.
    pub count: CountRule,
    /// Rule 8: when the cue ball must touch the red before any other ball.
    pub red_first: RedFirst,
    /// Balkline games: the balk lines and the counts allowed inside one balk space.
    pub balk: Option<BalkRule>,
    /// Rule 5: whether a lag decides the break (Korean four-ball: no).
    pub lag: bool,
    /// Rule 6: with an odd number of players, each stroke uses the white that was not the
    /// cue ball on the previous stroke (four-ball: no).
    pub alternate_cue_balls: bool,
    /// USBA three-cushion: intentional safeties are forbidden (rule 23) and rules 24–25
    /// do not apply.
    pub usba: bool,
    /// Korean four-ball: the cue ball touching the opponent's cue ball is a foul.
    pub opponent_ball_foul: bool,
    /// Points to win, unless a match says otherwise.
    pub target: NonZeroU32,
    /// Innings each player gets at most, unless a match says otherwise.
    pub innings_limit: Option<NonZeroU32>,
    /// When a player reaches the target, the players after them in the round still get
    /// their inning; the most points then win, equal points draw.
    pub equalising_inning: bool,
}

super::translated!(GameRules);

/// One ball of the break set-up.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupBall {
    pub ball: Role,
    pub at: Place,
}

/// A ball by its part in the game; the whites are assigned when the match starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The breaker's cue ball.
    Breaker,
    /// The other white.
    Opponent,
    Red,
    /// Four-ball's second red (or pink).
    Red2,
}

/// Where a set-up ball stands.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Place {
    Spot(Spot),
    /// On the head string, `y_mm` to the left (+) or right (−) of the head spot; the
    /// breaker may move it along the string within the table's break offset (rule 7).
    HeadString {
        #[serde(deserialize_with = "head_string_y_mm")]
        y_mm: f64,
    },
    /// `x_mm` toward the foot and `y_mm` to the left of a spot.
    Offset {
        spot: Spot,
        #[serde(deserialize_with = "offset_x_mm")]
        x_mm: f64,
        #[serde(deserialize_with = "offset_y_mm")]
        y_mm: f64,
    },
}

/// What a count needs: the cue ball touches the balls of `balls`, with at least
/// `cushions` cushion contacts of the cue ball before it first touches the last of them.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountRule {
    pub balls: CountBalls,
    pub cushions: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountBalls {
    /// Both object balls (three-ball games).
    ObjectBalls,
    /// Both reds (Korean four-ball).
    Reds,
    /// Any two of the three object balls, one point; all three, two (four-ball).
    AnyTwo,
}

/// Rule 8: when the cue ball's first ball contact must be the red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedFirst {
    /// Never (four-ball).
    Never,
    /// On the break only (rule 8).
    OnBreak,
    /// On every stroke ("Red Ball").
    Always,
}

/// Balkline: lines `distance_mm` from each cushion's nose divide the bed into balk
/// spaces and an unrestricted centre space. While both object balls lie in one balk
/// space, `counts_in_space` counts may be made; the next must drive one out. Where a
/// line meets a cushion, the square `anchor_mm` each side of it along the cushion and as
/// deep is an anchor space, played as a balk space (47/2, 71/2: 178 mm, 7 in).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BalkRule {
    #[serde(deserialize_with = "distance_mm")]
    pub distance_mm: f64,
    pub counts_in_space: u32,
    #[serde(default, deserialize_with = "anchor_mm")]
    pub anchor_mm: Option<f64>,
}

/// An anchor square's side, when the game has them.
fn anchor_mm<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let mm = Option::<f64>::deserialize(d)?;
    match mm {
        Some(mm) if !(100.0..=300.0).contains(&mm) => Err(serde::de::Error::custom(format!(
            "`anchor_mm` is {mm}, outside its allowed range 100 ..= 300 mm"
        ))),
        _ => Ok(mm),
    }
}

ranged! {
    push_contact_ms: 1.0 ..= 10.0, " ms (rule 14)";
    lag_tolerance_mm: 0.1 ..= 20.0, " mm (rule 5)";
    jump_height_mm: 2.0 ..= 61.5, " mm (rule 17)";
    head_string_y_mm as "y_mm": -152.4 ..= 152.4, " mm (rule 7)";
    offset_x_mm as "x_mm": -1500.0 ..= 1500.0, " mm";
    offset_y_mm as "y_mm": -750.0 ..= 750.0, " mm";
    distance_mm: 300.0 ..= 800.0, " mm";
}

impl GamesConfig {
    /// The game of that key, or a message that lists the games there are.
    pub fn game(&self, key: &str) -> Result<&GameRules, UnknownKey> {
        self.games
            .get(key)
            .ok_or_else(|| UnknownKey::new(Keyed::Game, key, self.games.keys().map(String::as_str)))
    }

    /// Checks what spans fields: every game has a complete set-up and rules that fit
    /// its balls.
    pub(super) fn check(&self, source: &Source) -> Result<(), ConfigError> {
        if self.games.is_empty() {
            return Err(source.error_at(&["games"], "`games` is empty"));
        }
        for (key, game) in &self.games {
            game.check(|message| {
                source.error_at(
                    &["games", &format!("\"{key}\"")],
                    format!("game \"{key}\": {message}"),
                )
            })?;
        }
        Ok(())
    }
}

impl GameRules {
    /// Whether the game is played with the second red (four-ball).
    pub fn has_red2(&self) -> bool {
        self.setup.iter().any(|s| s.ball == Role::Red2)
    }

    /// Whether the breaker's ball stands on the head string and may be moved along it
    /// (rule 7); four-ball's own set-up places it by an offset instead.
    pub fn breaker_on_head_string(&self) -> bool {
        self.setup
            .iter()
            .any(|s| s.ball == Role::Breaker && matches!(s.at, Place::HeadString { .. }))
    }

    /// Whether the game's fields fit together; `fail` makes the error of a message.
    fn check(&self, fail: impl Fn(String) -> ConfigError) -> Result<(), ConfigError> {
        for role in [Role::Breaker, Role::Opponent, Role::Red, Role::Red2] {
            let placed = self.setup.iter().filter(|s| s.ball == role).count();
            if placed > 1 {
                return Err(fail(format!("`setup` places {role:?} {placed} times")));
            }
            if placed == 0 && role != Role::Red2 {
                return Err(fail(format!("`setup` does not place {role:?}")));
            }
        }
        let reds = self.count.balls == CountBalls::Reds;
        let four_balls = self.count.balls != CountBalls::ObjectBalls;
        if four_balls != self.has_red2() {
            return Err(fail(
                "`count.balls: reds` or `any_two` and a `red2` in `setup` go together \
                 (four-ball games)"
                    .into(),
            ));
        }
        if self.opponent_ball_foul && !reds {
            return Err(fail(
                "`opponent_ball_foul` needs `count.balls: reds`: in a three-ball game \
                        the opponent's ball is an object ball"
                    .into(),
            ));
        }
        if self.balk.is_some() && four_balls {
            return Err(fail("`balk` is for three-ball games".into()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse;

    const DEFAULTS: &str = include_str!("../../../config/games.ron");

    fn games_with(replace: &str, by: &str) -> Result<GamesConfig, ConfigError> {
        let text = DEFAULTS.replacen(replace, by, 1);
        assert_ne!(text, DEFAULTS, "{replace} not found");
        let games: GamesConfig = parse("games.ron", &text)?;
        games.check(&Source {
            name: "games.ron".into(),
            text,
        })?;
        Ok(games)
    }

    #[test]
    fn every_variant_of_the_rules_is_defined() {
        let games: GamesConfig = parse("games.ron", DEFAULTS).unwrap();
        games
            .check(&Source {
                name: "games.ron".into(),
                text: DEFAULTS.into(),
            })
            .unwrap();
        for key in [
            "straight_rail",
            "one_cushion",
            "three_cushion",
            "balkline_47_2",
            "balkline_71_2",
            "four_ball",
            "korean_four_ball",
            "red_ball",
        ] {
            let game = games.game(key).unwrap();
            // Rule 7's movable breaker's ball, except in four-ball's own set-up.
            assert_eq!(
                game.breaker_on_head_string(),
                key != "korean_four_ball",
                "{key}"
            );
        }
        assert_eq!(games.games["three_cushion"].count.cushions, 3);
        assert_eq!(
            games.games["balkline_71_2"].balk.map(|b| b.distance_mm),
            Some(710.0)
        );
        assert!(games.games["four_ball"].lag);
        assert!(!games.games["korean_four_ball"].lag);
    }

    #[test]
    fn a_balk_line_out_of_range_is_refused_with_its_line() {
        let err = games_with("distance_mm: 470.0", "distance_mm: 47.0").unwrap_err();
        assert!(
            err.message
                .contains("`distance_mm` is 47, outside its allowed range"),
            "{err}"
        );
        assert!(err.position.is_some(), "{err}");
    }

    #[test]
    fn the_breaker_stays_within_six_inches_of_the_head_spot() {
        // Rule 7.
        let err = games_with("head_string(y_mm: 150.0)", "head_string(y_mm: 200.0)").unwrap_err();
        assert!(err.message.contains("152.4 mm (rule 7)"), "{err}");
    }

    #[test]
    fn a_set_up_without_the_red_is_refused() {
        let err = games_with("(ball: red, at: spot(foot)),", "").unwrap_err();
        assert!(err.message.contains("does not place Red"), "{err}");
    }

    #[test]
    fn a_zero_target_is_refused() {
        let err = games_with("target: 100,", "target: 0,").unwrap_err();
        assert!(err.message.contains("nonzero"), "{err}");
    }
}
