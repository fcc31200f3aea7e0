//! A table played online, as one participant (a seat or a spectator) holds it: the
//! match's messages applied in the channel's order to a local [`Play`], and what this
//! participant says. Nothing is applied when it is said: every message, one's own
//! included, takes effect when the channel brings it back, so that every participant
//! applies the same messages in the same order and their sheets agree. A participant
//! that starts again (a crash, a restart) rebuilds the match from the channel, or from
//! a player's snapshot where the relay no longer holds it all.

use super::chat::{ChatLog, ChatRefusal};
use super::commit::{Commitment, LagStroke, Salt};
use super::identity::{Identity, PublicKey, TableId, hex};
use super::inbox::Inbox;
use super::message::{
    Body, JoinCode, LeavingRule, PROTOCOL_VERSION, Payload, SeatHolder, TableTerms, pack_record,
};
use super::refusal::Refusal;
use super::transport::Channel;
use crate::config::Config;
use crate::play::{
    Command, LeavingVerdict, MatchEnding, MatchSettings, Mode, Phase, Play, StrokeTime,
};
use crate::shot::{BallId, ShotRecord, Stroke};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod arrivals;
mod strokes;

/// Something a participant should know that is not a move: a message dropped, another
/// build's physics, a record this side's simulation does not reproduce.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A message was not applied: why.
    Refused(Refusal),
    /// A participant's build works out another physics fingerprint: strokes may play
    /// differently on their side (the match goes on from each shooter's record).
    PhysicsDiffers {
        name: String,
        theirs: String,
        ours: String,
    },
    /// The shooter's record of stroke `number` is not what this side's simulation
    /// makes of the same stroke (another platform's maths, or a tampered client): the
    /// match goes on from the shooter's record.
    RecordDiffers { number: u32, seat: usize },
    /// The seat gave the game up.
    Conceded { seat: usize },
    /// The seat stayed away past the leaving rule's grace: the game ended by the rule.
    Abandoned {
        seat: usize,
        verdict: LeavingVerdict,
        match_s: u32,
        away_s: u32,
    },
}

/// What this participant may do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Nothing: the other player's turn, a message of ours on its way, not seated yet,
    /// or a spectator.
    Wait,
    /// Commit a lag stroke (`lag`).
    Lag,
    /// The lag won: break or pass, and the ball (`choose_break`).
    ChooseBreak,
    /// The break's set-up: move the ball along the head string (`move_break_ball`,
    /// once) or play (`strike`).
    BreakSetup { may_move: bool },
    /// Play a stroke (`strike`).
    Stroke,
    /// The game is over (or conceded): a rematch may be offered (`rematch`).
    Over,
}

/// Why this participant cannot say what it was asked to.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveError {
    /// It is not this participant's turn for that.
    NotYourTurn,
    /// The table refuses the stroke (a ball that is not the shooter's, a lay-out that
    /// does not hold it): what it said.
    NoStroke(String),
    /// This seat's lag commitment of the round is to another lag than this one.
    NotTheCommittedLag,
}

impl std::error::Error for MoveError {}

/// The lag of the current round: each seat's commitment, then its revealed stroke.
#[derive(Clone, Debug, Default)]
struct LagRound {
    round: u32,
    commitments: [Option<Commitment>; 2],
    reveals: [Option<LagStroke>; 2],
}

/// A newcomer is answered with a snapshot at most once in this time...
const SNAPSHOT_AGAIN_AFTER: Duration = Duration::from_secs(10);
/// ...and a seat sends at most this many snapshots a minute.
const SNAPSHOTS_A_MINUTE: usize = 12;
/// The most hello names kept (for the chat's lines of spectators).
const NAMES_KEPT: usize = 256;

