//! A table played online, as one participant (a seat or a spectator) holds it: the
//! match's messages applied in the channel's order to a local [`Play`], and what this
//! participant says. Nothing is applied when it is said: every message, one's own
//! included, takes effect when the channel brings it back, so that every participant
//! applies the same messages in the same order and their sheets agree. A participant
//! that starts again (a crash, a restart) rebuilds the match from the channel, or from
//! a player's snapshot where the relay no longer holds it all.

use super::commit::{Commitment, Salt};
use super::identity::{Identity, PublicKey, hex};
use super::inbox::Inbox;
use super::message::{
    Body, JoinCode, LagStroke, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, Payload, SeatHolder, TableId,
    TableTerms, pack_record, unpack_record,
};
use super::refusal::Refusal;
use super::transport::{Channel, Transport, TransportError};
use crate::config::Config;
use crate::math::DVec2;
use crate::play::{Command, MatchSettings, Mode, Phase, Play};
use crate::shot::{BallId, ShotRecord, Stroke};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

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

/// How a message reached `OnlineTable::apply`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Came {
    /// Off the channel.
    Live,
    /// Inside a snapshot.
    InSnapshot,
    /// Off the channel earlier, held until a snapshot told the seating.
    Deferred,
}

/// The lag of the current round: each seat's commitment, then its revealed stroke.
#[derive(Clone, Debug, Default)]
struct LagRound {
    round: u32,
    commitments: [Option<Commitment>; 2],
    reveals: [Option<LagStroke>; 2],
}

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
    /// The counter of our last move not yet back from the channel.
    in_flight: Option<u64>,
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
    conceded: Option<usize>,
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
            in_flight: None,
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
            conceded: None,
            applied: Vec::new(),
            deferred: Vec::new(),
            catching_up: false,
            notes: Vec::new(),
            save_dir,
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

    /// The seat that conceded this game.
    pub fn conceded(&self) -> Option<usize> {
        self.conceded
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

    /// Whether the game is over: played out, or conceded.
    pub fn is_over(&self) -> bool {
        self.conceded.is_some()
            || self
                .play
                .as_ref()
                .is_some_and(|p| p.phase() == Phase::GameOver)
    }

    /// What happened that is not a move, since the last call.
    pub fn take_notes(&mut self) -> Vec<Note> {
        std::mem::take(&mut self.notes)
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
        let seat = self.my_seat().map(|s| s as u8);
        self.stroke_in_flight = match &body {
            Body::Stroke { number, .. } => Some(*number),
            _ => None,
        };
        let n = self.say(Channel::Match, seat, body);
        self.in_flight = Some(n);
    }

    fn say_hello(&mut self, wants_seat: bool) {
        let body = Body::Hello {
            build: format!("carom {}", env!("CARGO_PKG_VERSION")),
            physics: self.physics.clone(),
            name: self.name.clone(),
            wants_seat,
        };
        self.hello = self.say(Channel::Match, None, body);
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

    /// Plays `stroke`: simulated here to rest, and published with its record.
    pub fn strike(&mut self, stroke: Stroke, declared_safety: bool) -> Result<(), MoveError> {
        if !matches!(self.turn(), Turn::Stroke | Turn::BreakSetup { .. }) {
            return Err(MoveError::NotYourTurn);
        }
        let play = self.play.as_ref().ok_or(MoveError::NotYourTurn)?;
        let cue_ball = play.cue_ball();
        if stroke.ball != cue_ball {
            return Err(MoveError::NoStroke(format!(
                "the shooter's cue ball is {cue_ball:?}"
            )));
        }
        let record = simulate(play, stroke)?;
        let body = Body::Stroke {
            number: play.strokes_judged() as u32 + 1,
            stroke,
            declared_safety,
            before: self.state_hash(),
            record: pack_record(&record),
        };
        self.move_(body);
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

    // ----- what arrives -----

    /// One exchange with the table through `transport`: what this participant has to
    /// say published, in order, then what arrived applied. What could not be published
    /// stays to be sent at the next exchange (a relay that says "too fast" is asked
    /// again); the error says why.
    pub fn exchange(&mut self, transport: &mut dyn Transport) -> Result<(), TransportError> {
        let mut outbox = std::mem::take(&mut self.outbox).into_iter();
        let mut failed = None;
        for (channel, bytes) in outbox.by_ref() {
            if let Err(e) = transport.publish(channel, bytes.clone()) {
                self.outbox.push((channel, bytes));
                failed = Some(e);
                break;
            }
        }
        self.outbox.extend(outbox);
        for (channel, bytes) in transport.receive() {
            self.receive(channel, &bytes);
        }
        failed.map_or(Ok(()), Err)
    }

    /// A message off the table's `channel` (aim and heartbeats are for the screens).
    pub fn receive(&mut self, channel: Channel, bytes: &[u8]) {
        if channel == Channel::Match {
            self.apply(bytes, Came::Live);
        }
        self.seat_a_guest();
        self.reveal_if_due();
    }

    /// Applies one message of the match's channel that came as `came`.
    fn apply(&mut self, bytes: &[u8], came: Came) {
        let nested = came == Came::InSnapshot;
        // A snapshot in parts: what comes between them waits for the last.
        if self.catching_up && came == Came::Live {
            let snapshot =
                Payload::open(bytes).is_ok_and(|p| matches!(p.body, Body::Snapshot { .. }));
            if !snapshot {
                self.deferred.push(bytes.to_vec());
                return;
            }
        }
        let payload = match self.inbox.accept(bytes) {
            Ok(payload) => payload,
            Err(Refusal::NotSeated) if self.seats.is_empty() && came == Came::Live => {
                self.deferred.push(bytes.to_vec());
                return;
            }
            // A snapshot's and a deferred message may well have been applied already.
            Err(Refusal::Replayed { .. }) if came != Came::Live => return,
            Err(refusal) => return self.notes.push(Note::Refused(refusal)),
        };
        let ours = payload.from == self.me.public();
        if ours && payload.n == self.hello {
            self.caught_up = true;
        }
        if ours && self.in_flight.is_some_and(|n| payload.n >= n) {
            self.in_flight = None;
        }
        let seat = payload.seat.map(usize::from);
        let applied = match (payload.body, seat) {
            (Body::Hello { .. }, _) | (Body::Snapshot { .. }, _) if nested => {
                Err(Refusal::OutOfTurn)
            }
            (
                Body::Hello {
                    physics,
                    name,
                    wants_seat,
                    ..
                },
                _,
            ) => {
                self.hello_from(payload.from, name, physics, wants_seat, ours);
                return;
            }
            (
                Body::Snapshot {
                    to,
                    part,
                    parts,
                    messages,
                },
                _,
            ) => {
                if to == self.me.public() {
                    self.catch_up(&messages, part >= parts);
                }
                return;
            }
            (Body::Seating { terms, seats }, _) => self.seated(terms, seats),
            (_, None) => Err(Refusal::OutOfTurn),
            (body, Some(seat)) => self.seat_says(seat, body),
        };
        match applied {
            Ok(()) => self.applied.push(bytes.to_vec()),
            Err(refusal) => self.notes.push(Note::Refused(refusal)),
        }
    }

    fn hello_from(
        &mut self,
        from: PublicKey,
        name: String,
        physics: String,
        wants_seat: bool,
        ours: bool,
    ) {
        if ours {
            return;
        }
        if physics != self.physics {
            self.notes.push(Note::PhysicsDiffers {
                name: name.clone(),
                theirs: physics,
                ours: self.physics.clone(),
            });
        }
        if wants_seat && self.seats.is_empty() && self.candidates.iter().all(|c| c.key != from) {
            self.candidates.push(SeatHolder { name, key: from });
        }
        // The first seat that is not the newcomer's own answers, once caught up.
        let answers = self
            .seats
            .iter()
            .position(|s| s.key != from)
            .is_some_and(|seat| Some(seat) == self.my_seat());
        if answers && self.caught_up {
            self.send_snapshot(from);
        }
    }

    /// Every move applied so far, to `to`, in parts that fit a message.
    fn send_snapshot(&mut self, to: PublicKey) {
        // Room for the envelope and the escaping of the messages' own quotes.
        let budget = MAX_MESSAGE_BYTES / 2;
        let mut parts: Vec<Vec<String>> = vec![Vec::new()];
        let mut size = 0;
        for message in &self.applied {
            let text = String::from_utf8_lossy(message).into_owned();
            if size + text.len() > budget && !parts.last().is_some_and(Vec::is_empty) {
                parts.push(Vec::new());
                size = 0;
            }
            size += text.len();
            parts.last_mut().expect("one part at least").push(text);
        }
        let count = parts.len() as u32;
        let seat = self.my_seat().map(|s| s as u8);
        for (i, messages) in parts.into_iter().enumerate() {
            let body = Body::Snapshot {
                to,
                part: i as u32 + 1,
                parts: count,
                messages,
            };
            self.say(Channel::Match, seat, body);
        }
    }

    /// A snapshot's part of moves; after its `last` part, whatever came while this
    /// participant could not apply it.
    fn catch_up(&mut self, messages: &[String], last: bool) {
        self.catching_up = !last;
        for message in messages {
            self.apply(message.as_bytes(), Came::InSnapshot);
        }
        if last && !self.seats.is_empty() {
            for message in std::mem::take(&mut self.deferred) {
                self.apply(&message, Came::Deferred);
            }
        }
    }

    /// The host seats the first guest who asked, once it has caught up (a host that
    /// started again finds its seating in the channel instead).
    fn seat_a_guest(&mut self) {
        if !self.caught_up || !self.seats.is_empty() || self.in_flight.is_some() {
            return;
        }
        let (Some(terms), Some(guest)) = (self.terms.clone(), self.candidates.first().cloned())
        else {
            return;
        };
        let seats = vec![
            SeatHolder {
                name: self.name.clone(),
                key: self.me.public(),
            },
            guest,
        ];
        let n = self.say(Channel::Match, Some(0), Body::Seating { terms, seats });
        self.in_flight = Some(n);
    }

    fn seated(&mut self, terms: TableTerms, seats: Vec<SeatHolder>) -> Result<(), Refusal> {
        if !self.seats.is_empty() {
            return Err(Refusal::OutOfTurn);
        }
        let settings = MatchSettings {
            mode: Mode::Match,
            game: terms.game,
            table: terms.table,
            target: terms.target,
            innings_limit: terms.innings_limit,
            players: seats.iter().map(|s| s.name.clone()).collect(),
            targets: terms.targets,
            ..MatchSettings::defaults(&self.config, Vec::new())
        };
        if seats.len() != 2 {
            return Err(Refusal::Terms("a table seats two players".to_owned()));
        }
        settings
            .check(&self.config)
            .map_err(|e| Refusal::Terms(e.to_string()))?;
        self.seats = seats;
        self.settings = Some(settings);
        self.new_game();
        Ok(())
    }

    /// The next game of the table: its lag (or its break).
    fn new_game(&mut self) {
        let Some(settings) = self.settings.clone() else {
            return;
        };
        self.game += 1;
        let save_path = self
            .save_dir
            .as_ref()
            .map(|dir| dir.join(format!("{}-{}.json", self.table.to_hex(), self.game)));
        self.play = Some(Play::online(&self.config, settings, save_path));
        self.lag = LagRound {
            round: self.lag.round + 1,
            ..LagRound::default()
        };
        self.my_lag = None;
        self.break_ball_moved = false;
        self.restore_asks = [None, None];
        self.rematch_offers = [false; 2];
        self.conceded = None;
    }

    /// A move from `seat`, applied if the table takes it now.
    fn seat_says(&mut self, seat: usize, body: Body) -> Result<(), Refusal> {
        let over = self.is_over();
        let hash = self.state_hash();
        let mine = self.my_seat() == Some(seat);
        let play = self.play.as_ref().ok_or(Refusal::OutOfTurn)?;
        let phase = play.phase();
        let shooting = matches!(phase, Phase::BreakSetup | Phase::Aiming) && play.player() == seat;
        let winner = play.lag().and_then(|l| l.winner);
        let judged = play.strokes_judged();
        let can_restore = play.can_restore() && judged > 0;
        match body {
            Body::Concede if !over => {
                self.conceded = Some(seat);
                self.notes.push(Note::Conceded { seat });
            }
            Body::Rematch { game } if over && game == self.game + 1 => {
                self.rematch_offers[seat] = true;
                if self.rematch_offers.iter().all(|&offered| offered) {
                    self.new_game();
                }
            }
            _ if over => return Err(Refusal::OutOfTurn),
            Body::LagCommit { round, commitment }
                if phase == Phase::Lag
                    && round == self.lag.round
                    && self.lag.commitments[seat].is_none() =>
            {
                self.lag.commitments[seat] = Some(commitment);
            }
            Body::LagReveal { round, lag, salt }
                if phase == Phase::Lag && round == self.lag.round && self.owes_reveal(seat) =>
            {
                let committed = self.lag.commitments[seat].expect("both committed");
                if !committed.opens_to(&lag, &salt) {
                    return Err(Refusal::LagNotAsCommitted { seat });
                }
                if !lag.at.iter().all(|v| v.is_finite()) {
                    return Err(Refusal::Terms("a lag ball off the table".to_owned()));
                }
                self.lag.reveals[seat] = Some(lag);
                self.lag_if_revealed();
            }
            Body::ChooseBreak { break_it, ball }
                if phase == Phase::ChooseBreak && winner == Some(seat) =>
            {
                let play = self.play_mut();
                play.apply(Command::ChooseBreak { break_it, ball });
                if play.phase() == Phase::ChooseBreak {
                    return Err(Refusal::Terms(format!("{ball:?} is not a cue ball")));
                }
            }
            Body::BreakBall { offset_m }
                if phase == Phase::BreakSetup
                    && shooting
                    && !self.break_ball_moved
                    && offset_m.is_finite() =>
            {
                self.play_mut().apply(Command::MoveBreakBall(offset_m));
                self.break_ball_moved = true;
            }
            Body::Stroke {
                number,
                stroke,
                declared_safety,
                before,
                record,
            } if shooting => {
                if number as usize != judged + 1 || before != hash {
                    return Err(Refusal::NotThisState { number });
                }
                let record = unpack_record(&record).map_err(Refusal::Record)?;
                // The shooter's own simulation wrote it.
                if !mine && simulate(play, stroke).ok().as_ref() != Some(&record) {
                    self.notes.push(Note::RecordDiffers { number, seat });
                }
                let play = self.play_mut();
                play.apply(Command::Played {
                    record: Box::new(record),
                    declared_safety,
                });
                if play.phase() != Phase::Verdict {
                    return Err(Refusal::Terms(format!(
                        "stroke {number}'s record cannot be judged"
                    )));
                }
                // Each side reads the verdict and the spotting on its own.
                while matches!(play.phase(), Phase::Verdict | Phase::Spotting) {
                    play.apply(Command::Continue);
                }
                self.restore_asks = [None, None];
            }
            Body::Restore { before } if before == hash && can_restore => {
                self.restore_asks[seat] = Some(before);
                if self.restore_asks[0] == self.restore_asks[1] {
                    self.play_mut().apply(Command::RestorePositions);
                    self.restore_asks = [None, None];
                }
            }
            _ => return Err(Refusal::OutOfTurn),
        }
        Ok(())
    }

    /// The match, which a move's checks have found.
    fn play_mut(&mut self) -> &mut Play {
        self.play.as_mut().expect("the table is seated")
    }

    /// Both lags revealed: both balls placed and struck at once (rule 5), as every
    /// participant does with the same strokes; the result read at once; a lag to be
    /// repeated is the next round.
    fn lag_if_revealed(&mut self) {
        let [Some(first), Some(second)] = self.lag.reveals else {
            return;
        };
        let Some(play) = self.play.as_mut() else {
            return;
        };
        for lag in [first, second] {
            play.apply(Command::PlaceLagBall(DVec2::new(lag.at[0], lag.at[1])));
            play.apply(Command::LagReady(lag.stroke));
        }
        while play.phase() == Phase::LagRolling {
            play.advance(1.0);
        }
        play.apply(Command::Continue);
        if play.phase() == Phase::Lag {
            self.lag = LagRound {
                round: self.lag.round + 1,
                ..LagRound::default()
            };
        }
        self.my_lag = None;
    }
}

/// How `stroke` plays from where the balls stand: to rest, with no paths (the record
/// every side writes and compares).
fn simulate(play: &Play, stroke: Stroke) -> Result<ShotRecord, MoveError> {
    play.predict(stroke, None)
        .ok_or_else(|| MoveError::NoStroke("the lay-out does not take it".to_owned()))
}
