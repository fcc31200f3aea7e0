//! What arrives at an online table: each message of the match's channel applied to the
//! local match in the channel's order, or dropped with a note; newcomers answered with a
//! snapshot, and caught up by one.

use super::*;
use crate::math::DVec2;
use crate::online::message::{MAX_MESSAGE_BYTES, unpack_record};
use crate::online::transport::{Transport, TransportError};

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

impl OnlineTable {
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
        match channel {
            Channel::Match => self.apply(bytes, Came::Live),
            Channel::Aim => self.aim_from(bytes),
            // A table's transport does not subscribe to a lobby.
            Channel::Lobby => {}
        }
        self.seat_a_guest();
        self.reveal_if_due();
        self.record_lag_if_due();
    }

    /// A seat's aim or heartbeat, taken where it is signed by the seat it claims; what
    /// is not is dropped without a note (the aim channel only shows).
    fn aim_from(&mut self, bytes: &[u8]) {
        let Ok(payload) = Payload::open(bytes) else {
            return;
        };
        if matches!(payload.body, Body::Chat { .. }) {
            return self.chat_from(payload);
        }
        let Some(seat) = payload.seat.map(usize::from) else {
            return;
        };
        let holds = self.seats.get(seat).is_some_and(|s| s.key == payload.from);
        if let (true, Body::Aim { stroke }) = (holds && payload.table == self.table, payload.body) {
            self.heard[seat] = Some(Instant::now());
            self.aims[seat] = stroke.filter(|s| s.validate().is_ok());
        }
    }

    /// A line of the table's chat, from anyone whose message is signed; a line
    /// refused (too long, too fast, muted) is simply not shown.
    fn chat_from(&mut self, payload: Payload) {
        let Body::Chat { line } = payload.body else {
            return;
        };
        if payload.table != self.table {
            return;
        }
        let seat = payload.seat.map(usize::from);
        if let Some(seat) =
            seat.filter(|&s| self.seats.get(s).is_some_and(|h| h.key == payload.from))
        {
            self.heard[seat] = Some(Instant::now());
        }
        let name = self
            .seats
            .iter()
            .find(|s| s.key == payload.from)
            .map(|s| s.name.clone())
            .or_else(|| self.names.get(&payload.from).cloned())
            .unwrap_or_else(|| format!("#{}", &payload.from.to_hex()[..6]));
        let _ = self.chat.hear(payload.from, &name, &line, Instant::now());
    }

    /// Ends the game before it is played out: the table and its save say how.
    fn end_early(&mut self, ending: MatchEnding) {
        if let Some(play) = self.play.as_mut() {
            play.end_early(ending.clone());
        }
        self.ending = Some(ending);
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
            // A snapshot's and a deferred message may well have been applied already, and
            // so may the channel's, replayed to a participant that connected again.
            Err(Refusal::Replayed { .. }) if came != Came::Live || self.rejoining => return,
            Err(refusal) => return self.notes.push(Note::Refused(refusal)),
        };
        let ours = payload.from == self.me.public();
        if ours && payload.n == self.hello {
            self.caught_up = true;
            // Connected again, caught up, and the move said before it is not back: the
            // relay lost it. Said again, under a counter past the hello's (which the
            // others' guards now stand at).
            if std::mem::take(&mut self.rejoining)
                && self.in_flight.is_some_and(|n| n < payload.n)
                && let Some((seat, body)) = self.in_flight_move.take()
            {
                self.move_from(seat, body);
            }
        }
        if ours && self.in_flight.is_some_and(|n| payload.n >= n) {
            self.in_flight = None;
            self.in_flight_move = None;
        }
        let seat = payload.seat.map(usize::from);
        if let (Came::Live, Some(seat)) = (came, seat.filter(|&s| s < 2)) {
            self.heard[seat] = Some(Instant::now());
            self.aims[seat] = None;
        }
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
        if self.names.len() < NAMES_KEPT || self.names.contains_key(&from) {
            self.names.insert(from, name.clone());
        }
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
        // (A participant that connected again answers before its own hello is back: the
        // other may be rejoining too, and what it holds is the match so far.)
        if answers && (self.caught_up || self.rejoining) && self.may_answer(from) {
            self.send_snapshot(from);
        }
    }

    /// Whether a snapshot may go to `to` now (and if so, it counts as sent): not again
    /// to the same newcomer within `SNAPSHOT_AGAIN_AFTER`, nor past `SNAPSHOTS_A_MINUTE`.
    fn may_answer(&mut self, to: PublicKey) -> bool {
        let now = Instant::now();
        let minute = Duration::from_secs(60);
        while self
            .snapshots
            .front()
            .is_some_and(|&t| now.duration_since(t) >= minute)
        {
            self.snapshots.pop_front();
        }
        self.answered
            .retain(|_, &mut t| now.duration_since(t) < SNAPSHOT_AGAIN_AFTER);
        if self.answered.contains_key(&to) || self.snapshots.len() >= SNAPSHOTS_A_MINUTE {
            return false;
        }
        self.answered.insert(to, now);
        self.snapshots.push_back(now);
        true
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
        self.move_from(Some(0), Body::Seating { terms, seats });
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
            format: terms.format,
            condition: terms.condition,
            ..MatchSettings::defaults(&self.config, Vec::new())
        };
        if settings
            .match_format(&self.config)
            .is_some_and(|f| f.sets.is_some())
        {
            return Err(Refusal::Terms(
                "a match in sets is not played online yet".to_owned(),
            ));
        }
        if seats.len() != 2 {
            return Err(Refusal::Terms("a table seats two players".to_owned()));
        }
        terms
            .leaving
            .check()
            .map_err(|e| Refusal::Terms(e.to_string()))?;
        settings
            .check(&self.config)
            .map_err(|e| Refusal::Terms(e.to_string()))?;
        self.seats = seats;
        self.settings = Some(settings);
        self.leaving = terms.leaving;
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
        // A seat's game goes into its player's records, kept beside the online saves
        // (`DATA/online` and `DATA/players`); a spectator's into none.
        let records = self
            .save_dir
            .as_ref()
            .and_then(|dir| dir.parent())
            .zip(self.my_seat())
            .map(|(data, seat)| (data.to_owned(), seat));
        self.play = Some(Play::online(&self.config, settings, save_path, records));
        self.lag = LagRound {
            round: self.lag.round + 1,
            ..LagRound::default()
        };
        self.my_lag = None;
        self.break_ball_moved = false;
        self.restore_asks = [None, None];
        self.rematch_offers = [false; 2];
        self.ending = None;
        self.began = Some(Instant::now());
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
        // A stroke (played or timed out) is of the next number, at the table's state.
        let this_state =
            |number: u32, before: &str| match number as usize == judged + 1 && before == hash {
                true => Ok(()),
                false => Err(Refusal::NotThisState { number }),
            };
        match body {
            Body::Concede if !over => {
                self.notes.push(Note::Conceded { seat });
                self.end_early(MatchEnding::Conceded { player: seat });
            }
            // The claimant's clocks are taken as said (signed by its seat): the other
            // seat, away, has no word to give.
            Body::Abandon {
                away,
                match_s,
                away_s,
            } if !over && usize::from(away) == 1 - seat && away_s >= self.leaving.grace_s => {
                let player = 1 - seat;
                let verdict = self.leaving.verdict(match_s);
                self.notes.push(Note::Abandoned {
                    seat: player,
                    verdict,
                    match_s,
                    away_s,
                });
                self.end_early(MatchEnding::Abandoned {
                    player,
                    verdict,
                    match_s,
                    away_s,
                });
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
                self.commands.push(Command::ChooseBreak { break_it, ball });
            }
            Body::BreakBall { offset_m }
                if phase == Phase::BreakSetup
                    && shooting
                    && !self.break_ball_moved
                    && offset_m.is_finite() =>
            {
                self.play_mut().apply(Command::MoveBreakBall(offset_m));
                self.commands.push(Command::MoveBreakBall(offset_m));
                self.break_ball_moved = true;
            }
            Body::Stroke {
                number,
                stroke,
                declared_safety,
                before,
                record,
                thinking_s,
                time_out,
            } if shooting => {
                this_state(number, &before)?;
                let record = unpack_record(&record).map_err(Refusal::Record)?;
                // The shooter's own simulation wrote it.
                if !mine && simulate(play, stroke).ok().as_ref() != Some(&record) {
                    self.notes.push(Note::RecordDiffers { number, seat });
                }
                if thinking_s.is_some_and(|s| !s.is_finite() || s < 0.0) {
                    return Err(Refusal::Terms(format!(
                        "stroke {number}'s thinking time is not a number of seconds"
                    )));
                }
                let played = Command::Played {
                    record: Box::new(record),
                    declared_safety,
                    clock: StrokeTime {
                        thinking_s,
                        time_out,
                    },
                };
                self.judged(number, played)?;
            }
            Body::TimedOut {
                number,
                before,
                thinking_s,
                time_out,
            } if shooting => {
                this_state(number, &before)?;
                let clock = play.clock().map(|c| c.limit_with(time_out));
                // Only a clock the table runs can run out, and not before its limit.
                if !thinking_s.is_finite() || clock.is_none_or(|limit| thinking_s < limit - 0.5) {
                    return Err(Refusal::Terms(format!(
                        "stroke {number} timed out after {thinking_s} s: the table's clock \
                         allows {clock:?} s"
                    )));
                }
                let time = StrokeTime {
                    thinking_s: Some(thinking_s),
                    time_out,
                };
                self.judged(number, Command::TimedOut(time))?;
            }
            Body::LagRecord { round, record }
                if seat == 0 && phase == Phase::LagRolling && round == self.lag.round =>
            {
                let record = unpack_record(&record).map_err(Refusal::Record)?;
                self.lag_played(record)?;
            }
            Body::Restore { before } if before == hash && can_restore => {
                self.restore_asks[seat] = Some(before);
                if self.restore_asks[0] == self.restore_asks[1] {
                    self.play_mut().apply(Command::RestorePositions);
                    self.commands.push(Command::RestorePositions);
                    self.restore_asks = [None, None];
                }
            }
            _ => return Err(Refusal::OutOfTurn),
        }
        Ok(())
    }

    /// A stroke's command (played, or timed out) applied: its verdict read at once
    /// (each side reads the verdict and the spotting on its own).
    fn judged(&mut self, number: u32, command: Command) -> Result<(), Refusal> {
        self.commands.push(command.clone());
        let play = self.play_mut();
        play.apply(command);
        if play.phase() != Phase::Verdict {
            return Err(Refusal::Terms(format!("stroke {number} cannot be judged")));
        }
        while matches!(play.phase(), Phase::Verdict | Phase::Spotting) {
            play.apply(Command::Continue);
        }
        self.restore_asks = [None, None];
        Ok(())
    }

    /// The match, which a move's checks have found.
    fn play_mut(&mut self) -> &mut Play {
        self.play.as_mut().expect("the table is seated")
    }

    /// Both lags revealed: both balls placed and struck at once (rule 5), as every
    /// participant does with the same strokes; the lag then waits for the host's record
    /// of it (`record_lag_if_due`, `lag_played`).
    fn lag_if_revealed(&mut self) {
        let [Some(first), Some(second)] = self.lag.reveals else {
            return;
        };
        let Some(play) = self.play.as_mut() else {
            return;
        };
        for lag in [first, second] {
            for command in [
                Command::PlaceLagBall(DVec2::new(lag.at[0], lag.at[1])),
                Command::LagReady(lag.stroke),
            ] {
                play.apply(command.clone());
                self.commands.push(command);
            }
        }
        self.my_lag = None;
    }

    /// The host, caught up and with nothing on its way, plays a lag that waits for its
    /// record to rest and says the record.
    fn record_lag_if_due(&mut self) {
        let rolling = self
            .play
            .as_ref()
            .is_some_and(|p| p.phase() == Phase::LagRolling);
        if !rolling || self.my_seat() != Some(0) || !self.caught_up || self.in_flight.is_some() {
            return;
        }
        let Some(record) = self.play.as_ref().and_then(lag_to_rest) else {
            return;
        };
        let round = self.lag.round;
        self.move_(Body::LagRecord {
            round,
            record: pack_record(&record),
        });
    }

    /// The host's record of the lag: the lag judged from it, its result read at once; a
    /// lag to be repeated is the next round.
    fn lag_played(&mut self, record: ShotRecord) -> Result<(), Refusal> {
        let play = self.play_mut();
        let played = Command::Played {
            record: Box::new(record),
            declared_safety: false,
            clock: StrokeTime::default(),
        };
        play.apply(played.clone());
        if play.phase() != Phase::LagResult {
            return Err(Refusal::Terms(
                "the lag's record cannot be judged".to_owned(),
            ));
        }
        play.apply(Command::Continue);
        let again = play.phase() == Phase::Lag;
        self.commands.push(played);
        if again {
            self.lag = LagRound {
                round: self.lag.round + 1,
                ..LagRound::default()
            };
        }
        Ok(())
    }
}