/// One participant's table.
pub struct OnlineTable {
    config: Config,
    me: Identity,
    name: String,
    table: TableId,
    host: PublicKey,
    /// The host's terms, until it seats the table.
    terms: Option<TableTerms>,
    physics: String,
    inbox: Inbox,
    /// The last counter this participant used: it starts from the clock (microseconds)
    /// so that a participant that starts again continues above its earlier messages.
    counter: u64,
    outbox: Vec<(Channel, Vec<u8>)>,
    /// Our hello's counter, and whether it has come back (everything before it in the
    /// channel has been applied: we have caught up and may act).
    hello: u64,
    caught_up: bool,
    /// Whether our hello asks for a seat (said again by `rejoin`).
    wants_seat: bool,
    /// Said hello again after a connection was made again, and it has not come back.
    rejoining: bool,
    /// The counter of our last move not yet back from the channel.
    in_flight: Option<u64>,
    /// That move, as said (its seat and body): said again, under a new counter, if it
    /// has not come back by the time this participant has caught up after connecting
    /// again (the relay took it, then lost it in a restart before passing it on).
    in_flight_move: Option<(Option<u8>, Body)>,
    /// That move's stroke number, when it is a stroke.
    stroke_in_flight: Option<u32>,
    /// Guests who asked for a seat before the host seated the table.
    candidates: Vec<SeatHolder>,
    /// The seating's holders, once seated.
    seats: Vec<SeatHolder>,
    settings: Option<MatchSettings>,
    play: Option<Play>,
    /// The game of the table (from 1; a rematch is the next).
    game: u32,
    lag: LagRound,
    /// A lag committed this round, kept to be revealed.
    my_lag: Option<LagStroke>,
    break_ball_moved: bool,
    restore_asks: [Option<String>; 2],
    rematch_offers: [bool; 2],
    /// How the game ended before it was played out (conceded, or left).
    ending: Option<MatchEnding>,
    /// The leaving rule of the seating.
    leaving: LeavingRule,
    /// When the game began here (seated, or its rematch agreed).
    began: Option<Instant>,
    /// What is said at the table's chat.
    chat: ChatLog,
    /// The names participants gave in their hellos.
    names: HashMap<PublicKey, String>,
    /// When each newcomer was last answered with a snapshot, and the snapshots sent in
    /// the last minute: a flood of hellos (each a valid newcomer's) is not answered
    /// beyond `SNAPSHOT_AGAIN_AFTER` a key and `SNAPSHOTS_A_MINUTE` in all.
    answered: HashMap<PublicKey, Instant>,
    snapshots: VecDeque<Instant>,
    /// Every move applied (no hellos, no snapshots), as it came: what a snapshot sends.
    applied: Vec<Vec<u8>>,
    /// Moves that came while this participant did not know the seating, or between a
    /// snapshot's parts: applied once the snapshot is all in.
    deferred: Vec<Vec<u8>>,
    /// A snapshot to this participant has come in part.
    catching_up: bool,
    notes: Vec<Note>,
    /// Where each game of the table is saved (`<table>-<game>.json`).
    save_dir: Option<PathBuf>,
    /// When each seat was last heard from (a move, its aim or a heartbeat).
    heard: [Option<Instant>; 2],
    /// Each seat's aim while it aims.
    aims: [Option<Stroke>; 2],
    /// Every command applied to the match since the last `take_commands`.
    commands: Vec<Command>,
}

impl OnlineTable {
    /// A new table hosted by `me` (seat 0) on the terms given; the table is seated when
    /// a guest says hello asking for a seat.
    pub fn host(
        config: &Config,
        me: Identity,
        name: &str,
        table: TableId,
        terms: TableTerms,
        physics: String,
        save_dir: Option<PathBuf>,
    ) -> OnlineTable {
        let host = me.public();
        let mut t = OnlineTable::at(config, me, name, table, host, physics, save_dir);
        t.terms = Some(terms);
        t.say_hello(true);
        t
    }

    /// The table `table` hosted by `host` (from the join code), joined as a player
    /// (`wants_seat`) or a spectator.
    #[allow(clippy::too_many_arguments)]
    pub fn join(
        config: &Config,
        me: Identity,
        name: &str,
        table: TableId,
        host: PublicKey,
        wants_seat: bool,
        physics: String,
        save_dir: Option<PathBuf>,
    ) -> OnlineTable {
        let mut t = OnlineTable::at(config, me, name, table, host, physics, save_dir);
        t.say_hello(wants_seat);
        t
    }

