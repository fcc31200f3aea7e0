//! What the referee decides about one stroke, as types: points, fouls and warnings with
//! the rule they cite, remarks (why no count, a legal safety, ...), whether the inning
//! is over, which jumped balls go to which spot, and the end of the game. The sentences
//! a player reads are made from these by `crate::words`.

use super::balk::BalkSpace;
use crate::math::DVec2;
use crate::shot::{BallId, Spot};
use serde::{Serialize, Serializer};

/// The rule a ruling cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A general rule, by its number in docs/rules.md (1–26).
    General(u8),
    /// Balkline: a count made with both object balls left in the balk space where the
    /// game allows no more counts.
    Balkline,
    /// Korean four-ball: the cue ball touched the opponent's cue ball.
    KoreanFourBall,
    /// A match format's shot clock ran out (docs/rules.md "Formats").
    ShotClock,
}

/// JSON: a general rule is its number, a game's own rule its name (`"balkline"`,
/// `"korean_four_ball"`).
impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Rule::General(n) => s.serialize_u8(*n),
            Rule::Balkline => s.serialize_str("balkline"),
            Rule::KoreanFourBall => s.serialize_str("korean_four_ball"),
            Rule::ShotClock => s.serialize_str("shot_clock"),
        }
    }
}

/// A foul: what the stroke did against which rule, with the measurements it was judged
/// by.
#[derive(Clone, Debug, PartialEq)]
pub enum Foul {
    /// Rule 8: the cue ball touched `first` before the red, on the break (or in every
    /// stroke of Red Ball).
    RedNotFirst { on_break: bool, first: BallId },
    /// Rule 10: the stroke was played while these balls still moved.
    BallsMoving(Vec<BallId>),
    /// Rule 12 (with rules 2 and 6): the tip struck `struck`, not the stroke's cue ball.
    WrongBall { struck: BallId, cue_ball: BallId },
    /// Rule 12: the cue touched these balls at the strike.
    CueTouchedAtStrike(Vec<BallId>),
    /// Rule 12: the cue touched these balls after the strike.
    CueTouchedAfterStrike(Vec<BallId>),
    /// Rule 12, the referee's call: a ball was touched by something other than the tip.
    TouchedBall,
    /// Rule 12, the referee's call under rule 18: a ball struck on purpose with
    /// something other than the tip.
    IntentionalFoul,
    /// Rule 13: the tip touched the cue ball this many more times after the strike.
    TipAgain(usize),
    /// Rule 13: the tip was still on the cue ball when it reached `ball`, `after_s`
    /// after the strike; the tip's contact lasted `contact_s`.
    TipStillOn {
        ball: BallId,
        after_s: f64,
        contact_s: f64,
    },
    /// Rule 14: the tip stayed on the ball `contact_s`, more than `limit_s`.
    Push { contact_s: f64, limit_s: f64 },
    /// Rule 15 (and 21): the cue ball left the playing surface.
    CueBallJumped,
    /// Rule 17: struck `below` R below centre, the cue ball jumped over `over` before
    /// it reached a ball.
    ScoopedJump { below: f64, over: BallId },
    /// Rule 17: the tip slipped off (the ferrule or shaft met the ball) and the cue ball
    /// made a real jump.
    MiscueJump,
    /// Rule 23: USBA three-cushion forbids intentional safeties.
    SafetyForbidden,
    /// Rule 23: a declared safety whose cue ball touched no other ball.
    SafetyWithoutContact,
    /// Rule 23: a declared safety after which no ball reached a cushion.
    SafetyWithoutCushion,
    /// Rules 24 and 25: a safety where the inning had to start with an attempt to score.
    SafetyOwed(Obligation),
    /// Balkline: both object balls stayed in `space` after `counts` counts there.
    BalkCount { space: BalkSpace, counts: u32 },
    /// Korean four-ball: the cue ball touched the opponent's cue ball.
    OpponentBall(BallId),
    /// The shot clock ran out before the stroke.
    ShotClock,
}