/// How often the lag's record samples its balls' paths (the lag is judged from them:
/// a ball that crosses the table's long axis), a second, the most first: few enough
/// that the record fits a message (a long lag takes a slower rate), the same on every
/// side, which all judge the host's record.
const LAG_RECORD_HZ: [f64; 3] = [10.0, 5.0, 2.5];

/// The lag struck at `play` (rolling) played to rest on a table of its own: its record,
/// the laggers' paths sampled (None where its balls cannot be set up again).
fn lag_to_rest(play: &Play) -> Option<ShotRecord> {
    let setups = &play.lag()?.setups;
    let strokes: Vec<Stroke> = setups.iter().filter_map(|s| s.stroke).collect();
    LAG_RECORD_HZ.into_iter().find_map(|hz| {
        let mut sim = crate::physics::TableSim::new(play.config(), play.table().clone());
        sim.place(&play.sim().lay_out()).ok()?;
        sim.strike(&strokes, Some(hz)).ok()?;
        let mut record = sim.run_to_rest();
        record
            .trajectories
            .retain(|ball, _| setups.iter().any(|s| s.ball == *ball));
        // Room for the message's envelope around it.
        (pack_record(&record).len() < MAX_MESSAGE_BYTES * 3 / 4).then_some(record)
    })
}