    fn at(
        config: &Config,
        me: Identity,
        name: &str,
        table: TableId,
        host: PublicKey,
        physics: String,
        save_dir: Option<PathBuf>,
    ) -> OnlineTable {
        let clock_us = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64);
        OnlineTable {
            config: config.clone(),
            chat: ChatLog::new(me.public()),
            me,
            name: name.to_owned(),
            table,
            host,
            terms: None,
            physics,
            inbox: Inbox::new(table, host),
            counter: clock_us,
            outbox: Vec::new(),
            hello: 0,
            caught_up: false,
            wants_seat: false,
            rejoining: false,
            in_flight: None,
            in_flight_move: None,
            stroke_in_flight: None,
            candidates: Vec::new(),
            seats: Vec::new(),
            settings: None,
            play: None,
            game: 0,
            lag: LagRound::default(),
            my_lag: None,
            break_ball_moved: false,
            restore_asks: [None, None],
            rematch_offers: [false; 2],
            ending: None,
            leaving: LeavingRule::default(),
            began: None,
            names: HashMap::new(),
            answered: HashMap::new(),
            snapshots: VecDeque::new(),
            applied: Vec::new(),
            deferred: Vec::new(),
            catching_up: false,
            notes: Vec::new(),
            save_dir,
            heard: [None; 2],
            aims: [None; 2],
            commands: Vec::new(),
        }
    }

    // ----- views -----

    pub fn table_id(&self) -> TableId {
        self.table
    }

    /// The match as this participant holds it (once seated).
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// The seats' holders, once seated.
    pub fn seats(&self) -> &[SeatHolder] {
        &self.seats
    }

    /// The seat this participant holds (None: a spectator, or not seated yet).
    pub fn my_seat(&self) -> Option<usize> {
        let me = self.me.public();
        self.seats.iter().position(|s| s.key == me)
    }

    /// The game of the table (from 1; 0 before the seating).
    pub fn game(&self) -> u32 {
        self.game
    }

    /// The lag's round (from 1; each repeated lag, and each game's, is the next).
    pub fn lag_round(&self) -> u32 {
        self.lag.round
    }

    /// What a guest needs to find this table and check it is its host's.
    pub fn join_code(&self) -> JoinCode {
        JoinCode {
            table: self.table,
            host: self.host,
        }
    }

    /// How this game ended before it was played out (conceded, or left).
    pub fn ending(&self) -> Option<&MatchEnding> {
        self.ending.as_ref()
    }

    /// The leaving rule the table plays under (the host's, from the seating).
    pub fn leaving_rule(&self) -> LeavingRule {
        self.leaving
    }

    /// How long since this game began here (None before the seating).
    pub fn game_time(&self, now: Instant) -> Option<Duration> {
        self.began.map(|began| now.saturating_duration_since(began))
    }

    /// How long `seat` has been unheard at `now`: since its last move, aim or
    /// heartbeat, or since the game began if not heard in it at all.
    pub fn away(&self, seat: usize, now: Instant) -> Option<Duration> {
        let since = match (self.heard.get(seat).copied().flatten(), self.began) {
            (Some(heard), Some(began)) => heard.max(began),
            (heard, began) => heard.or(began)?,
        };
        Some(now.saturating_duration_since(since))
    }

    /// The table's chat.
    pub fn chat(&self) -> &ChatLog {
        &self.chat
    }

    pub fn mute(&mut self, player: PublicKey, muted: bool) {
        self.chat.mute(player, muted);
    }

    /// Whether this participant has caught up with the channel (its hello came back).
    pub fn caught_up(&self) -> bool {
        self.caught_up
    }

    /// Whether everything this participant has said is through the channel, and it has
    /// caught up.
    pub fn settled(&self) -> bool {
        self.caught_up && self.in_flight.is_none() && self.outbox.is_empty()
    }

    /// The number of this seat's stroke on its way through the channel (struck here,
    /// not yet back).
    pub fn stroke_on_its_way(&self) -> Option<u32> {
        self.in_flight.and(self.stroke_in_flight)
    }

    /// Whether the game is over: played out, conceded or left.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
            || self
                .play
                .as_ref()
                .is_some_and(|p| p.phase() == Phase::GameOver)
    }

    /// What happened that is not a move, since the last call.
    pub fn take_notes(&mut self) -> Vec<Note> {
        std::mem::take(&mut self.notes)
    }

    /// Every command applied to the match since the last call, in order (a lag's
    /// strokes, a choice, a stroke's record, a restore; none of the going on from a
    /// verdict, which each side reads on its own): what a screen that shows the match
    /// plays again on its own copy, in real time (`Follower`).
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    /// When `seat` was last heard from (a move, its aim or a heartbeat).
    pub fn heard(&self, seat: usize) -> Option<Instant> {
        self.heard.get(seat).copied().flatten()
    }

    /// The aim `seat` shows while it aims (cleared by its move).
    pub fn aim(&self, seat: usize) -> Option<Stroke> {
        self.aims.get(seat).copied().flatten()
    }

    /// What to publish, in order, since the last call.
    pub fn take_outbox(&mut self) -> Vec<(Channel, Vec<u8>)> {
        std::mem::take(&mut self.outbox)
    }

    /// The hash of where the game stands (its number, the strokes judged and where the
    /// balls are, to the bit): what a stroke and a restore name as the state before them.
    pub fn state_hash(&self) -> String {
        let Some(play) = &self.play else {
            return String::new();
        };
        let balls: Vec<(BallId, [f64; 2])> = play
            .sim()
            .lay_out()
            .into_iter()
            .map(|(b, p)| (b, [p.x, p.y]))
            .collect();
        let state = (self.game, play.strokes_judged(), balls);
        let json = serde_json::to_vec(&state).expect("plain data");
        hex(&Sha256::digest(json)[..16])
    }

    /// What this participant may do now.
    pub fn turn(&self) -> Turn {
        let (Some(play), Some(seat)) = (&self.play, self.my_seat()) else {
            return Turn::Wait;
        };
        if !self.caught_up || self.in_flight.is_some() {
            return Turn::Wait;
        }
        if self.is_over() {
            return match self.rematch_offers[seat] {
                true => Turn::Wait,
                false => Turn::Over,
            };
        }
        match play.phase() {
            Phase::Lag
                if self.lag.commitments[seat].is_none()
                    || (self.owes_reveal(seat) && self.my_lag.is_none()) =>
            {
                Turn::Lag
            }
            Phase::ChooseBreak if play.lag().and_then(|l| l.winner) == Some(seat) => {
                Turn::ChooseBreak
            }
            Phase::BreakSetup if play.player() == seat => Turn::BreakSetup {
                may_move: !self.break_ball_moved && play.can_move_ball(),
            },
            Phase::Aiming if play.player() == seat => Turn::Stroke,
            _ => Turn::Wait,
        }
    }

    /// Both seats have committed and this one has not revealed (a seat that started
    /// again since its commitment reveals by committing to the same lag again).
    fn owes_reveal(&self, seat: usize) -> bool {
        self.lag.commitments.iter().all(Option::is_some) && self.lag.reveals[seat].is_none()
    }

    // ----- what this participant says -----

    fn say(&mut self, channel: Channel, seat: Option<u8>, body: Body) -> u64 {
        self.counter += 1;
        let payload = Payload {
            v: PROTOCOL_VERSION,
            table: self.table,
            from: self.me.public(),
            seat,
            n: self.counter,
            body,
        };
        self.outbox.push((channel, payload.seal(&self.me)));
        self.counter
    }

    /// A move from this participant's seat, applied when the channel brings it back.
    fn move_(&mut self, body: Body) {
        self.move_from(self.my_seat().map(|s| s as u8), body);
    }

    /// A move from `seat` (the host's seating is said from seat 0 before it holds it).
    pub(super) fn move_from(&mut self, seat: Option<u8>, body: Body) {
        self.stroke_in_flight = match &body {
            Body::Stroke { number, .. } | Body::TimedOut { number, .. } => Some(*number),
            _ => None,
        };
        let n = self.say(Channel::Match, seat, body.clone());
        self.in_flight = Some(n);
        self.in_flight_move = Some((seat, body));
    }

    /// Says hello again once the connection is made again (a relay restarted, a network
    /// cut): a player answers it with a snapshot of what the relay may no longer hold,
    /// and, as a newcomer's, this participant waits for it to come back before it
    /// acts; the channel's messages it already applied, replayed to it until then, are
    /// dropped without a note.
    pub fn rejoin(&mut self) {
        self.caught_up = false;
        self.rejoining = true;
        self.say_hello(self.wants_seat);
    }

    fn say_hello(&mut self, wants_seat: bool) {
        self.wants_seat = wants_seat;
        let body = Body::Hello {
            build: format!("carom {}", env!("CARGO_PKG_VERSION")),
            physics: self.physics.clone(),
            name: self.name.clone(),
            wants_seat,
        };
        self.hello = self.say(Channel::Match, None, body);
    }

    /// Tells the table this seat's aim (`stroke`), or only that it is there (None); a
    /// spectator says nothing.
    pub fn say_aim(&mut self, stroke: Option<Stroke>) {
        if let Some(seat) = self.my_seat() {
            self.say(Channel::Aim, Some(seat as u8), Body::Aim { stroke });
        }
    }

    /// Commits to this seat's lag: its ball put at `lag.at`, played with `lag.stroke`;
    /// it is revealed once both commitments are in. (A seat that started again after
    /// committing, and so lost its lag, is asked for it again: the same lag reveals it.)
    pub fn lag(&mut self, lag: LagStroke) -> Result<(), MoveError> {
        let seat = self.my_seat().ok_or(MoveError::NotYourTurn)?;
        if self.turn() != Turn::Lag {
            return Err(MoveError::NotYourTurn);
        }
        let round = self.lag.round;
        let salt = Salt::for_lag(&self.me, self.table, round);
        match self.lag.commitments[seat] {
            None => {
                self.my_lag = Some(lag);
                self.move_(Body::LagCommit {
                    round,
                    commitment: Commitment::to(&lag, &salt),
                });
            }
            Some(c) if c.opens_to(&lag, &salt) => {
                self.my_lag = Some(lag);
                self.reveal_if_due();
            }
            Some(_) => return Err(MoveError::NotTheCommittedLag),
        }
        Ok(())
    }

    /// Reveals this seat's lag once both seats have committed.
    fn reveal_if_due(&mut self) {
        let (Some(seat), Some(lag)) = (self.my_seat(), self.my_lag) else {
            return;
        };
        let lagging = self.play.as_ref().is_some_and(|p| p.phase() == Phase::Lag);
        if !lagging || !self.caught_up || self.in_flight.is_some() || !self.owes_reveal(seat) {
            return;
        }
        let round = self.lag.round;
        let salt = Salt::for_lag(&self.me, self.table, round);
        self.move_(Body::LagReveal { round, lag, salt });
    }

    /// The lag's winner breaks (or passes the break) and plays `ball` (rules 4, 6).
    pub fn choose_break(&mut self, break_it: bool, ball: BallId) -> Result<(), MoveError> {
        self.expect(Turn::ChooseBreak)?;
        self.move_(Body::ChooseBreak { break_it, ball });
        Ok(())
    }

    /// Rule 7: the breaker's ball `offset_m` left (+) of the head spot.
    pub fn move_break_ball(&mut self, offset_m: f64) -> Result<(), MoveError> {
        self.expect(Turn::BreakSetup { may_move: true })?;
        self.move_(Body::BreakBall { offset_m });
        Ok(())
    }

    /// Asks (or agrees) to put the balls back where they were before the last stroke
    /// (rule 22); done once both seats have asked at the same state.
    pub fn ask_restore(&mut self) -> Result<(), MoveError> {
        if !matches!(self.turn(), Turn::Stroke | Turn::Wait)
            || !self.play.as_ref().is_some_and(|p| p.can_restore())
            || self.my_seat().is_none()
        {
            return Err(MoveError::NotYourTurn);
        }
        let before = self.state_hash();
        self.move_(Body::Restore { before });
        Ok(())
    }

    /// Gives the game up.
    pub fn concede(&mut self) -> Result<(), MoveError> {
        if self.my_seat().is_none() || self.is_over() || self.play.is_none() {
            return Err(MoveError::NotYourTurn);
        }
        self.move_(Body::Concede);
        Ok(())
    }

    /// Claims the game by the leaving rule if the other seat has been away past its
    /// grace at `now` (the claim is applied, as every move, when the channel brings it
    /// back); whether it was claimed.
    pub fn claim_if_abandoned(&mut self, now: Instant) -> bool {
        let Some(seat) = self.my_seat() else {
            return false;
        };
        let other = 1 - seat;
        let rule = self.leaving_rule();
        let (Some(away), Some(game)) = (self.away(other, now), self.game_time(now)) else {
            return false;
        };
        let away_s = away.as_secs() as u32;
        if self.is_over() || self.in_flight.is_some() || away_s < rule.grace_s {
            return false;
        }
        let match_s = game.saturating_sub(away).as_secs() as u32;
        self.move_(Body::Abandon {
            away: other as u8,
            match_s,
            away_s,
        });
        true
    }

    /// Says `line` at the table's chat, if its length and this participant's rate
    /// allow it.
    pub fn say_line(&mut self, line: &str, now: Instant) -> Result<(), ChatRefusal> {
        self.chat.speak(line, now)?;
        let seat = self.my_seat().map(|s| s as u8);
        self.say(
            Channel::Aim,
            seat,
            Body::Chat {
                line: line.to_owned(),
            },
        );
        Ok(())
    }

    /// Offers (or accepts) the next game once this one is over.
    pub fn rematch(&mut self) -> Result<(), MoveError> {
        self.expect(Turn::Over)?;
        self.move_(Body::Rematch {
            game: self.game + 1,
        });
        Ok(())
    }

    fn expect(&self, turn: Turn) -> Result<(), MoveError> {
        if self.turn() == turn {
            Ok(())
        } else {
            Err(MoveError::NotYourTurn)
        }
    }
}

/// How `stroke` plays from where the balls stand: to rest, with no paths (the record
/// every side writes and compares).
fn simulate(play: &Play, stroke: Stroke) -> Result<ShotRecord, MoveError> {
    play.predict(stroke, None)
        .ok_or_else(|| MoveError::NoStroke("the lay-out does not take it".to_owned()))
}