impl Foul {
    /// The rule the foul is against.
    pub fn rule(&self) -> Rule {
        Rule::General(match self {
            Foul::RedNotFirst { .. } => 8,
            Foul::BallsMoving(_) => 10,
            Foul::WrongBall { .. }
            | Foul::CueTouchedAtStrike(_)
            | Foul::CueTouchedAfterStrike(_)
            | Foul::TouchedBall
            | Foul::IntentionalFoul => 12,
            Foul::TipAgain(_) | Foul::TipStillOn { .. } => 13,
            Foul::Push { .. } => 14,
            Foul::CueBallJumped => 15,
            Foul::ScoopedJump { .. } | Foul::MiscueJump => 17,
            Foul::SafetyForbidden | Foul::SafetyWithoutContact | Foul::SafetyWithoutCushion => 23,
            Foul::SafetyOwed(obligation) => obligation.rule(),
            Foul::BalkCount { .. } => return Rule::Balkline,
            Foul::OpponentBall(_) => return Rule::KoreanFourBall,
            Foul::ShotClock => return Rule::ShotClock,
        })
    }
}

/// A warning (rule 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning {
    /// For an intentional foul; the second in a game loses it.
    IntentionalFoul { loses_game: bool },
}

impl Warning {
    pub fn rule(&self) -> Rule {
        Rule::General(18)
    }
}

/// Why the cue ball's path made no count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountMiss {
    /// It touched every ball it needed, with too few cushions before the last.
    Cushions {
        had: usize,
        needed: usize,
    },
    TouchedNone,
    TouchedOnly(BallId),
    NotAll,
}

/// What the referee notes that is not a foul.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remark {
    NoCount(CountMiss),
    /// Rule 23: a declared safety that met the rule.
    LegalSafety,
    /// The shooter reached the target; with `equalising`, the rest of the round plays
    /// its equalising inning.
    TargetReached {
        equalising: bool,
    },
    /// Rule 22: positions restored, no penalty, the stroke does not count.
    Interference,
    /// A bank shot (three cushions or more before the first object ball) that the
    /// format counts as `points`.
    BankShot {
        points: u32,
    },
    /// The stroke won set `set` (from 1) for `winner`.
    SetWon {
        set: u32,
        winner: usize,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player won.
    Winner(usize),
    /// No single player leads.
    Draw,
    /// Practice ended without reaching the target.
    NotReached,
}

/// Where a jumped ball is put once every ball has stopped (rules 21, 26).
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub ball: BallId,
    /// The spot it goes to.
    pub spot: Spot,
    /// Its centre on the bed, m: the spot itself, unless all three spots were occupied
    /// (then the nearest free point on the long axis from the centre spot).
    pub position: DVec2,
    /// The spots tried first and found occupied, in the order tried.
    pub occupied: Vec<Spot>,
}

/// The referee's decision on one stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Index of the player who played the stroke.
    pub shooter: usize,
    /// The ball the tip struck.
    pub cue_ball: BallId,
    /// Points the stroke scored (0 on any foul, rule 16).
    pub points: u32,
    /// Fouls, in the order of the rules they cite.
    pub fouls: Vec<Foul>,
    /// Whether the shooter's inning ended with this stroke; if not, they play again.
    pub inning_over: bool,
    /// Jumped balls and where they go, in the order they are spotted (rule 26).
    pub spot: Vec<Placement>,
    /// Warnings given (rule 18).
    pub warnings: Vec<Warning>,
    /// Rule 22: put every ball back where it was before the stroke; it did not count.
    pub restore_positions: bool,
    /// Notes that are not fouls: why a stroke did not count, a legal safety, ...
    pub remarks: Vec<Remark>,
    /// How the game ended, when this stroke ended it.
    pub outcome: Option<Outcome>,
}

impl Verdict {
    pub fn game_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The winner, when this stroke ended the game with one.
    pub fn winner(&self) -> Option<usize> {
        match self.outcome {
            Some(Outcome::Winner(w)) => Some(w),
            _ => None,
        }
    }
}

/// A safety or foul that ended the player's last inning, binding their next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// Rule 24: no two intentional safeties in a row.
    AfterSafety,
    /// Rule 25: after a foul, the next inning starts with a clear attempt to score.
    AfterFoul,
}

impl Obligation {
    pub fn rule(self) -> u8 {
        match self {
            Obligation::AfterSafety => 24,
            Obligation::AfterFoul => 25,
        }
    }
}
